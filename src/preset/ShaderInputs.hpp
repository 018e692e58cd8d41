#pragma once
// The values MilkDrop 2 hands a preset's warp and comp shaders each frame (spec §8.2, include.fx),
// computed without GL so they can be checked by hand: the float4 registers _c0.._c13, q1..q32 as
// _qa.._qh, rand_frame / rand_preset, the 24 rot_* matrices, plus the blur ranges the blur passes
// and GetBlur1..3 share (GetSafeBlurMinMax, spec §4.5).
//
// Sources in MD2 (milkdrop2077/MilkDrop3, code/vis_milk2/): milkdropfs.cpp ApplyShaderParams
// (every register), GetSafeBlurMinMax and BlurPasses (ranges, scale/bias); state.cpp
// RandomizePresetVars (rand_preset and the rot_* seeds, drawn at every preset load); milkdropfs.cpp
// RenderFrame (rand_frame, drawn once per frame).

#include <array>
#include <string_view>

#include "clock/Random.hpp"
#include "preset/FrameState.hpp"

namespace phosphene::preset {

/// A float4x3 as the shader receives it: four rows of three floats (row-major), i.e. the first
/// three columns of MD2's D3DX 4×4 matrix. glUniformMatrix4x3fv(loc, 1, GL_FALSE, m.data()) with
/// the translator's mat4x3 layout (shader::ShaderUniform::matrix).
using Matrix4x3 = std::array<float, 12>;
using Float4 = std::array<float, 4>;

inline constexpr int kRotationSlots = 20;     // rot_s1..4, d1..4, f1..4, vf1..4, uf1..4
inline constexpr int kRotationMatrices = 24;  // ... + rot_rand1..4

/// Per-preset random values, drawn once at load (state.cpp RandomizePresetVars).
struct ShaderPresetRandom {
  Float4 randPreset{};
  struct Slot {
    std::array<float, 3> translate{};  // 2·FRAND − 1 per axis
    std::array<float, 3> base{};       // 6.28·FRAND
    std::array<float, 3> speed{};      // (2·FRAND − 1)·0.9·(k/8)^3.2
  };
  std::array<Slot, kRotationSlots> slots{};

  /// Draws in MD2's order: rand_preset's four, then per slot k = 0..19 translate x,y,z, base x,y,z,
  /// speed x,y,z.
  static ShaderPresetRandom draw(clock::Random& random);
};

/// GetSafeBlurMinMax: blur2 ⊆ blur1, blur3 ⊆ blur2, and a range narrower than 0.1 collapses to
/// avg − 0.05 at both ends (MD2's bug, reproduced: spec §4.5).
struct BlurRanges {
  std::array<float, 3> min{};
  std::array<float, 3> max{};
};
BlurRanges safeBlurRanges(const FrameVars& vars);

/// The scale and bias each blur level's horizontal pass applies (BlurPasses): level 1 packs
/// [min1, max1] into 0..1, level 2 re-packs relative to level 1's packed range, level 3 relative
/// to level 2's. A collapsed range gives a non-finite scale, exactly as in MD2; the renderer
/// never reads such a level's texture back because GetBlurN's range is then 0.
struct BlurPacking {
  std::array<float, 3> scale{};
  std::array<float, 3> bias{};
};
BlurPacking blurPacking(const BlurRanges& ranges);

/// D3DX: Rx(angle x) · Translation(t) · Rz(angle z) · Ry(angle y), row-vector convention, first
/// three columns (ApplyShaderParams).
Matrix4x3 rotationMatrix(const std::array<float, 3>& angles, const std::array<float, 3>& translate);

/// What the shader constants depend on besides the FrameState.
struct ShaderFrameContext {
  int windowWidth = 0, windowHeight = 0;    // MD2 GetWidth/GetHeight: aspect (_c0) and mip (_c12)
  int textureWidth = 0, textureHeight = 0;  // m_nTexSizeX/Y: texsize (_c7)
  double presetStartTime = 0.0;             // FrameInputs::time at which the preset was loaded
  Float4 randFrame{};                       // drawn at the start of the frame
};

struct ShaderConstants {
  Float4 randFrame{};
  Float4 randPreset{};
  std::array<Float4, 14> c{};  // _c0.._c13
  std::array<Float4, 16> q{};  // _qa.._qh (q1..q32), MilkDrop 3's _qi.._qp (q33..q64)
  std::array<Matrix4x3, kRotationMatrices> rot{};
};

/// Every register but rot_rand1..4 (those are drawn per shader application: drawRandomRotations).
ShaderConstants computeShaderConstants(const FrameState& frame, const ShaderPresetRandom& preset,
                                       const ShaderFrameContext& context);

/// rot_rand1..4: fresh random angles 6.28·FRAND per axis (x, y, z) and translation FRAND per
/// axis (0..1), every time a shader is applied.
void drawRandomRotations(ShaderConstants& constants, clock::Random& random);

/// Index of an include.fx rotation name in ShaderConstants::rot ("rot_s1" → 0 … "rot_rand4" → 23),
/// −1 when it is none.
int rotationIndex(std::string_view name);

}  // namespace phosphene::preset
