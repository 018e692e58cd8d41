#pragma once
// The dark outline that keeps text readable on any picture, made once per glyph on the CPU:
// the glyph's coverage dilated by a few pixels. The atlas stores both as two channels (R: the
// glyph, G: glyph plus outline), so one quad per glyph draws fill and outline together.

#include <cstdint>
#include <vector>

#include "render/text/GlyphSource.hpp"

namespace phosphene::render::text {

/// A glyph image grown by `radius` pixels on every side, two bytes per pixel (fill, outline).
struct OutlinedGlyph {
  int width = 0, height = 0;
  int left = 0, top = 0;  // as GlyphImage, for the grown image
  std::vector<std::uint8_t> rg;
};

/// The outline channel is the maximum coverage within `radius` pixels (a disc, so corners stay
/// round). An empty glyph stays empty (no pixels to grow around).
OutlinedGlyph outlineGlyph(const GlyphImage& glyph, int radius);

/// The outline width for a line height: about 1/16 of it, 1 to 4 pixels.
int outlineRadiusFor(float pixelHeight);

}  // namespace phosphene::render::text
