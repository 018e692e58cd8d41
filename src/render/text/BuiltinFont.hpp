#pragma once
// The font that is always there: printable ASCII (32..126) as a hand-drawn 5 × 9 bitmap,
// scaled by whole pixels to the overlay's size, so an overlay shows text without FreeType and
// without any font file. Everything else is drawn as '?'.

#include <array>
#include <span>
#include <string>

#include "render/text/GlyphSource.hpp"

namespace phosphene::render::text {

inline constexpr const char* kBuiltinFontName = "built-in";

/// One glyph of the bitmap font: up to 9 rows of 5 characters, '#' ink, '.' background; rows
/// left null are empty.
struct BitmapGlyph {
  char ch;
  std::array<const char*, 9> rows;
};
inline constexpr int kBitmapColumns = 5;
inline constexpr int kBitmapRows = 9;
inline constexpr int kBitmapBaselineRow = 7;  // rows above it are above the baseline

/// The table, in ASCII order (BuiltinFontGlyphs.cpp).
std::span<const BitmapGlyph> builtinGlyphs();

class BuiltinFont final : public GlyphSource {
 public:
  /// Line height `pixelHeight`; the bitmap is enlarged by the whole factor nearest to
  /// pixelHeight / 11 (9 rows plus 2 of spacing per line), at least 1 (so below 9 px the glyphs
  /// are taller than a line: still legible, lines overlap).
  explicit BuiltinFont(float pixelHeight);

  const FontMetrics& metrics() const override { return metrics_; }
  bool hasGlyph(char32_t cp) const override;
  std::optional<GlyphImage> rasterize(char32_t cp) override;
  const std::string& name() const override { return name_; }
  int pixelScale() const { return scale_; }

 private:
  FontMetrics metrics_;
  int scale_ = 1;
  std::string name_ = kBuiltinFontName;
};

}  // namespace phosphene::render::text
