#pragma once
// The motion-vector grid of spec §4.7 (MD2 milkdropfs.cpp DrawMotionVectors and
// ReversePropagatePoint). Each vector starts at a grid point and points to where the warp mesh
// says that point's colour came from, looked up in the mesh texture coordinates that are current
// when the vectors are drawn: the PREVIOUS frame's mesh (vectors are drawn before the warp).

#include <span>

#include "preset/FrameState.hpp"

namespace phosphene::preset {

struct MotionVectorParams {
  double mvX = 12.0, mvY = 9.0, mvDx = 0.0, mvDy = 0.0, mvL = 0.9;
  double r = 1.0, g = 1.0, b = 1.0, a = 1.0;
  int canvasWidth = 0;  // the minimum vector length is one texel, 1/W
};

MotionVectorParams motionVectorParams(const FrameVars& vars, const FrameInputs& inputs);

/// The mesh texture coordinates to look vectors up in. `uv` holds (gridX+1)·(gridY+1) entries in
/// MeshGeometry order (row 0 at the bottom).
struct MeshUvView {
  int gridX = 0, gridY = 0;
  std::span<const Vec2> uv;
};

/// The view of a mesh's current texture coordinates.
MeshUvView meshUvView(const WarpMeshState& mesh);

/// MD2's ReversePropagatePoint: bilinear lookup of the mesh texcoord at grid position (fx, fy),
/// fy used directly as the row fraction although rows run bottom-up, and the result's v flipped
/// (1 − tv), literally as MD2 does. False when the point is outside the mesh (MD2 would leave the
/// result uninitialised; callers skip the vector).
bool reversePropagatePoint(const MeshUvView& mesh, float fx, float fy, float& fx2, float& fy2);

/// Writes the line list and colour into `out` (segments cleared first; empty when mv_a < 0.001
/// or the grid is empty). With an empty or mismatched mesh view, the identity mapping is used
/// (every vector gets the minimum length), which is what a first frame sees.
void buildMotionVectors(const MotionVectorParams& params, const MeshUvView& previousMesh,
                        MotionVectorState& out);

}  // namespace phosphene::preset
