#pragma once
// Geometry of MD2's "sprites" pass (spec §4.6, MD2 milkdropfs.cpp DrawSprites), drawn into the
// canvas after the waves: the darken-centre spot and the outer and inner borders. All of it is
// alpha-blended (src·α + dst·(1 − α)).

#include <array>

#include "preset/FrameState.hpp"
#include "preset/WarpMesh.hpp"

namespace phosphene::preset {

/// One border: four trapezoids (triangle fans of 4 corners) that meet at mitred corners, so no
/// pixel is covered twice. The first is the right-hand band; each next one is turned 90°.
struct BorderBand {
  bool visible = false;  // alpha > 0.001
  Rgba colour;
  std::array<std::array<Vec2, 4>, 4> quads{};
};

struct SpriteGeometry {
  bool darkenCentre = false;
  /// Triangle fan: centre (black, alpha 3/32) then a diamond of half-size 0.05 (x × aspectY) with
  /// alpha 0, closed by repeating its first rim vertex.
  std::array<WavePoint, 6> centreFan{};
  BorderBand outer, inner;
};

void buildSpriteGeometry(const FrameVars& vars, const AspectFactors& aspect, SpriteGeometry& out);

}  // namespace phosphene::preset
