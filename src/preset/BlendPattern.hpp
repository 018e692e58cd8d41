#pragma once
// The spatial pattern of a MilkDrop 2 transition (spec §9; vis_milk2/plugin.cpp
// RandomizeBlendPattern and GenPlasma): per warp-mesh vertex a pair (a, c) such that the vertex's
// mix at blend progress p is clamp(a·p + c, 0, 1) — 0 shows the outgoing preset, 1 the incoming.
// For every pattern but the uniform one a = (1 + band)/band and c = (t − 1)/band, with t ∈ [0, 1]
// the vertex's place in the pattern, so at p = 0 every vertex is fully old and at p = 1 fully new,
// and a band of width `band` sweeps across t in between.
//
// Vertex (i, j) is at index j·(gridX+1) + i, row j = 0 at the bottom, as in MeshGeometry (and as
// MD2's m_vertinfo, which follows m_verts). The random draws happen in MD2's order, from the
// engine's seeded source instead of rand().

#include <cstddef>
#include <vector>

#include "clock/Random.hpp"

namespace phosphene::preset {

enum class BlendPatternType {
  Uniform,    // MD2's type 0: everywhere at once; exists, never chosen (half speed for shaders)
  Wipe,       // a straight edge at a random angle
  Plasma,     // midpoint-displacement clouds
  Radial,     // from the edges inwards (MD2's "outside-in")
  InsideOut,  // from the centre outwards
};

struct BlendPattern {
  BlendPatternType type = BlendPatternType::Uniform;
  int gridX = 0, gridY = 0;
  std::vector<float> a, c;  // per vertex

  /// clamp(a·progress + c, 0, 1) at `vertex`.
  float mixAt(std::size_t vertex, float progress) const;
};

/// MD2's random choice: wipe, plasma or radial with equal odds (radial half the time inside-out).
/// `aspectX`/`aspectY` are MD2's m_fAspectX/Y (≤ 1; MeshGeometry::aspectX/Y).
BlendPattern randomBlendPattern(int gridX, int gridY, float aspectX, float aspectY,
                                clock::Random& random);

/// One pattern type, with its own random parameters (tests, golden images, hosts that pick).
BlendPattern makeBlendPattern(BlendPatternType type, int gridX, int gridY, float aspectX,
                              float aspectY, clock::Random& random);

}  // namespace phosphene::preset
