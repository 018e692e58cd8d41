#pragma once
// The warp mesh of spec §4.2/§4.3 (MD2 plugin.cpp mesh set-up and milkdropfs.cpp
// ComputeGridAlphaValues), in two steps so the per-vertex equations can run in between:
//   1. buildMeshGeometry: per-vertex positions and the x, y, rad, ang inputs (on resize only);
//   2. computeWarpUv: texture coordinates from the per-vertex OUTPUTS (zoom … sy) in SoA form.
// Arithmetic is single precision like MD2's, so results match it to float rounding.

#include <span>

#include "preset/FrameState.hpp"

namespace phosphene::preset {

/// MD2's aspect factors for a W×H canvas (spec §4.3): the short side spans −1..1 of rad.
struct AspectFactors {
  float aspectX = 1.0f, aspectY = 1.0f;
  float invAspectX = 1.0f, invAspectY = 1.0f;
};
AspectFactors aspectFactors(int canvasWidth, int canvasHeight);

struct MeshSpec {
  int gridX = 48, gridY = 36;  // cells; vertices are (gridX+1)·(gridY+1). Clamped to 1..192/144.
  int canvasWidth = 0, canvasHeight = 0;
  /// A shift of uv and uv_orig by this many texels (u += x/W, v += y/H). MD2 applies D3D9's
  /// half-texel shift (0.5, 0.5); on GL, where pixel centres sit at half-integers already, the
  /// default 0 matches it (spec §4.3 step 8). projectM's "texel offset" setting sets it.
  float texelOffsetX = 0.0f, texelOffsetY = 0.0f;
};

inline constexpr int kMaxGridX = 192;  // MD2 md_defines.h MAX_GRID_X
inline constexpr int kMaxGridY = 144;  // MAX_GRID_Y

/// Fills `out` for `spec`, reusing its buffers. Does nothing and returns false when `out` already
/// holds that exact spec, so it can be called every frame.
bool buildMeshGeometry(const MeshSpec& spec, MeshGeometry& out);

/// The ten motion variables per vertex, one span each. A span holds either one value per vertex
/// or exactly one value used for every vertex (no per-vertex code, or a variable it left alone).
struct VertexMotion {
  std::span<const double> zoom, zoomExp, rot, warp, cx, cy, dx, dy, sx, sy;
};

/// Builds a VertexMotion whose spans all point at the per-frame values in `vars`.
VertexMotion uniformMotion(const FrameVars& vars);

/// Per-frame values the warp reads besides the motion variables.
struct WarpFrameParams {
  double time = 0.0;           // the global time (MD2 GetTime()), not the preset's
  double warpAnimSpeed = 1.0;  // fWarpAnimSpeed (file value)
  double warpScale = 1.0;      // fWarpScale (file value)
};

/// Writes one texture coordinate per vertex into `uv` (resized to the vertex count). Returns false
/// and leaves `uv` untouched when a span's size is neither 1 nor the vertex count.
bool computeWarpUv(const MeshGeometry& geometry, const VertexMotion& motion,
                   const WarpFrameParams& params, std::vector<Vec2>& uv);

}  // namespace phosphene::preset
