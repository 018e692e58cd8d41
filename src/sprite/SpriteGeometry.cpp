// Every step below is a step of milkdropfs.cpp DrawUserSprites, in its order; the clamps are its
// min/max calls. MD2 draws with D3DXMatrixOrthoLH(2, -2) as projection (support.cpp), so its y
// runs down the screen: here the last step negates y for GL.
#include "sprite/SpriteGeometry.hpp"

#include <algorithm>
#include <cmath>

namespace phosphene::sprite {
namespace {

/// MD2's min(hi, max(lo, v)) on floats: a NaN passes through (the quad is then not drawn).
float clampLikeMd2(double v, float lo, float hi) {
  const auto f = static_cast<float>(v);
  const float low = lo > f ? lo : f;
  return hi < low ? hi : low;
}

/// D3DCOLOR_RGBA_01 keeps 8 bits per channel, truncated ((int)(c·255)); c is already in [0, 1].
float colourByte(float c) {
  return std::floor(c * 255.0f) / 255.0f;
}

}  // namespace

SpriteQuad spriteQuad(const SpriteOutputs& o, int imageW, int imageH, int viewW, int viewH) {
  SpriteQuad q;
  const float x = clampLikeMd2(o.x * 2.0 - 1.0, -1000.0f, 1000.0f);
  const float y = clampLikeMd2(o.y * 2.0 - 1.0, -1000.0f, 1000.0f);
  const float sx = clampLikeMd2(o.sx, -1000.0f, 1000.0f);
  const float sy = clampLikeMd2(o.sy, -1000.0f, 1000.0f);
  const auto rot = static_cast<float>(o.rot);
  const int flipx = o.flipx == 0.0 ? 0 : 1;
  const int flipy = o.flipy == 0.0 ? 0 : 1;
  const float repeatx = clampLikeMd2(o.repeatx, 0.01f, 100.0f);
  const float repeaty = clampLikeMd2(o.repeaty, 0.01f, 100.0f);
  // (int) of a NaN or huge value is INT_MIN on MD2's x86 build, clamped to 0; C++ leaves it
  // undefined, so such values are mapped to 0 first.
  const int mode = std::isfinite(o.blendmode) && std::fabs(o.blendmode) < 1e9
                       ? std::clamp(static_cast<int>(o.blendmode), 0, 4)
                       : 0;
  const float r = clampLikeMd2(o.r, 0.0f, 1.0f), g = clampLikeMd2(o.g, 0.0f, 1.0f);
  const float b = clampLikeMd2(o.b, 0.0f, 1.0f), a = clampLikeMd2(o.a, 0.0f, 1.0f);
  q.done = o.done != 0.0;
  q.burnIn = o.burn != 0.0;
  q.blend = static_cast<SpriteBlend>(mode);

  // Corners of the strip: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right (MD2's y down);
  // a flip swaps the corners' positions, not their texture coordinates.
  std::array<float, 4> vx{}, vy{};
  vx[static_cast<std::size_t>(0 + flipx)] = -sx;
  vx[static_cast<std::size_t>(1 - flipx)] = sx;
  vx[static_cast<std::size_t>(2 + flipx)] = -sx;
  vx[static_cast<std::size_t>(3 - flipx)] = sx;
  vy[static_cast<std::size_t>(0 + flipy * 2)] = -sy;
  vy[static_cast<std::size_t>(1 + flipy * 2)] = -sy;
  vy[static_cast<std::size_t>(2 - flipy * 2)] = sy;
  vy[static_cast<std::size_t>(3 - flipy * 2)] = sy;

  // First aspect ratio: a wide image is squashed vertically, a tall one narrowed.
  const float imageAspect =
      imageW > 0 ? static_cast<float>(imageH) / static_cast<float>(imageW) : 1.0f;
  for (std::size_t k = 0; k < 4; ++k) {
    if (imageAspect < 1.0f)
      vy[k] *= imageAspect;
    else
      vx[k] /= imageAspect;
  }
  // Rotation, then translation.
  const float c = std::cos(rot), s = std::sin(rot);
  for (std::size_t k = 0; k < 4; ++k) {
    const float x2 = vx[k] * c - vy[k] * s;
    const float y2 = vx[k] * s + vy[k] * c;
    vx[k] = x2 + x;
    vy[k] = y2 + y;
  }
  // Second aspect ratio, after the translation (so it scales the position too, as in MD2).
  const float viewAspect = viewH > 0 ? static_cast<float>(viewW) / static_cast<float>(viewH) : 1.0f;
  for (std::size_t k = 0; k < 4; ++k) {
    if (viewAspect > 1.0f)
      vy[k] *= viewAspect;
    else
      vx[k] /= viewAspect;
  }
  // Texture coordinates: ±0.5 around the centre, times repeat (wrap addressing repeats them).
  constexpr std::array<float, 4> tu{-0.5f, 0.5f, -0.5f, 0.5f};
  constexpr std::array<float, 4> tv{-0.5f, -0.5f, 0.5f, 0.5f};
  // Third aspect ratio, only for the burn draw of a sprite that is done: MD2 fitted the final
  // burn-in to a 4:3 canvas and undoes it again before drawing to the screen.
  const float burnAspect =
      viewH > 0 ? static_cast<float>(viewW) / (static_cast<float>(viewH) * 4.0f / 3.0f) : 1.0f;
  for (std::size_t k = 0; k < 4; ++k) {
    SpriteVertex v{vx[k], -vy[k], tu[k] * repeatx + 0.5f, tv[k] * repeaty + 0.5f};
    q.screen[k] = v;
    if (q.done && q.burnIn) {
      if (burnAspect < 1.0f)
        v.x *= burnAspect;
      else
        v.y /= burnAspect;
    }
    q.burn[k] = v;
  }
  switch (q.blend) {
    case SpriteBlend::Alpha:
    case SpriteBlend::ColorKey:
      q.colour = {r, g, b, a};
      break;
    case SpriteBlend::Decal:
    case SpriteBlend::Additive:
      q.colour = {r * a, g * a, b * a, 1.0f};
      break;
    case SpriteBlend::SrcColor:
      q.colour = {1.0f, 1.0f, 1.0f, 1.0f};
      break;
  }
  for (float& ch : q.colour) ch = colourByte(ch);
  return q;
}

}  // namespace phosphene::sprite
