// Warp mesh geometry and texture coordinates against hand-computed values (spec §4.2, §4.3; MD2
// plugin.cpp mesh set-up, milkdropfs.cpp ComputeGridAlphaValues).
#include "preset/WarpMesh.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace phosphene::preset {
namespace {

constexpr float kTol = 1e-5f;

/// Identity motion: zoom 1, rot 0, warp 0, centre 0.5, no translation, no stretch.
FrameVars still() {
  FrameVars v;
  v.warp = 0.0;
  return v;
}

MeshGeometry mesh(int gx, int gy, int w, int h, bool halfTexel = false) {
  MeshGeometry g;
  const float texel = halfTexel ? 0.5f : 0.0f;  // MD2's D3D9 half-texel shift
  buildMeshGeometry({gx, gy, w, h, texel, texel}, g);
  return g;
}

std::size_t index(const MeshGeometry& g, int i, int j) {
  return static_cast<std::size_t>(j * (g.gridX + 1) + i);
}

Vec2 uvAt(const FrameVars& vars, const MeshGeometry& g, int i, int j, WarpFrameParams params = {}) {
  std::vector<Vec2> uv;
  EXPECT_TRUE(computeWarpUv(g, uniformMotion(vars), params, uv));
  return uv[index(g, i, j)];
}

TEST(WarpMesh, AspectFactorsShrinkTheLongAxis) {
  const auto land = aspectFactors(800, 600);
  EXPECT_FLOAT_EQ(land.aspectX, 1.0f);
  EXPECT_FLOAT_EQ(land.aspectY, 0.75f);
  EXPECT_FLOAT_EQ(land.invAspectY, 4.0f / 3.0f);
  const auto portrait = aspectFactors(600, 800);
  EXPECT_FLOAT_EQ(portrait.aspectX, 0.75f);
  EXPECT_FLOAT_EQ(portrait.aspectY, 1.0f);
  EXPECT_FLOAT_EQ(portrait.invAspectX, 4.0f / 3.0f);
}

TEST(WarpMesh, VertexOrderIsRowMajorFromTheBottomRow) {
  const auto g = mesh(2, 2, 256, 256);
  ASSERT_EQ(g.vertexCount(), 9u);
  // Vertex 0 is bottom-left: clip (−1, −1); equations see x = 0, y = 1 (y = 0 at the top).
  EXPECT_FLOAT_EQ(g.position[0].x, -1.0f);
  EXPECT_FLOAT_EQ(g.position[0].y, -1.0f);
  EXPECT_DOUBLE_EQ(g.x[0], 0.0);
  EXPECT_DOUBLE_EQ(g.y[0], 1.0);
  EXPECT_FLOAT_EQ(g.uvOrig[0].x, 0.0f);
  EXPECT_FLOAT_EQ(g.uvOrig[0].y, 1.0f);
  // Vertex 2 is bottom-right, vertex 8 top-right.
  EXPECT_FLOAT_EQ(g.position[2].x, 1.0f);
  EXPECT_FLOAT_EQ(g.position[8].y, 1.0f);
  EXPECT_DOUBLE_EQ(g.y[8], 0.0);
  EXPECT_NEAR(g.rad[0], std::sqrt(2.0), 1e-6);
  EXPECT_NEAR(g.ang[0], -3.0 * std::numbers::pi / 4.0, 1e-6);
  EXPECT_NEAR(g.ang[2], -std::numbers::pi / 4.0, 1e-6);
  EXPECT_DOUBLE_EQ(g.rad[4], 0.0);
  EXPECT_DOUBLE_EQ(g.ang[4], 0.0);
}

TEST(WarpMesh, AspectCompressesInputsAlongTheLongAxis) {
  const auto g = mesh(2, 2, 800, 600);
  const auto k = index(g, 2, 2);  // top-right corner
  EXPECT_DOUBLE_EQ(g.x[k], 1.0);
  EXPECT_NEAR(g.y[k], 0.125, 1e-7);   // 1·(−0.5)·0.75 + 0.5
  EXPECT_NEAR(g.rad[k], 1.25, 1e-6);  // sqrt(1 + 0.75²)
  EXPECT_NEAR(g.ang[k], std::atan2(0.75, 1.0), 1e-6);
  EXPECT_FLOAT_EQ(g.invAspectY, 4.0f / 3.0f);
}

// MD2 plugin.cpp: ang is forced to 0 on vertex (gx/2, gy/2) in integer division, which for an
// odd grid is not the centre.
TEST(WarpMesh, OddGridForcesAngZeroOnTheIntegerMiddleVertex) {
  const auto g = mesh(3, 3, 256, 256);
  const auto k = index(g, 1, 1);
  EXPECT_NEAR(g.position[k].x, -1.0f / 3.0f, kTol);
  EXPECT_DOUBLE_EQ(g.ang[k], 0.0);
  EXPECT_GT(g.rad[k], 0.4);
  EXPECT_NE(g.ang[index(g, 2, 2)], 0.0);
}

TEST(WarpMesh, IdentityMotionGivesTheScreenUv) {
  const auto g = mesh(4, 4, 512, 512);
  std::vector<Vec2> uv;
  ASSERT_TRUE(computeWarpUv(g, uniformMotion(still()), {}, uv));
  for (std::size_t k = 0; k < g.vertexCount(); ++k) {
    EXPECT_NEAR(uv[k].x, g.uvOrig[k].x, kTol);
    EXPECT_NEAR(uv[k].y, g.uvOrig[k].y, kTol);
  }
  EXPECT_NEAR(uv[index(g, 4, 4)].x, 1.0f, kTol);  // top-right → (1, 0)
  EXPECT_NEAR(uv[index(g, 4, 4)].y, 0.0f, kTol);
}

TEST(WarpMesh, ZoomAloneSamplesCloserToTheCentre) {
  auto v = still();
  v.zoom = 2.0;  // zoomexp 1 → zoom2 = 2 everywhere
  const auto g = mesh(2, 2, 256, 256);
  const Vec2 corner = uvAt(v, g, 2, 2);
  EXPECT_NEAR(corner.x, 0.75f, kTol);
  EXPECT_NEAR(corner.y, 0.25f, kTol);
  const Vec2 centre = uvAt(v, g, 1, 1);
  EXPECT_NEAR(centre.x, 0.5f, kTol);
  EXPECT_NEAR(centre.y, 0.5f, kTol);
}

TEST(WarpMesh, ZoomExponentCurvesZoomByRadius) {
  auto v = still();
  v.zoom = 2.0;
  v.zoomExp = 2.0;
  const auto g = mesh(2, 2, 256, 256);
  // Corner rad = √2: zoom2 = 2^(2^(2√2 − 1)) = 11.724843; u = 0.5 + 0.5/zoom2.
  const Vec2 corner = uvAt(v, g, 2, 2);
  EXPECT_NEAR(corner.x, 0.542644f, 2e-5f);
  EXPECT_NEAR(corner.y, 0.457356f, 2e-5f);
  // Side midpoint rad = 1: zoom2 = 2^(2^1) = 4 → u = 0.5 + 0.5/4.
  const Vec2 side = uvAt(v, g, 2, 1);
  EXPECT_NEAR(side.x, 0.625f, kTol);
  EXPECT_NEAR(side.y, 0.5f, kTol);
}

TEST(WarpMesh, RotationTurnsAboutTheCentre) {
  auto v = still();
  v.rot = std::numbers::pi / 2.0;
  const auto g = mesh(2, 2, 256, 256);
  // Right-edge middle: (u, v) = (1, 0.5) → u2 = 0.5, v2 = 0 → (0.5, 1).
  const Vec2 right = uvAt(v, g, 2, 1);
  EXPECT_NEAR(right.x, 0.5f, kTol);
  EXPECT_NEAR(right.y, 1.0f, kTol);
  // Top-right (1, 0) → (0.5·0 + 0.5 + 0.5, 0.5 + 0 + 0.5) = (1, 1).
  const Vec2 corner = uvAt(v, g, 2, 2);
  EXPECT_NEAR(corner.x, 1.0f, kTol);
  EXPECT_NEAR(corner.y, 1.0f, kTol);
}

TEST(WarpMesh, CxCyMoveThePivot) {
  auto v = still();
  v.rot = std::numbers::pi;
  v.cx = 0.0;
  v.cy = 0.0;
  const auto g = mesh(2, 2, 256, 256);
  // Centre (0.5, 0.5) rotated by π about (0, 0) → (−0.5, −0.5).
  const Vec2 centre = uvAt(v, g, 1, 1);
  EXPECT_NEAR(centre.x, -0.5f, kTol);
  EXPECT_NEAR(centre.y, -0.5f, kTol);
}

TEST(WarpMesh, StretchDividesDistanceFromThePivot) {
  auto v = still();
  v.sx = 2.0;
  v.cx = 0.25;
  v.sy = 0.5;
  const auto g = mesh(2, 2, 256, 256);
  const Vec2 corner = uvAt(v, g, 2, 2);  // (1, 0)
  EXPECT_NEAR(corner.x, 0.625f, kTol);   // (1 − 0.25)/2 + 0.25
  EXPECT_NEAR(corner.y, -0.5f, kTol);    // (0 − 0.5)/0.5 + 0.5
}

TEST(WarpMesh, DxDyTranslateAgainstTheirSign) {
  auto v = still();
  v.dx = 0.1;
  v.dy = -0.2;
  const auto g = mesh(2, 2, 256, 256);
  const Vec2 centre = uvAt(v, g, 1, 1);
  EXPECT_NEAR(centre.x, 0.4f, kTol);
  EXPECT_NEAR(centre.y, 0.7f, kTol);
}

TEST(WarpMesh, WarpAtTimeZero) {
  auto v = still();
  v.warp = 1.0;
  const auto g = mesh(2, 2, 256, 256);
  // Centre: every sin term is sin(0) and every cos term cos(0) → +0.0035 on u and on v.
  const Vec2 centre = uvAt(v, g, 1, 1);
  EXPECT_NEAR(centre.x, 0.5035f, kTol);
  EXPECT_NEAR(centre.y, 0.5035f, kTol);
  // Top-right corner (vx = vy = 1) with f0..f3 at warpTime 0.
  const Vec2 corner = uvAt(v, g, 2, 2);
  EXPECT_NEAR(corner.x, 0.9998857f, 2e-5f);
  EXPECT_NEAR(corner.y, 0.0064164f, 2e-5f);
}

TEST(WarpMesh, WarpAnimSpeedScalesTimeAndWarpScaleDividesSpace) {
  auto v = still();
  v.warp = 1.0;
  const auto g = mesh(2, 2, 256, 256);
  // time 2 × speed 0.5 → warpTime 1; centre: u += 0.0035(sin 0.333 + cos 0.753),
  // v += 0.0035(cos 0.375 + sin 0.825).
  const Vec2 centre = uvAt(v, g, 1, 1, {2.0, 0.5, 1.0});
  EXPECT_NEAR(centre.x, 0.5036978f, kTol);
  EXPECT_NEAR(centre.y, 0.5058277f, kTol);
  const Vec2 corner = uvAt(v, g, 2, 2, {0.0, 1.0, 2.0});
  EXPECT_NEAR(corner.x, 0.9965140f, 2e-5f);
  EXPECT_NEAR(corner.y, -0.0065081f, 2e-5f);
  // warp scales the displacement linearly.
  v.warp = 2.0;
  const Vec2 doubled = uvAt(v, g, 1, 1);
  EXPECT_NEAR(doubled.x, 0.507f, kTol);
}

TEST(WarpMesh, AspectIsAppliedAndUndone) {
  const auto g = mesh(2, 2, 800, 600);
  const Vec2 identity = uvAt(still(), g, 2, 2);
  EXPECT_NEAR(identity.x, 1.0f, kTol);
  EXPECT_NEAR(identity.y, 0.0f, kTol);
  auto v = still();
  v.zoom = 2.0;
  // u = 1·1·0.5/2 + 0.5 = 0.75; v = −0.75·0.5/2 + 0.5 = 0.3125 → (0.3125 − 0.5)·4/3 + 0.5 = 0.25.
  const Vec2 zoomed = uvAt(v, g, 2, 2);
  EXPECT_NEAR(zoomed.x, 0.75f, kTol);
  EXPECT_NEAR(zoomed.y, 0.25f, kTol);
  // Translation happens in aspect-corrected space, so dy moves the short axis further.
  auto t = still();
  t.dy = 0.1;
  const Vec2 moved = uvAt(t, g, 1, 1);
  EXPECT_NEAR(moved.x, 0.5f, kTol);
  EXPECT_NEAR(moved.y, 0.5f - 0.1f * 4.0f / 3.0f, kTol);
}

TEST(WarpMesh, TexelOffsetMovesUvByThatManyTexels) {
  MeshGeometry g;
  buildMeshGeometry({2, 2, 100, 50, 2.0f, -1.0f}, g);  // projectM's texel offset, any value
  EXPECT_NEAR(g.uvOrig[4].x, 0.52f, kTol);
  EXPECT_NEAR(g.uvOrig[4].y, 0.48f, kTol);
  const Vec2 centre = uvAt(still(), g, 1, 1);
  EXPECT_NEAR(centre.x, 0.52f, kTol);
  EXPECT_NEAR(centre.y, 0.48f, kTol);
}

TEST(WarpMesh, HalfTexelOffsetIsOptional) {
  const auto g = mesh(2, 2, 100, 50, true);
  EXPECT_NEAR(g.uvOrig[4].x, 0.505f, kTol);
  EXPECT_NEAR(g.uvOrig[4].y, 0.51f, kTol);
  const Vec2 centre = uvAt(still(), g, 1, 1);
  EXPECT_NEAR(centre.x, 0.505f, kTol);
  EXPECT_NEAR(centre.y, 0.51f, kTol);
}

TEST(WarpMesh, PerVertexArraysOverrideThePerFrameValues) {
  const auto g = mesh(2, 2, 256, 256);
  std::vector<double> zoom(g.vertexCount(), 1.0);
  zoom[index(g, 2, 2)] = 2.0;
  const double one = 1.0, zero = 0.0, half = 0.5;
  VertexMotion m{zoom,       {&one, 1},  {&zero, 1}, {&zero, 1}, {&half, 1},
                 {&half, 1}, {&zero, 1}, {&zero, 1}, {&one, 1},  {&one, 1}};
  std::vector<Vec2> uv;
  ASSERT_TRUE(computeWarpUv(g, m, {}, uv));
  EXPECT_NEAR(uv[index(g, 2, 2)].x, 0.75f, kTol);
  EXPECT_NEAR(uv[index(g, 2, 1)].x, 1.0f, kTol);
  // A span of another length is refused and the output left alone.
  std::vector<double> bad(3, 1.0);
  m.zoom = bad;
  EXPECT_FALSE(computeWarpUv(g, m, {}, uv));
  EXPECT_NEAR(uv[index(g, 2, 2)].x, 0.75f, kTol);
}

TEST(WarpMesh, SharedAndPerVertexValuesAgreeBitForBit) {
  const auto g = mesh(6, 5, 640, 480);
  FrameVars v;
  v.rot = 0.3;
  v.zoom = 1.1;
  v.zoomExp = 1.0;
  v.warp = 0.0;
  std::vector<Vec2> shared, perVertex;
  ASSERT_TRUE(computeWarpUv(g, uniformMotion(v), {1.5, 1.0, 1.0}, shared));
  const std::vector<double> rot(g.vertexCount(), 0.3), zoom(g.vertexCount(), 1.1),
      zoomExp(g.vertexCount(), 1.0), warp(g.vertexCount(), 0.0);
  auto m = uniformMotion(v);
  m.rot = rot;
  m.zoom = zoom;
  m.zoomExp = zoomExp;
  m.warp = warp;
  ASSERT_TRUE(computeWarpUv(g, m, {1.5, 1.0, 1.0}, perVertex));
  for (std::size_t k = 0; k < g.vertexCount(); ++k) {
    EXPECT_EQ(shared[k].x, perVertex[k].x);
    EXPECT_EQ(shared[k].y, perVertex[k].y);
  }
}

TEST(WarpMesh, ResizeBetweenFramesRebuildsOnlyWhenNeeded) {
  MeshGeometry g;
  EXPECT_TRUE(buildMeshGeometry({8, 6, 640, 480, false}, g));
  EXPECT_EQ(g.vertexCount(), 63u);
  EXPECT_FALSE(buildMeshGeometry({8, 6, 640, 480, false}, g));
  const Vec2* before = g.position.data();
  EXPECT_TRUE(buildMeshGeometry({4, 3, 640, 480, false}, g));
  EXPECT_EQ(g.vertexCount(), 20u);
  EXPECT_EQ(g.position.data(), before);                        // shrinking reuses the buffer
  EXPECT_TRUE(buildMeshGeometry({4, 3, 480, 640, false}, g));  // canvas change alone rebuilds
  EXPECT_FLOAT_EQ(g.aspectX, 0.75f);
  std::vector<Vec2> uv;
  ASSERT_TRUE(computeWarpUv(g, uniformMotion(still()), {}, uv));
  EXPECT_EQ(uv.size(), 20u);
  // Limits of MD2's MAX_GRID_X/Y.
  EXPECT_TRUE(buildMeshGeometry({1000, 1000, 640, 480, false}, g));
  EXPECT_EQ(g.gridX, 192);
  EXPECT_EQ(g.gridY, 144);
}

}  // namespace
}  // namespace phosphene::preset
