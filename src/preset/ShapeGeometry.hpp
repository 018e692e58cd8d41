#pragma once
// The triangle fan and border of one custom-shape instance as MD2 draws it (spec §7.2, MD2
// milkdropfs.cpp DrawCustomShapes): a regular polygon with its first rim vertex at 45°, x scaled
// by aspectY, texture coordinates independent of rad, colours wrapped to 8 bits.

#include <vector>

#include "preset/FrameState.hpp"
#include "preset/WarpMesh.hpp"

namespace phosphene::preset {

struct ShapeVertex {
  float x = 0.0f, y = 0.0f;  // clip space, y up
  float u = 0.5f, v = 0.5f;  // canvas UV (v down), used when textured
  Rgba colour;
};

struct ShapeGeometry {
  /// Triangle fan: centre, rim 0..sides−1, then rim 0 again (sides + 2 vertices).
  std::vector<ShapeVertex> fan;
  /// Line strip around the rim (sides + 1 points); empty when border_a ≤ 0.
  std::vector<Vec2> border;
  Rgba borderColour;
};

/// `alphaMultiplier` is 1, or the blend factor during a preset blend. Reuses `out`'s buffers.
void buildShapeGeometry(const ShapeInstance& shape, const AspectFactors& aspect,
                        double alphaMultiplier, ShapeGeometry& out);

}  // namespace phosphene::preset
