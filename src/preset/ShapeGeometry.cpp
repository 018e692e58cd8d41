#include "preset/ShapeGeometry.hpp"

#include <algorithm>
#include <cmath>

#include "preset/D3dColor.hpp"

namespace phosphene::preset {

namespace {
constexpr float kPi = 3.1415927f;  // MD2's literal
}

void buildShapeGeometry(const ShapeInstance& s, const AspectFactors& aspect, double alphaMultiplier,
                        ShapeGeometry& out) {
  // The runtime already clamped to the preset's limit (100 in MD2, 500 in MilkDrop 3).
  const int sides = std::clamp(s.sides, 3, 500);
  const Rgba centreColour{d3dChannel(s.r), d3dChannel(s.g), d3dChannel(s.b),
                          d3dChannel(s.a * alphaMultiplier)};
  const Rgba rimColour{d3dChannel(s.r2), d3dChannel(s.g2), d3dChannel(s.b2),
                       d3dChannel(s.a2 * alphaMultiplier)};
  // MD2 works in its y-down 2-D space; yDown values are negated on output.
  const float cx = static_cast<float>(s.x * 2 - 1);
  const float cyDown = static_cast<float>(s.y * -2 + 1);
  const float rad = static_cast<float>(s.rad);
  const float ang = static_cast<float>(s.ang);
  const float texAng = static_cast<float>(s.texAng);
  const float texZoom = static_cast<float>(s.texZoom);

  out.fan.resize(static_cast<std::size_t>(sides) + 2);
  out.fan[0] = {cx, -cyDown, 0.5f, 0.5f, centreColour};
  for (int j = 1; j <= sides; ++j) {
    const float t = static_cast<float>(j - 1) / static_cast<float>(sides);
    const float a = t * kPi * 2 + ang + kPi * 0.25f;
    const float ta = t * kPi * 2 + texAng + kPi * 0.25f;
    const float x = cx + rad * std::cos(a) * aspect.aspectY;
    const float yDown = cyDown + rad * std::sin(a);
    const float u = 0.5f + 0.5f * std::cos(ta) / texZoom * aspect.aspectY;
    const float v = 0.5f + 0.5f * std::sin(ta) / texZoom;
    out.fan[static_cast<std::size_t>(j)] = {x, -yDown, u, v, rimColour};
  }
  out.fan[static_cast<std::size_t>(sides) + 1] = out.fan[1];

  out.border.clear();
  out.borderColour = {d3dChannel(s.borderR), d3dChannel(s.borderG), d3dChannel(s.borderB),
                      d3dChannel(s.borderA * alphaMultiplier)};
  if (s.borderA > 0) {
    for (int j = 1; j <= sides + 1; ++j) {
      const auto& f = out.fan[static_cast<std::size_t>(j)];
      out.border.push_back({f.x, f.y});
    }
  }
}

}  // namespace phosphene::preset
