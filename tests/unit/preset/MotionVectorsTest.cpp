// Motion vectors (spec §4.7, MD2 milkdropfs.cpp DrawMotionVectors, ReversePropagatePoint).
#include "preset/MotionVectors.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "preset/WarpMesh.hpp"

namespace phosphene::preset {
namespace {

constexpr float kTol = 1e-5f;

MotionVectorParams defaults(int width = 1024) {
  MotionVectorParams p;
  p.canvasWidth = width;
  return p;
}

/// A 4×4 mesh on a square canvas, warped by `vars` (warp 0 unless set).
WarpMeshState warpedMesh(FrameVars vars) {
  WarpMeshState m;
  buildMeshGeometry({4, 4, 1024, 1024}, m.geometry);
  computeWarpUv(m.geometry, uniformMotion(vars), {}, m.uv);
  return m;
}

FrameVars still() {
  FrameVars v;
  v.warp = 0.0;
  return v;
}

TEST(MotionVectors, OffWhenAlphaIsTiny) {
  auto p = defaults();
  p.a = 0.0009;
  MotionVectorState out;
  out.segments.resize(4);
  buildMotionVectors(p, {}, out);
  EXPECT_TRUE(out.segments.empty());
  p.a = 0.001;
  buildMotionVectors(p, {}, out);
  EXPECT_FALSE(out.segments.empty());
}

TEST(MotionVectors, GridCountFollowsMvXAndMvY) {
  MotionVectorState out;
  // 12×9: fx = (x + 0.25)/11.25 and fy = (y + 0.25)/8.25; the last column and row land on 1.0
  // and are skipped → 11 × 8 vectors.
  buildMotionVectors(defaults(), {}, out);
  EXPECT_EQ(out.segments.size(), 2u * 11u * 8u);
  // A fractional part widens the spacing so the last column fits: 12.5 → 12 columns.
  auto p = defaults();
  p.mvX = 12.5;
  buildMotionVectors(p, {}, out);
  EXPECT_EQ(out.segments.size(), 2u * 12u * 8u);
  // Limits: at most 64 × 48 (fraction dropped), nothing for ≤ 0.
  p.mvX = 100.0;
  p.mvY = 100.0;
  buildMotionVectors(p, {}, out);
  EXPECT_EQ(out.segments.size(), 2u * 63u * 47u);
  p.mvX = 0.9;
  buildMotionVectors(p, {}, out);
  EXPECT_TRUE(out.segments.empty());
}

TEST(MotionVectors, OffsetsShiftTheGridAndDropPointsOffScreen) {
  auto p = defaults();
  p.mvX = 2.0;
  p.mvY = 2.0;  // fx = (x + 0.25)/1.25 → 0.2 (and 1.0, skipped)
  MotionVectorState out;
  buildMotionVectors(p, {}, out);
  ASSERT_EQ(out.segments.size(), 2u);
  EXPECT_NEAR(out.segments[0].x, 2.0f * 0.2f - 1.0f, kTol);
  EXPECT_NEAR(out.segments[0].y, 1.0f - 2.0f * 0.2f, kTol);  // fy = 0.2 from the top
  p.mvDx = 0.5;                                              // fx += mv_dx
  p.mvDy = -0.1;                                             // fy −= mv_dy
  buildMotionVectors(p, {}, out);
  ASSERT_EQ(out.segments.size(), 2u);
  EXPECT_NEAR(out.segments[0].x, 2.0f * 0.7f - 1.0f, kTol);
  EXPECT_NEAR(out.segments[0].y, 1.0f - 2.0f * 0.3f, kTol);
  p.mvDx = 0.85;  // 1.05: off screen
  buildMotionVectors(p, {}, out);
  EXPECT_TRUE(out.segments.empty());
}

TEST(MotionVectors, StillMeshGivesMinimumLengthVectors) {
  auto p = defaults(512);
  p.mvX = 2.0;
  p.mvY = 2.0;
  MotionVectorState out;
  // No mesh yet (first frame): identity lookup, zero length → (1/W, 1/W) in UV, i.e. right and
  // DOWN one texel.
  buildMotionVectors(p, {}, out);
  ASSERT_EQ(out.segments.size(), 2u);
  EXPECT_NEAR(out.segments[1].x - out.segments[0].x, 2.0f / 512.0f, kTol);
  EXPECT_NEAR(out.segments[1].y - out.segments[0].y, -2.0f / 512.0f, kTol);
  // A still mesh gives (nearly) zero motion, stretched to at least one texel.
  const auto mesh = warpedMesh(still());
  buildMotionVectors(p, meshUvView(mesh), out);
  ASSERT_EQ(out.segments.size(), 2u);
  const float len =
      std::hypot(out.segments[1].x - out.segments[0].x, out.segments[1].y - out.segments[0].y);
  EXPECT_GE(len, 2.0f / 512.0f - kTol);
  EXPECT_LE(len, 2.0f * std::sqrt(2.0f) / 512.0f + kTol);
}

TEST(MotionVectors, ZoomPointsVectorsAtTheirSource) {
  auto v = still();
  v.zoom = 2.0;
  const auto mesh = warpedMesh(v);
  MotionVectorState out;
  buildMotionVectors(defaults(), meshUvView(mesh), out);
  ASSERT_FALSE(out.segments.empty());
  // First vector: fx = 0.25/11.25, fy = 0.25/8.25; source = 0.5 + (f − 0.5)/2; × mv_l 0.9.
  const float fx = 0.25f / 11.25f, fy = 0.25f / 8.25f;
  EXPECT_NEAR(out.segments[0].x, 2 * fx - 1, kTol);
  EXPECT_NEAR(out.segments[0].y, 1 - 2 * fy, kTol);
  EXPECT_NEAR(out.segments[1].x, 2 * (fx + 0.215f) - 1, 1e-4f);
  EXPECT_NEAR(out.segments[1].y, 1 - 2 * (fy + 0.2113636f), 1e-4f);
}

// MD2 ReversePropagatePoint indexes the mesh row with fy (v down) although row 0 is the bottom,
// and returns 1 − tv: under a pure dy translation the vector points the OTHER way from the true
// source. Reproduced literally (spec §4.7).
TEST(MotionVectors, ReverseLookupFlipsVerticalMotionLikeMilkDrop) {
  auto v = still();
  v.dy = 0.1;  // sources are 0.1 ABOVE each pixel (v − 0.1)
  const auto mesh = warpedMesh(v);
  float fx2 = 0, fy2 = 0;
  ASSERT_TRUE(reversePropagatePoint(meshUvView(mesh), 0.3f, 0.4f, fx2, fy2));
  EXPECT_NEAR(fx2, 0.3f, kTol);
  EXPECT_NEAR(fy2, 0.5f, kTol);  // 0.4 + 0.1: below the point
  v = still();
  v.dx = 0.1;  // horizontal motion is not flipped
  const auto meshX = warpedMesh(v);
  ASSERT_TRUE(reversePropagatePoint(meshUvView(meshX), 0.3f, 0.4f, fx2, fy2));
  EXPECT_NEAR(fx2, 0.2f, kTol);
  EXPECT_NEAR(fy2, 0.4f, kTol);
  // (int) truncates toward zero, so −0.1·4 still maps to cell 0 (extrapolated); −0.3·4 does not.
  EXPECT_TRUE(reversePropagatePoint(meshUvView(meshX), -0.1f, 0.4f, fx2, fy2));
  EXPECT_FALSE(reversePropagatePoint(meshUvView(meshX), -0.3f, 0.4f, fx2, fy2));
  EXPECT_FALSE(reversePropagatePoint(meshUvView(meshX), 0.5f, 1.0f, fx2, fy2));
}

TEST(MotionVectors, LengthMultiplierScalesLongVectors) {
  auto v = still();
  v.dx = 0.1;
  const auto mesh = warpedMesh(v);
  auto p = defaults();
  p.mvX = 2.0;
  p.mvY = 2.0;
  p.mvL = 2.0;
  MotionVectorState out;
  buildMotionVectors(p, meshUvView(mesh), out);
  ASSERT_EQ(out.segments.size(), 2u);
  EXPECT_NEAR(out.segments[1].x - out.segments[0].x, 2.0f * (-0.1f * 2.0f), kTol);
  EXPECT_NEAR(out.segments[1].y - out.segments[0].y, 0.0f, kTol);
}

// The D3DCOLOR_RGBA_01 macro masks each byte, so motion-vector colours wrap too.
TEST(MotionVectors, ColourIsPackedLikeMilkDrop) {
  auto p = defaults();
  p.r = 1.5;
  p.g = 0.5;
  p.b = 0.0;
  p.a = 1.0;
  MotionVectorState out;
  buildMotionVectors(p, {}, out);
  EXPECT_FLOAT_EQ(out.colour.r, 126.0f / 255.0f);
  EXPECT_FLOAT_EQ(out.colour.g, 127.0f / 255.0f);
  EXPECT_FLOAT_EQ(out.colour.a, 1.0f);
}

TEST(MotionVectors, ParamsFromFrameValues) {
  FrameVars v;
  v.mvX = 3.0;
  v.mvL = 0.5;
  v.mvA = 0.25;
  FrameInputs in;
  in.canvasWidth = 640;
  const auto p = motionVectorParams(v, in);
  EXPECT_DOUBLE_EQ(p.mvX, 3.0);
  EXPECT_DOUBLE_EQ(p.mvL, 0.5);
  EXPECT_DOUBLE_EQ(p.a, 0.25);
  EXPECT_EQ(p.canvasWidth, 640);
}

}  // namespace
}  // namespace phosphene::preset
