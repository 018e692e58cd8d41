#pragma once
// The quad one user sprite draws in a frame, as MD2 computes it (vis_milk2/milkdropfs.cpp
// DrawUserSprites), from the values its code left in x, y, sx, sy, rot, flipx, flipy, repeatx,
// repeaty, r, g, b, a, blendmode, done and burn. Plain numbers, no GL.

#include <array>
#include <cstdint>

namespace phosphene::sprite {

/// The sprite variables MD2 registers (texmgr.cpp RegisterBuiltInVariables), outputs only.
struct SpriteOutputs {
  double x = 0.5, y = 0.5, sx = 1.0, sy = 1.0, rot = 0.0;
  double flipx = 0.0, flipy = 0.0, repeatx = 1.0, repeaty = 1.0;
  double r = 1.0, g = 1.0, b = 1.0, a = 1.0;
  double blendmode = 0.0, done = 0.0, burn = 1.0;
};

/// MD2's five blend modes (the table in DrawUserSprites).
enum class SpriteBlend : std::uint8_t {
  Alpha = 0,     // colour = texture × rgb, alpha = a; src·α + dst·(1 − α)
  Decal = 1,     // colour = texture × rgb·a; no blending
  Additive = 2,  // colour = texture × rgb·a; src + dst
  SrcColor = 3,  // colour = texture; src·src + dst·(1 − src)
  ColorKey = 4,  // colour = texture × rgb, alpha = texture alpha × a; src·α + dst·(1 − α)
};

struct SpriteVertex {
  float x = 0.0f, y = 0.0f;  // GL clip space, y up
  float u = 0.0f, v = 0.0f;  // texture space, v = 0 at the image's top row
};

/// One sprite's draw: a triangle strip of 4 vertices.
struct SpriteQuad {
  std::array<SpriteVertex, 4> screen{};     // into the host's target
  std::array<SpriteVertex, 4> burn{};       // into the feedback canvas (when burn)
  std::array<float, 4> colour{1, 1, 1, 1};  // the vertex colour MD2 sets for the blend mode
  SpriteBlend blend = SpriteBlend::Alpha;
  bool burnIn = false;  // burn != 0: also drawn into this frame's canvas
  bool done = false;    // done != 0: removed after this draw
};

/// MD2's quad for `out` with an image of imageW×imageH drawn on a viewW×viewH view.
SpriteQuad spriteQuad(const SpriteOutputs& out, int imageW, int imageH, int viewW, int viewH);

}  // namespace phosphene::sprite
