#pragma once
// Which font an overlay uses. An explicit path is used or fails (a host that names a font wants
// to hear that it is missing); kBuiltinFontName asks for the bitmap font; no path searches the
// system: fontconfig's best "DejaVu Sans" / sans-serif match, then known locations of DejaVu
// Sans and similar fonts, then the bitmap font, so text always shows.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/Expected.hpp"
#include "render/text/GlyphSource.hpp"

namespace phosphene::render::text {

/// Where the system search looks, as data so tests can give their own.
struct FontSearch {
  /// Font files fontconfig prefers for sans-serif text, best first; empty function (or list)
  /// when fontconfig is not in the build.
  std::function<std::vector<std::string>()> fontconfigMatches;
  /// Tried in order after fontconfig's answers.
  std::vector<std::string> knownPaths;
};

/// fontconfig (when built with it) and the usual DejaVu / Liberation / Noto locations.
FontSearch systemFontSearch();

/// The files a search tries, in order, each once.
std::vector<std::string> fontCandidates(const FontSearch& search);

/// Whether font files can be read at all (FreeType in the build).
bool fontFilesSupported();

/// Opens the font for `requested` (see the top of this file) at `pixelHeight`. An explicit path
/// that is missing or not a font gives IO001 / IO002 and never falls back.
core::Expected<std::unique_ptr<GlyphSource>> openFont(std::string_view requested, float pixelHeight,
                                                      const FontSearch& search);

}  // namespace phosphene::render::text
