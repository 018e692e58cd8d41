// preset::ShaderInputs and preset::CompositeGrid against hand-computed values. Facts from MD2
// (milkdrop2077/MilkDrop3, code/vis_milk2/): milkdropfs.cpp ApplyShaderParams, GetSafeBlurMinMax,
// BlurPasses, UvToMathSpace, ShowToUser_Shaders; state.cpp RandomizePresetVars; plugin.cpp
// AllocateMyDX9Stuff (composite grid) and SquishToCenter.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "preset/CompositeGrid.hpp"
#include "preset/ShaderInputs.hpp"

namespace phosphene::preset {
namespace {

FrameVars blurVars(std::array<double, 3> mn, std::array<double, 3> mx) {
  FrameVars v;
  v.blurMin = mn;
  v.blurMax = mx;
  return v;
}

TEST(ShaderInputs, SafeBlurRangesKeepDefaults) {
  const BlurRanges r = safeBlurRanges(blurVars({0, 0, 0}, {1, 1, 1}));
  for (int i = 0; i < 3; ++i) {
    EXPECT_FLOAT_EQ(r.min[i], 0.0f);
    EXPECT_FLOAT_EQ(r.max[i], 1.0f);
  }
}

// GetSafeBlurMinMax: blur2 ⊆ blur1 and blur3 ⊆ blur2.
TEST(ShaderInputs, SafeBlurRangesNestTheLevels) {
  const BlurRanges r = safeBlurRanges(blurVars({0.2, -0.5, 0.3}, {0.8, 2.0, 0.5}));
  EXPECT_FLOAT_EQ(r.min[1], 0.2f);
  EXPECT_FLOAT_EQ(r.max[1], 0.8f);
  EXPECT_FLOAT_EQ(r.min[2], 0.3f);
  EXPECT_FLOAT_EQ(r.max[2], 0.5f);
}

// GetSafeBlurMinMax: a range under 0.1 collapses to avg − 0.05 at BOTH ends (MD2 bug).
TEST(ShaderInputs, NarrowBlurRangeCollapsesAsInMilkDrop) {
  const BlurRanges r = safeBlurRanges(blurVars({0.5, 0, 0}, {0.55, 1, 1}));
  EXPECT_FLOAT_EQ(r.min[0], 0.475f);
  EXPECT_FLOAT_EQ(r.max[0], 0.475f);
  // blur2 then nests into the collapsed range and collapses too.
  EXPECT_FLOAT_EQ(r.min[1], 0.425f);
  EXPECT_FLOAT_EQ(r.max[1], 0.425f);
}

// BlurPasses: level 1 packs [min1, max1]; level 2 re-packs relative to level 1's packed range.
TEST(ShaderInputs, BlurPackingPerLevel) {
  const BlurRanges r = safeBlurRanges(blurVars({0.2, 0.3, 0.4}, {0.8, 0.7, 0.6}));
  const BlurPacking p = blurPacking(r);
  EXPECT_NEAR(p.scale[0], 1.0 / 0.6, 1e-5);
  EXPECT_NEAR(p.bias[0], -0.2 / 0.6, 1e-5);
  // lo = (0.3 − 0.2)/0.6 = 1/6, hi = (0.7 − 0.2)/0.6 = 5/6 → scale 1.5, bias −0.25.
  EXPECT_NEAR(p.scale[1], 1.5, 1e-5);
  EXPECT_NEAR(p.bias[1], -0.25, 1e-5);
  // lo = (0.4 − 0.3)/0.4 = 0.25, hi = 0.75 → scale 2, bias −0.5.
  EXPECT_NEAR(p.scale[2], 2.0, 1e-5);
  EXPECT_NEAR(p.bias[2], -0.5, 1e-5);
}

TEST(ShaderInputs, RegistersFromTheFrame) {
  FrameState f;
  f.inputs.time = 12.5;
  f.inputs.fps = 30.0;
  f.inputs.frame = 375;
  f.inputs.progress = 0.25;
  f.inputs.bass = 1.5, f.inputs.mid = 0.5, f.inputs.treb = 0.9;
  f.inputs.bassAtt = 1.2, f.inputs.midAtt = 0.8, f.inputs.trebAtt = 0.6;
  f.vars = blurVars({0.1, 0.2, 0.3}, {0.9, 0.8, 0.7});
  for (int i = 0; i < 64; ++i) f.vars.q[static_cast<std::size_t>(i)] = i + 1;
  ShaderPresetRandom preset;
  preset.randPreset = {0.1f, 0.2f, 0.3f, 0.4f};
  ShaderFrameContext ctx{640, 480, 640, 480, 2.5, {0.5f, 0.6f, 0.7f, 0.8f}};
  const ShaderConstants k = computeShaderConstants(f, preset, ctx);

  EXPECT_EQ(k.randFrame, ctx.randFrame);
  EXPECT_EQ(k.randPreset, preset.randPreset);
  // _c0 landscape: (1, H/W, 1, W/H).
  EXPECT_FLOAT_EQ(k.c[0][0], 1.0f);
  EXPECT_FLOAT_EQ(k.c[0][1], 0.75f);
  EXPECT_FLOAT_EQ(k.c[0][3], 640.0f / 480.0f);
  EXPECT_EQ(k.c[1], (Float4{0, 0, 0, 0}));
  // _c2.x: seconds since the preset started (12.5 − 2.5).
  EXPECT_FLOAT_EQ(k.c[2][0], 10.0f);
  EXPECT_FLOAT_EQ(k.c[2][1], 30.0f);
  EXPECT_FLOAT_EQ(k.c[2][2], 375.0f);
  EXPECT_FLOAT_EQ(k.c[2][3], 0.25f);
  // vol = 0.3333f*(bass, mid, treb): the comma operator leaves treb (MD2 bug).
  EXPECT_FLOAT_EQ(k.c[3][3], 0.3333f * 0.9f);
  EXPECT_FLOAT_EQ(k.c[4][3], 0.3333f * 0.6f);
  EXPECT_FLOAT_EQ(k.c[3][0], 1.5f);
  EXPECT_FLOAT_EQ(k.c[4][1], 0.8f);
  // _c5 = (max1 − min1, min1, max2 − min2, min2); _c6 = (max3 − min3, min3, min1, max1).
  EXPECT_NEAR(k.c[5][0], 0.8, 1e-6);
  EXPECT_NEAR(k.c[5][1], 0.1, 1e-6);
  EXPECT_NEAR(k.c[5][2], 0.6, 1e-6);
  EXPECT_NEAR(k.c[5][3], 0.2, 1e-6);
  EXPECT_NEAR(k.c[6][0], 0.4, 1e-6);
  EXPECT_NEAR(k.c[6][1], 0.3, 1e-6);
  EXPECT_NEAR(k.c[6][2], 0.1, 1e-6);
  EXPECT_NEAR(k.c[6][3], 0.9, 1e-6);
  EXPECT_EQ(k.c[7], (Float4{640, 480, 1.0f / 640, 1.0f / 480}));
  // roam_cos.x at T = 12.5: 0.5 + 0.5·cos(12.5·0.329 + 1.2); slow_roam_sin.w: sin(12.5·0.0217
  // + 3.8)
  EXPECT_NEAR(k.c[8][0], 0.5 + 0.5 * std::cos(12.5 * 0.329 + 1.2), 1e-5);
  EXPECT_NEAR(k.c[9][3], 0.5 + 0.5 * std::sin(12.5 * 20.051 + 5.4), 1e-4);
  EXPECT_NEAR(k.c[11][3], 0.5 + 0.5 * std::sin(12.5 * 0.0217 + 3.8), 1e-5);
  // mip_y is log2(WIDTH) as well (MD2 bug).
  EXPECT_NEAR(k.c[12][0], std::log2(640.0), 1e-5);
  EXPECT_NEAR(k.c[12][1], std::log2(640.0), 1e-5);
  EXPECT_NEAR(k.c[12][2], std::log2(640.0), 1e-5);
  EXPECT_NEAR(k.c[13][0], 0.2, 1e-6);
  EXPECT_NEAR(k.c[13][3], 0.7, 1e-6);
  // q1..q4 → _qa, q29..q32 → _qh.
  EXPECT_EQ(k.q[0], (Float4{1, 2, 3, 4}));
  EXPECT_EQ(k.q[7], (Float4{29, 30, 31, 32}));
  // MilkDrop 3's _qi.._qp carry q33..q64 the same way (an MD3-style include.fx:
  // `#define q33 _qi.x` .. `#define q64 _qp.w`).
  EXPECT_EQ(k.q[8], (Float4{33, 34, 35, 36}));
  EXPECT_EQ(k.q[14], (Float4{57, 58, 59, 60}));
  EXPECT_EQ(k.q[15], (Float4{61, 62, 63, 64}));
}

TEST(ShaderInputs, PortraitAspectAndPresetTimeWrap) {
  FrameState f;
  f.inputs.time = 10004.0;
  const ShaderConstants k =
      computeShaderConstants(f, ShaderPresetRandom{}, {480, 640, 480, 640, 1.0, {}});
  EXPECT_FLOAT_EQ(k.c[0][0], 0.75f);
  EXPECT_FLOAT_EQ(k.c[0][1], 1.0f);
  EXPECT_FLOAT_EQ(k.c[0][2], 1.0f / 0.75f);
  EXPECT_NEAR(k.c[2][0], 3.0, 1e-3);  // (10004 − 1) mod 10000
}

// ApplyShaderParams: M = Rx · Translation · Rz · Ry (D3DX row vectors); first three columns.
TEST(ShaderInputs, RotationMatrixOrder) {
  const Matrix4x3 id = rotationMatrix({0, 0, 0}, {1, 2, 3});
  EXPECT_EQ(id, (Matrix4x3{1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 2, 3}));
  constexpr float kHalfPi = 1.57079632679f;
  // Rx(π/2): row 1 = (0, cos, sin), row 2 = (0, −sin, cos). The translation row is not rotated
  // by Rx (it is on the left of Tr).
  const Matrix4x3 rx = rotationMatrix({kHalfPi, 0, 0}, {0, 1, 0});
  EXPECT_NEAR(rx[5], 1.0f, 1e-6);
  EXPECT_NEAR(rx[7], -1.0f, 1e-6);
  EXPECT_NEAR(rx[10], 1.0f, 1e-6);
  // Rz(π/2) is on the right of Tr: it rotates the translation, (0, 1, 0) → (−1, 0, 0).
  const Matrix4x3 rz = rotationMatrix({0, 0, kHalfPi}, {0, 1, 0});
  EXPECT_NEAR(rz[9], -1.0f, 1e-6);
  EXPECT_NEAR(rz[10], 0.0f, 1e-6);
}

// state.cpp RandomizePresetVars: translation −1..1, base 0..6.28, speed bound 0.9·(k/8)^3.2.
TEST(ShaderInputs, PresetRandomRanges) {
  clock::Random random(42);
  const ShaderPresetRandom r = ShaderPresetRandom::draw(random);
  for (std::size_t k = 0; k < r.slots.size(); ++k) {
    const float bound = 0.9f * std::pow(static_cast<float>(k) / 8.0f, 3.2f);
    for (int a = 0; a < 3; ++a) {
      EXPECT_LE(std::abs(r.slots[k].translate[a]), 1.0f);
      EXPECT_GE(r.slots[k].base[a], 0.0f);
      EXPECT_LE(r.slots[k].base[a], 6.28f);
      EXPECT_LE(std::abs(r.slots[k].speed[a]), bound + 1e-6f);
    }
  }
  EXPECT_EQ(r.slots[0].speed, (std::array<float, 3>{0, 0, 0}));  // rot_s1 never turns
  clock::Random again(42);
  EXPECT_EQ(ShaderPresetRandom::draw(again).slots[7].base, r.slots[7].base);
}

TEST(ShaderInputs, RotationsTurnWithGlobalTime) {
  ShaderPresetRandom preset;
  preset.slots[8].speed = {1.0f, 0.0f, 0.0f};  // rot_f1
  FrameState f;
  f.inputs.time = 0.5;
  const auto k = computeShaderConstants(f, preset, {64, 48, 64, 48, 0.0, {}});
  EXPECT_EQ(k.rot[8], rotationMatrix({0.5f, 0, 0}, {0, 0, 0}));
  ShaderConstants withRandom = k;
  clock::Random random(7);
  drawRandomRotations(withRandom, random);
  EXPECT_NE(withRandom.rot[20], k.rot[20]);
  EXPECT_EQ(withRandom.rot[19], k.rot[19]);
}

TEST(ShaderInputs, RotationNames) {
  EXPECT_EQ(rotationIndex("rot_s1"), 0);
  EXPECT_EQ(rotationIndex("rot_d2"), 5);
  EXPECT_EQ(rotationIndex("rot_vf4"), 15);
  EXPECT_EQ(rotationIndex("rot_uf1"), 16);
  EXPECT_EQ(rotationIndex("rot_rand4"), 23);
  EXPECT_EQ(rotationIndex("rot_x1"), -1);
  EXPECT_EQ(rotationIndex("rot_s5"), -1);
  EXPECT_EQ(rotationIndex("_c3"), -1);
}

TEST(CompositeGrid, SquishToCenter) {
  EXPECT_FLOAT_EQ(squishToCenter(0.25f, 3.0f), (1.0f - 0.125f) * 0.5f);
  EXPECT_FLOAT_EQ(squishToCenter(0.75f, 3.0f), 0.125f * 0.5f + 0.5f);
  EXPECT_FLOAT_EQ(squishToCenter(0.0f, 3.0f), 0.0f);
  EXPECT_FLOAT_EQ(squishToCenter(1.0f, 3.0f), 1.0f);
}

TEST(CompositeGrid, ShapeOfMilkDropsGrid) {
  const CompositeGrid g = makeCompositeGrid(640, 480);
  ASSERT_EQ(g.vertices.size(), 32u * 24u);
  EXPECT_EQ(g.indices.size(), 30u * 22u * 2u * 3u);
  const auto& tl = g.vertices[0];
  EXPECT_FLOAT_EQ(tl.u, 0.0f);
  EXPECT_FLOAT_EQ(tl.v, 0.0f);
  EXPECT_FLOAT_EQ(tl.x, -1.0f);
  EXPECT_FLOAT_EQ(tl.y, 1.0f);
  EXPECT_NEAR(tl.rad, 1.0f, 1e-6);  // rad is 1 at the corners (UvToMathSpace)
  // The middle column is doubled: vertices 15 and 16 of a row share u = 0.5.
  EXPECT_FLOAT_EQ(g.vertices[15].u, 0.5f);
  EXPECT_FLOAT_EQ(g.vertices[16].u, 0.5f);
  // ang fix-ups: column 15 above the centre rows is 1.5π, column 16 at row 12 is 0.25π.
  EXPECT_NEAR(g.vertices[15].ang, 3.1415926535898 * 1.5, 1e-5);
  EXPECT_NEAR(g.vertices[12 * 32 + 16].ang, 3.1415926535898 * 0.25, 1e-5);
  // Right edge, middle row 12 (v = 0.5, below the seam): 0.
  EXPECT_NEAR(g.vertices[12 * 32 + 31].ang, 0.0, 1e-5);
  // ang is measured in UV space (v down): the bottom-right quadrant has ang in (0, π/2).
  const auto& br = g.vertices[20 * 32 + 28];
  EXPECT_GT(br.ang, 0.0f);
  EXPECT_LT(br.ang, 1.5708f);
  // The doubled row/column is skipped by the index list.
  std::set<std::uint32_t> used(g.indices.begin(), g.indices.end());
  EXPECT_EQ(used.size(), 32u * 24u);
}

// ShowToUser_Shaders: col = s0·x·y + s1·(1−x)·y + s2·x·(1−y) + s3·(1−x)·(1−y) at the vertex's
// position (x, y in 0..1, y up), stored as a D3DCOLOR (truncated to 8 bits).
TEST(CompositeGrid, HueColoursInterpolateTheCorners) {
  const CompositeGrid g = makeCompositeGrid(64, 48);
  const std::array<std::array<float, 3>, 4> s = {
      {{1.0f, 0.5f, 0.5f}, {0.5f, 1.0f, 0.5f}, {0.5f, 0.5f, 1.0f}, {0.6f, 0.7f, 0.8f}}};
  std::vector<float> rgb;
  compositeHueColours(g, s, rgb);
  // Top-left vertex: x = 0, y = 1 → s1. Bottom-right: x = 1, y = 0 → s2. Top-right → s0.
  EXPECT_FLOAT_EQ(rgb[0 * 3 + 1], 1.0f);
  EXPECT_FLOAT_EQ(rgb[0 * 3 + 0], 127.0f / 255.0f);
  const std::size_t br = 32 * 24 - 1, tr = 31;
  EXPECT_FLOAT_EQ(rgb[br * 3 + 2], 1.0f);
  EXPECT_FLOAT_EQ(rgb[tr * 3 + 0], 1.0f);
  // Bottom-left: s3, (int)(0.6·255) = 153.
  const std::size_t bl = 23 * 32;
  EXPECT_FLOAT_EQ(rgb[bl * 3 + 0], 153.0f / 255.0f);
}

}  // namespace
}  // namespace phosphene::preset
