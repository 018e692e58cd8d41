#include "render/text/GlyphOutline.hpp"

#include <algorithm>
#include <cmath>

namespace phosphene::render::text {

OutlinedGlyph outlineGlyph(const GlyphImage& glyph, int radius) {
  OutlinedGlyph out;
  if (glyph.width <= 0 || glyph.height <= 0) return out;
  const int r = std::max(radius, 0);
  out.width = glyph.width + 2 * r;
  out.height = glyph.height + 2 * r;
  out.left = glyph.left - r;
  out.top = glyph.top + r;
  out.rg.assign(static_cast<std::size_t>(out.width) * out.height * 2, 0);
  auto coverage = [&](int x, int y) -> int {
    if (x < 0 || y < 0 || x >= glyph.width || y >= glyph.height) return 0;
    return glyph.coverage[static_cast<std::size_t>(y) * glyph.width + x];
  };
  // r² + r takes in the pixels a circle of radius r + ½ touches: at r = 1 the full 3 × 3.
  const int reach = r * r + r;
  for (int y = 0; y < out.height; ++y) {
    for (int x = 0; x < out.width; ++x) {
      const int gx = x - r, gy = y - r;
      int grown = 0;
      for (int dy = -r; dy <= r && grown < 255; ++dy)
        for (int dx = -r; dx <= r; ++dx)
          if (dx * dx + dy * dy <= reach) grown = std::max(grown, coverage(gx + dx, gy + dy));
      std::uint8_t* px = &out.rg[(static_cast<std::size_t>(y) * out.width + x) * 2];
      px[0] = static_cast<std::uint8_t>(coverage(gx, gy));
      px[1] = static_cast<std::uint8_t>(grown);
    }
  }
  return out;
}

int outlineRadiusFor(float pixelHeight) {
  return std::clamp(static_cast<int>(std::lround(pixelHeight / 16.0f)), 1, 4);
}

}  // namespace phosphene::render::text
