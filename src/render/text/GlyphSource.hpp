#pragma once
// Where glyph images come from: a font file through FreeType or the built-in bitmap font. The
// atlas asks for one glyph at a time, the first time a character is drawn or measured.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace phosphene::render::text {

/// Vertical metrics of the font at the overlay's pixel height (y down, pixels).
struct FontMetrics {
  float ascent = 0;      // from the top of a line to the baseline
  float lineHeight = 0;  // baseline to baseline (ascent + descent + gap)
};

/// One rasterised glyph: 8-bit coverage, top row first, `width` bytes per row.
struct GlyphImage {
  int width = 0, height = 0;
  int left = 0;  // from the pen position to the left column
  int top = 0;   // from the baseline up to the top row
  float advance = 0;
  std::vector<std::uint8_t> coverage;
};

class GlyphSource {
 public:
  virtual ~GlyphSource() = default;
  virtual const FontMetrics& metrics() const = 0;
  /// Whether the font draws this character itself (else the overlay draws '?').
  virtual bool hasGlyph(char32_t cp) const = 0;
  /// The glyph of `cp` (hasGlyph(cp) is true); nullopt when rasterising fails.
  virtual std::optional<GlyphImage> rasterize(char32_t cp) = 0;
  /// The font file, or kBuiltinFontName.
  virtual const std::string& name() const = 0;
};

}  // namespace phosphene::render::text
