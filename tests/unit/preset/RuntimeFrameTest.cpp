// Whole frames: resizing between frames, determinism, the no-per-pixel path, and the values the
// runtime fills from its inputs.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "RuntimeHarness.hpp"
#include "preset/MotionVectors.hpp"
#include "preset/WarpMesh.hpp"

namespace phosphene::preset {
namespace {

using testing::Harness;

bool allFinite(const std::vector<Vec2>& uv) {
  for (const Vec2& p : uv)
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) return false;
  return true;
}

TEST(RuntimeFrame, MeshAndCanvasMayChangeBetweenFrames) {
  Harness h(
      "[preset00]\n"
      "mv_a=1\n"
      "per_frame_1=q1 = aspecty; q2 = meshx; q3 = pixelsx;\n"
      "per_pixel_1=dx = 0.001 * x; q9 = aspectx;\n");
  const FrameState& a = h.step();
  EXPECT_EQ(a.mesh.uv.size(), 9u * 7u);
  EXPECT_NEAR(a.vars.q[0], 80.0 / 60.0, 1e-6);
  EXPECT_EQ(a.vars.q[1], 8.0);
  EXPECT_EQ(a.vars.q[2], 80.0);

  h.inputs.meshX = 16;
  h.inputs.meshY = 12;
  h.inputs.canvasWidth = 60;
  h.inputs.canvasHeight = 80;
  const FrameState& b = h.step();
  EXPECT_EQ(b.mesh.geometry.vertexCount(), 17u * 13u);
  EXPECT_EQ(b.mesh.uv.size(), 17u * 13u);
  EXPECT_EQ(b.mesh.alpha.size(), 17u * 13u);
  EXPECT_EQ(h.runtime->vertexMotion()[6].size(), 17u * 13u);
  EXPECT_EQ(b.vars.q[0], 1.0);
  EXPECT_EQ(b.vars.q[1], 16.0);
  EXPECT_NEAR(h.vertexVar("q9"), 80.0 / 60.0, 1e-6);
  EXPECT_TRUE(allFinite(b.mesh.uv));
  EXPECT_FALSE(b.motionVectors.segments.empty());
  // And back again.
  h.inputs.meshX = 8;
  h.inputs.meshY = 6;
  EXPECT_EQ(h.step().mesh.uv.size(), 9u * 7u);
}

TEST(RuntimeFrame, AZeroSizedCanvasStaysFinite) {
  Harness h("[preset00]\nmv_a=1\n", 8, 6, 0, 0);
  const FrameState& f = h.steps(2);
  EXPECT_EQ(f.inputs.canvasWidth, 1);
  EXPECT_EQ(nonFiniteWarpVertices(f), 0u);
  for (const Vec2& p : f.motionVectors.segments)
    ASSERT_TRUE(std::isfinite(p.x) && std::isfinite(p.y));
}

TEST(RuntimeFrame, WithoutPerPixelCodeEveryVertexUsesThePerFrameValues) {
  Harness h(
      "[preset00]\n"
      "per_frame_1=zoom = 1.1; rot = 0.2; warp = 0;\n");
  const FrameState& f = h.step();
  EXPECT_TRUE(h.runtime->vertexMotion()[0].empty());
  std::vector<Vec2> expected;
  WarpFrameParams params;
  params.time = f.inputs.time;
  ASSERT_TRUE(computeWarpUv(f.mesh.geometry, uniformMotion(f.vars), params, expected));
  ASSERT_EQ(expected.size(), f.mesh.uv.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(expected[i].x, f.mesh.uv[i].x);
    EXPECT_EQ(expected[i].y, f.mesh.uv[i].y);
  }
}

TEST(RuntimeFrame, InputsReachTheFrameState) {
  Harness h("[preset00]\n");
  h.audio.treb_att = 0.5f;
  h.inputs.progress = 0.25;
  h.step();
  const FrameState& f = h.step();
  EXPECT_EQ(f.inputs.frame, 1.0);
  EXPECT_NEAR(f.inputs.time, 2.0 / 30.0, 1e-12);
  EXPECT_EQ(f.inputs.trebAtt, 0.5);
  EXPECT_EQ(f.inputs.progress, 0.25);
  EXPECT_EQ(f.inputs.meshX, 8);
  EXPECT_EQ(h.runtime->framesStepped(), 2);
}

TEST(RuntimeFrame, MotionVectorsLookUpLastFramesMesh) {
  // milkdropfs.cpp RenderFrame draws the motion vectors (DrawMotionVectors ->
  // ReversePropagatePoint over m_verts) before ComputeGridAlphaValues recomputes the mesh.
  Harness h(
      "[preset00]\n"
      "mv_a=1\nmv_x=8\nmv_y=6\nmv_l=2\n"
      "per_frame_1=dx = 0.02 * frame; zoom = 1 + 0.05 * frame;\n");
  const FrameState& f0 = h.step();
  const WarpMeshState previous = f0.mesh;
  const FrameState& f1 = h.step();
  MotionVectorState fromPrevious, fromCurrent;
  buildMotionVectors(motionVectorParams(f1.vars, f1.inputs), meshUvView(previous), fromPrevious);
  buildMotionVectors(motionVectorParams(f1.vars, f1.inputs), meshUvView(f1.mesh), fromCurrent);
  ASSERT_FALSE(f1.motionVectors.segments.empty());
  ASSERT_EQ(f1.motionVectors.segments.size(), fromPrevious.segments.size());
  bool differsFromCurrent = false;
  for (std::size_t i = 0; i < fromPrevious.segments.size(); ++i) {
    EXPECT_EQ(f1.motionVectors.segments[i].x, fromPrevious.segments[i].x);
    EXPECT_EQ(f1.motionVectors.segments[i].y, fromPrevious.segments[i].y);
    if (i < fromCurrent.segments.size() &&
        (fromCurrent.segments[i].x != fromPrevious.segments[i].x ||
         fromCurrent.segments[i].y != fromPrevious.segments[i].y))
      differsFromCurrent = true;
  }
  EXPECT_TRUE(differsFromCurrent) << "the test must be able to tell the two meshes apart";
}

constexpr const char* kBusyPreset =
    "[preset00]\n"
    "nWaveMode=3\nmv_a=0.5\n"
    "per_frame_init_1=q1 = rand(100);\n"
    "per_frame_1=zoom = 1 + 0.05 * sin(time + rand(10)); rot = q1 * 0.001 + bass * 0.01;\n"
    "per_pixel_1=dx = 0.01 * sin(x * 7 + rand(5)); s = s + rad;\n"
    "wavecode_0_enabled=1\nwavecode_0_samples=200\n"
    "wave_0_per_point1=x = sample + value1; y = 0.5 + rand(3) * 0.1 + value2;\n"
    "shapecode_0_enabled=1\nshapecode_0_num_inst=4\n"
    "shape_0_per_frame1=x = 0.2 + instance * 0.1 + rand(4) * 0.01; ang = time;\n";

void fillAudio(audio::FrameAudio& a, std::mt19937& rng) {
  std::uniform_real_distribution<float> d(-100.0f, 100.0f);
  for (auto& ch : a.waveform)
    for (float& s : ch) s = d(rng);
  for (auto& ch : a.spectrum)
    for (float& s : ch) s = std::abs(d(rng)) * 0.01f;
  a.bass = 1.0f + d(rng) * 0.01f;
}

TEST(RuntimeFrame, TwoRuntimesGivenTheSameInputsProduceIdenticalFrames) {
  Harness a(kBusyPreset, 16, 12, 320, 240), b(kBusyPreset, 16, 12, 320, 240);
  std::mt19937 rngA(7), rngB(7);
  for (int frame = 0; frame < 6; ++frame) {
    fillAudio(a.audio, rngA);
    fillAudio(b.audio, rngB);
    const FrameState& fa = a.step();
    const FrameState& fb = b.step();
    ASSERT_EQ(std::memcmp(&fa.vars.q, &fb.vars.q, sizeof(fa.vars.q)), 0);
    ASSERT_EQ(fa.vars.zoom, fb.vars.zoom);
    ASSERT_EQ(fa.vars.rot, fb.vars.rot);
    ASSERT_EQ(fa.mesh.uv.size(), fb.mesh.uv.size());
    for (std::size_t i = 0; i < fa.mesh.uv.size(); ++i) {
      ASSERT_EQ(fa.mesh.uv[i].x, fb.mesh.uv[i].x);
      ASSERT_EQ(fa.mesh.uv[i].y, fb.mesh.uv[i].y);
    }
    ASSERT_EQ(fa.customWaves[0].points.size(), fb.customWaves[0].points.size());
    for (std::size_t i = 0; i < fa.customWaves[0].points.size(); ++i) {
      ASSERT_EQ(fa.customWaves[0].points[i].x, fb.customWaves[0].points[i].x);
      ASSERT_EQ(fa.customWaves[0].points[i].y, fb.customWaves[0].points[i].y);
    }
    ASSERT_EQ(fa.customShapes[0].instances.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i)
      ASSERT_EQ(fa.customShapes[0].instances[i].x, fb.customShapes[0].instances[i].x);
    ASSERT_EQ(fa.builtinWave.points.size(), fb.builtinWave.points.size());
    for (std::size_t i = 0; i < fa.builtinWave.points.size(); ++i)
      ASSERT_EQ(fa.builtinWave.points[i].x, fb.builtinWave.points[i].x);
    ASSERT_EQ(fa.motionVectors.segments.size(), fb.motionVectors.segments.size());
    ASSERT_TRUE(allFinite(fa.mesh.uv));
  }
  EXPECT_EQ(a.vertexVar("s"), b.vertexVar("s"));
  EXPECT_GT(a.vertexVar("s"), 0.0);
}

}  // namespace
}  // namespace phosphene::preset
