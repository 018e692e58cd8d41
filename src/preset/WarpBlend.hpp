#pragma once
// Warp-mesh blending between two presets (spec §9, MD2 milkdropfs.cpp ComputeGridAlphaValues):
// per vertex mix = clamp(a·progress + c, 0, 1) from the blend pattern's (a, c); the texcoords
// become new·mix + old·(1 − mix) and the vertex alpha becomes mix (quantised to 8 bits, as MD2
// stores it in the Diffuse alpha byte).

#include <span>
#include <vector>

#include "preset/FrameState.hpp"

namespace phosphene::preset {

/// `uv` holds the NEW preset's texcoords on entry and the blended ones on return; `alpha` gets
/// the per-vertex mix. `patternA`/`patternC` are per vertex (RandomizeBlendPattern). Returns
/// false, changing nothing, when the sizes disagree.
bool blendWarpUv(std::vector<Vec2>& uv, std::span<const Vec2> oldUv,
                 std::span<const float> patternA, std::span<const float> patternC, float progress,
                 std::vector<float>& alpha);

}  // namespace phosphene::preset
