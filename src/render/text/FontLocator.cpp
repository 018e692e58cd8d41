#include "render/text/FontLocator.hpp"

#include <algorithm>

#include "render/text/BuiltinFont.hpp"

#if PHOSPHENE_HAVE_FREETYPE
#include "render/text/FreeTypeFont.hpp"
#endif
#if PHOSPHENE_HAVE_FONTCONFIG
#include <fontconfig/fontconfig.h>
#endif

namespace phosphene::render::text {
namespace {

#if PHOSPHENE_HAVE_FONTCONFIG
template <typename T, void (*Destroy)(T*)>
struct FcDeleter {
  void operator()(T* p) const { Destroy(p); }
};
using FcConfigPtr = std::unique_ptr<FcConfig, FcDeleter<FcConfig, FcConfigDestroy>>;
using FcPatternPtr = std::unique_ptr<FcPattern, FcDeleter<FcPattern, FcPatternDestroy>>;
using FcFontSetPtr = std::unique_ptr<FcFontSet, FcDeleter<FcFontSet, FcFontSetDestroy>>;

// A private configuration (not FcInit's process-wide one), freed when done: no global state.
std::vector<std::string> askFontconfig() {
  std::vector<std::string> files;
  const FcConfigPtr config(FcInitLoadConfigAndFonts());
  if (!config) return files;
  const FcPatternPtr pattern(FcPatternCreate());
  if (!pattern) return files;
  // Families in order of preference; fontconfig's substitution adds its own sans-serif list.
  FcPatternAddString(pattern.get(), FC_FAMILY, reinterpret_cast<const FcChar8*>("DejaVu Sans"));
  FcPatternAddString(pattern.get(), FC_FAMILY, reinterpret_cast<const FcChar8*>("sans-serif"));
  FcPatternAddInteger(pattern.get(), FC_WEIGHT, FC_WEIGHT_REGULAR);
  FcPatternAddInteger(pattern.get(), FC_SLANT, FC_SLANT_ROMAN);
  FcPatternAddBool(pattern.get(), FC_SCALABLE, FcTrue);
  FcConfigSubstitute(config.get(), pattern.get(), FcMatchPattern);
  FcDefaultSubstitute(pattern.get());
  FcResult result = FcResultNoMatch;
  const FcFontSetPtr sorted(FcFontSort(config.get(), pattern.get(), FcFalse, nullptr, &result));
  if (!sorted) return files;
  // The first few: enough to get past a broken file, not the whole system's list.
  for (int i = 0; i < sorted->nfont && files.size() < 4; ++i) {
    FcChar8* file = nullptr;
    FcBool scalable = FcFalse;
    if (FcPatternGetString(sorted->fonts[i], FC_FILE, 0, &file) != FcResultMatch) continue;
    if (FcPatternGetBool(sorted->fonts[i], FC_SCALABLE, 0, &scalable) == FcResultMatch && !scalable)
      continue;
    files.emplace_back(reinterpret_cast<const char*>(file));
  }
  return files;
}
#endif

core::Expected<std::unique_ptr<GlyphSource>> openFile(const std::string& path, float pixelHeight) {
#if PHOSPHENE_HAVE_FREETYPE
  auto font = FreeTypeFont::open(path, pixelHeight);
  if (!font) return std::move(font.diagnostics());
  return std::unique_ptr<GlyphSource>(std::move(*font));
#else
  (void)pixelHeight;
  return core::makeDiagnostic(core::DiagnosticId::IoReadFailed,
                              "font '" + path +
                                  "': this build of Phosphene has no FreeType and reads no font "
                                  "files (use \"" +
                                  kBuiltinFontName + "\" or no font path)",
                              "font");
#endif
}

}  // namespace

FontSearch systemFontSearch() {
  FontSearch search;
#if PHOSPHENE_HAVE_FONTCONFIG
  search.fontconfigMatches = askFontconfig;
#endif
  search.knownPaths = {
      "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",    // Debian, Ubuntu
      "/usr/share/fonts/TTF/DejaVuSans.ttf",                // Arch
      "/usr/share/fonts/dejavu/DejaVuSans.ttf",             // Fedora (older)
      "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",  // Fedora
      "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
      "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
      "/usr/local/share/fonts/DejaVuSans.ttf",
      "/System/Library/Fonts/Supplemental/Arial.ttf",  // macOS
      "C:/Windows/Fonts/arial.ttf",
  };
  return search;
}

std::vector<std::string> fontCandidates(const FontSearch& search) {
  std::vector<std::string> out;
  if (search.fontconfigMatches) out = search.fontconfigMatches();
  for (const std::string& path : search.knownPaths)
    if (std::find(out.begin(), out.end(), path) == out.end()) out.push_back(path);
  out.erase(std::remove(out.begin(), out.end(), std::string()), out.end());
  return out;
}

bool fontFilesSupported() {
  return PHOSPHENE_HAVE_FREETYPE != 0;
}

core::Expected<std::unique_ptr<GlyphSource>> openFont(std::string_view requested, float pixelHeight,
                                                      const FontSearch& search) {
  if (requested == kBuiltinFontName)
    return std::unique_ptr<GlyphSource>(std::make_unique<BuiltinFont>(pixelHeight));
  if (!requested.empty()) return openFile(std::string(requested), pixelHeight);
  if (fontFilesSupported()) {
    for (const std::string& path : fontCandidates(search)) {
      auto font = openFile(path, pixelHeight);
      if (font) return font;  // a missing or broken candidate just means: try the next
    }
  }
  return std::unique_ptr<GlyphSource>(std::make_unique<BuiltinFont>(pixelHeight));
}

}  // namespace phosphene::render::text
