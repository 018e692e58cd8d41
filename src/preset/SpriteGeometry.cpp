#include "preset/SpriteGeometry.hpp"

#include <cmath>

#include "preset/D3dColor.hpp"

namespace phosphene::preset {

namespace {

void buildBand(float innerRad, float outerRad, double r, double g, double b, double a,
               BorderBand& band) {
  band.visible = static_cast<float>(a) > 0.001f;
  band.colour = {d3dChannel(static_cast<float>(r)), d3dChannel(static_cast<float>(g)),
                 d3dChannel(static_cast<float>(b)), d3dChannel(static_cast<float>(a))};
  std::array<Vec2, 4> q{Vec2{innerRad, innerRad}, Vec2{outerRad, outerRad},
                        Vec2{outerRad, -outerRad}, Vec2{innerRad, -innerRad}};
  // MD2 turns the quad with cosf/sinf of 1.570796327f (not exactly 0 and 1); kept literally. The
  // set of four bands is symmetric, so MD2's y-down space and clip space give the same bands.
  const float t = 1.570796327f;
  const float c = std::cos(t), s = std::sin(t);
  for (auto& quad : band.quads) {
    quad = q;
    for (auto& p : q) p = {p.x * c - p.y * s, p.x * s + p.y * c};
  }
}

}  // namespace

void buildSpriteGeometry(const FrameVars& v, const AspectFactors& aspect, SpriteGeometry& out) {
  out.darkenCentre = v.darkenCenter != 0.0;
  const float half = 0.05f;
  const Rgba dark{0.0f, 0.0f, 0.0f, d3dChannel(3.0f / 32.0f)};
  const Rgba clear{0.0f, 0.0f, 0.0f, 0.0f};
  out.centreFan = {WavePoint{0.0f, 0.0f, dark},
                   WavePoint{-half * aspect.aspectY, 0.0f, clear},
                   WavePoint{0.0f, half, clear},  // MD2's −half in its y-down space
                   WavePoint{half * aspect.aspectY, 0.0f, clear},
                   WavePoint{0.0f, -half, clear},
                   WavePoint{-half * aspect.aspectY, 0.0f, clear}};

  const float ob = static_cast<float>(v.obSize);
  const float ib = static_cast<float>(v.ibSize);
  buildBand(1.0f - ob, 1.0f, v.obR, v.obG, v.obB, v.obA, out.outer);
  buildBand(1.0f - ob - ib, 1.0f - ob, v.ibR, v.ibG, v.ibB, v.ibA, out.inner);
}

}  // namespace phosphene::preset
