#include "render/text/BuiltinFont.hpp"

#include <algorithm>
#include <cmath>

namespace phosphene::render::text {
namespace {

constexpr char32_t kFirst = 32, kLast = 126;
constexpr int kCellRows = kBitmapRows + 2;  // one row above, one below: lines do not touch

const BitmapGlyph* find(char32_t cp) {
  if (cp < kFirst || cp > kLast) return nullptr;
  const auto glyphs = builtinGlyphs();
  const std::size_t index = cp - kFirst;
  // The table is in ASCII order; the check keeps a mistake in it from drawing the wrong letter.
  if (index < glyphs.size() && static_cast<char32_t>(glyphs[index].ch) == cp) return &glyphs[index];
  return nullptr;
}

}  // namespace

BuiltinFont::BuiltinFont(float pixelHeight)
    : scale_(std::max(1, static_cast<int>(std::lround(pixelHeight / kCellRows)))) {
  metrics_.lineHeight = pixelHeight;
  // The baseline sits where it would in the cell (1 spacing row + 7 rows), scaled to the line.
  metrics_.ascent = std::round(pixelHeight * (1 + kBitmapBaselineRow) / kCellRows);
}

bool BuiltinFont::hasGlyph(char32_t cp) const {
  return find(cp) != nullptr;
}

std::optional<GlyphImage> BuiltinFont::rasterize(char32_t cp) {
  const BitmapGlyph* glyph = find(cp);
  if (glyph == nullptr) return std::nullopt;
  GlyphImage image;
  image.advance = static_cast<float>((kBitmapColumns + 1) * scale_);
  image.left = 0;
  image.top = kBitmapBaselineRow * scale_;
  if (cp == U' ') return image;  // nothing to draw, only the advance
  image.width = kBitmapColumns * scale_;
  image.height = kBitmapRows * scale_;
  image.coverage.assign(static_cast<std::size_t>(image.width) * image.height, 0);
  for (int row = 0; row < kBitmapRows; ++row) {
    const char* bits = glyph->rows[static_cast<std::size_t>(row)];
    if (bits == nullptr) continue;
    for (int col = 0; col < kBitmapColumns && bits[col] != '\0'; ++col) {
      if (bits[col] != '#') continue;
      for (int dy = 0; dy < scale_; ++dy)
        for (int dx = 0; dx < scale_; ++dx)
          image.coverage[static_cast<std::size_t>(row * scale_ + dy) * image.width +
                         static_cast<std::size_t>(col * scale_ + dx)] = 255;
    }
  }
  return image;
}

}  // namespace phosphene::render::text
