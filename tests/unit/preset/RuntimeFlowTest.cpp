// How values flow between MilkDrop's code contexts and across frames (spec §3, §4.1), each fact
// checked against MD2's source (milkdrop2077/MilkDrop3, code/vis_milk2/):
//  * milkdropfs.cpp RenderFrame runs RunPerFrameEquations, then ComputeGridAlphaValues (the
//    per-vertex code), then DrawCustomShapes and DrawCustomWaves, in that order.
//  * state.cpp keeps separate VMs (m_pf_eel, m_pv_eel, per wave m_pf_eel + m_pp_eel, per shape
//    m_pf_eel): user variables never cross between them; reg00..reg99 do (ns-eel2 globals).
//  * LoadPerFrameEvallibVars resets q1..q32 to q_values_after_init_code and monitor to
//    monitor_after_init_code, which RunPerFrameEquations overwrites after every per_frame.
//  * RunPerFrameEquations copies the per-frame q into the per-vertex VM once per frame;
//    ComputeGridAlphaValues resets only x y rad ang and the ten motion values per vertex.

#include <gtest/gtest.h>

#include <cmath>

#include "RuntimeHarness.hpp"

namespace phosphene::preset {
namespace {

using testing::Harness;

TEST(RuntimeFlow, PerFrameSeesPerVertexResultsOnlyThroughRegistersOneFrameLate) {
  Harness h(
      "[preset00]\n"
      "per_frame_1=q1 = reg10; q2 = pv; pf = 7;\n"
      "per_pixel_1=reg10 = frame + 1; pv = 5; dx = pf;\n"
      "shapecode_0_enabled=1\n"
      "shape_0_per_frame1=x = reg10 / 100;\n");
  const FrameState& f0 = h.step();  // frame 0
  EXPECT_EQ(f0.vars.q[0], 0.0) << "per_frame runs before per_pixel: nothing written yet";
  ASSERT_EQ(f0.customShapes[0].instances.size(), 1u);
  EXPECT_DOUBLE_EQ(f0.customShapes[0].instances[0].x, 0.01) << "shapes run after per_pixel";

  const FrameState& f1 = h.step();  // frame 1
  EXPECT_EQ(f1.vars.q[0], 1.0) << "per_frame reads the register per_pixel wrote LAST frame";
  EXPECT_DOUBLE_EQ(f1.customShapes[0].instances[0].x, 0.02) << "same frame for shapes";
  // Ordinary variables never cross contexts: per_frame's pv and per_pixel's pf stay 0.
  EXPECT_EQ(f1.vars.q[1], 0.0);
  for (double dx : h.runtime->vertexMotion()[6]) ASSERT_EQ(dx, 0.0);
  EXPECT_EQ(h.presetVar("pf"), 7.0);
  EXPECT_EQ(h.vertexVar("pv"), 5.0);
}

TEST(RuntimeFlow, QValuesAreRestoredToPostInitValuesAndHandedOn) {
  Harness h(
      "[preset00]\n"
      "per_frame_init_1=q1 = 3; q4 = 10;\n"
      "per_frame_1=q1 = q1 + 1; q2 = 7; q4 = q4 * 2;\n"
      "per_pixel_1=q5 = q5 + 1; dx = q2 * 0.001 + q5 * 0.0001; q3 = 99;\n"
      "wavecode_0_enabled=1\n"
      "wave_0_per_frame1=seenq1 = q1;\n"
      "wave_0_per_point1=ptq2 = q2;\n"
      "shapecode_0_enabled=1\n"
      "shape_0_per_frame1=x = q2 / 10; y = q3;\n");
  const FrameState& f = h.steps(3);
  EXPECT_EQ(h.runtime->qAfterInit()[0], 3.0);
  EXPECT_EQ(h.runtime->qAfterInit()[3], 10.0);
  EXPECT_EQ(f.vars.q[0], 4.0) << "q1 restarts from its post-init value every frame";
  EXPECT_EQ(f.vars.q[1], 7.0);
  EXPECT_EQ(f.vars.q[3], 20.0);
  EXPECT_EQ(f.vars.q[2], 0.0) << "q written per vertex does not flow back";

  // per_frame -> per_vertex: q2 arrives; q5 is copied once per frame and then carried from
  // vertex to vertex (MD2 resets only the motion values per vertex).
  const auto& dx = h.runtime->vertexMotion()[6];
  ASSERT_EQ(dx.size(), f.mesh.geometry.vertexCount());
  for (std::size_t i = 0; i < dx.size(); ++i)
    ASSERT_NEAR(dx[i], 0.007 + static_cast<double>(i + 1) * 0.0001, 1e-12) << i;

  // per_frame -> waves (frame and point contexts) and shapes.
  EXPECT_EQ(h.waveFrameVar(0, "seenq1"), 4.0);
  EXPECT_EQ(h.wavePointVar(0, "ptq2"), 7.0);
  ASSERT_EQ(f.customShapes[0].instances.size(), 1u);
  EXPECT_DOUBLE_EQ(f.customShapes[0].instances[0].x, 0.7);
  EXPECT_EQ(f.customShapes[0].instances[0].y, 0.0) << "shapes get per_frame's q3, not 99";
}

TEST(RuntimeFlow, WaveAndShapeInitSeePostInitQEvenWhenDisabled) {
  // state.cpp RecompileExpressions runs every wave's and shape's init code at load, enabled or
  // not, after the preset's init (LoadCustomWavePerFrameEvallibVars copies the post-init q).
  Harness h(
      "[preset00]\n"
      "per_frame_init_1=q6 = 5;\n"
      "wave_0_init1=t1 = q6 + 1;\n"
      "shape_1_init1=t2 = q6 * 2; reg20 = 1;\n");
  h.step();
  EXPECT_EQ(h.waveFrameVar(0, "t1"), 6.0);
  EXPECT_EQ(h.shapeVar(1, "t2"), 10.0);
  EXPECT_EQ(h.globals->reg(20), 1.0);
}

TEST(RuntimeFlow, WaveTValuesFlowFromInitThroughPerFrameToEveryPoint) {
  Harness h(
      "[preset00]\n"
      "wavecode_0_enabled=1\n"
      "wavecode_0_samples=10\n"
      "wavecode_0_bUseDots=1\n"
      "wave_0_init1=t1 = 5;\n"
      "wave_0_per_frame1=t1 = t1 + 1; t2 = t2 + 0.5;\n"
      "wave_0_per_point1=t3 = t3 + 1; x = t3 / 100; y = 0.5; r = t1 / 10;\n");
  for (int frame = 0; frame < 3; ++frame) {
    const FrameState& f = h.step();
    EXPECT_EQ(h.waveFrameVar(0, "t1"), 6.0) << "t1 restarts from init's 5 every frame";
    EXPECT_EQ(h.waveFrameVar(0, "t2"), 0.5);
    // t goes to the per-point context once; each point sees the previous point's t3.
    EXPECT_EQ(h.wavePointVar(0, "t3"), 10.0);
    EXPECT_EQ(h.wavePointVar(0, "t1"), 6.0);
    const auto& pts = f.customWaves[0].points;
    ASSERT_EQ(pts.size(), 10u);  // dots: not refined
    for (std::size_t j = 0; j < pts.size(); ++j) {
      // 80x60 canvas: invAspectX = 1.
      EXPECT_NEAR(pts[j].x, 2.0 * static_cast<double>(j + 1) / 100.0 - 1.0, 1e-6);
      EXPECT_FLOAT_EQ(pts[j].colour.r, 153.0f / 255.0f);  // (int)(0.6 * 255) = 153
    }
  }
}

TEST(RuntimeFlow, ShapeTValuesAreResetBeforeEveryInstance) {
  Harness h(
      "[preset00]\n"
      "shapecode_0_enabled=1\n"
      "shapecode_0_num_inst=3\n"
      "shape_0_init1=t1 = 2;\n"
      "shape_0_per_frame1=t1 = t1 + instance; x = t1 / 10;\n");
  const FrameState& f = h.steps(2);
  ASSERT_EQ(f.customShapes[0].instances.size(), 3u);
  for (int i = 0; i < 3; ++i)
    EXPECT_DOUBLE_EQ(f.customShapes[0].instances[static_cast<std::size_t>(i)].x, (2 + i) / 10.0);
}

TEST(RuntimeFlow, BuiltinsResetEachFrameUserVariablesAndMonitorPersist) {
  Harness h(
      "[preset00]\n"
      "zoom=1.5\n"
      "per_frame_1=zoom = zoom + 0.1; counter = counter + 1; monitor = monitor + 1;\n");
  const FrameState& f = h.steps(3);
  EXPECT_DOUBLE_EQ(f.vars.zoom, 1.6) << "zoom restarts from the file value every frame";
  EXPECT_EQ(h.presetVar("counter"), 3.0);
  EXPECT_EQ(f.vars.monitor, 3.0) << "MD2 saves monitor after every per_frame";
}

TEST(RuntimeFlow, PerVertexUserVariablesPersistAcrossVerticesAndFrames) {
  Harness h(
      "[preset00]\n"
      "rot=0.25\n"
      "per_pixel_1=c = c + 1; rot = rot + 0.01;\n");
  const FrameState& f = h.step();
  const double n = static_cast<double>(f.mesh.geometry.vertexCount());
  EXPECT_EQ(h.vertexVar("c"), n);
  for (double r : h.runtime->vertexMotion()[2]) ASSERT_DOUBLE_EQ(r, 0.26);
  h.step();
  EXPECT_EQ(h.vertexVar("c"), 2 * n);
}

TEST(RuntimeFlow, InitCodeSeesTheFirstFramesInputs) {
  Harness h(
      "[preset00]\n"
      "per_frame_init_1=q1 = meshx; q2 = bass;\n");
  h.audio.bass = 2.5f;
  const FrameState& f = h.step();
  EXPECT_EQ(f.vars.q[0], 8.0);
  EXPECT_EQ(f.vars.q[1], 2.5);
}

TEST(RuntimeFlow, RegistersComeFromTheCallersGlobals) {
  Harness h(
      "[preset00]\n"
      "per_frame_1=q1 = reg03; reg04 = 9;\n");
  h.globals->reg(3) = 42.0;
  EXPECT_EQ(h.step().vars.q[0], 42.0);
  EXPECT_EQ(h.globals->reg(4), 9.0);
}

TEST(RuntimeFlow, ABlockThatDoesNotCompileIsSkippedAndTheRestRuns) {
  Harness h(
      "[preset00]\n"
      "per_frame_1=zoom = (;\n"
      "per_pixel_1=rot = 0.5;\n");
  EXPECT_EQ(h.runtime->program().failedBlocks(), 1);
  const FrameState& f = h.step();
  EXPECT_EQ(f.vars.zoom, 1.0);
  for (double r : h.runtime->vertexMotion()[2]) ASSERT_EQ(r, 0.5);
}

}  // namespace
}  // namespace phosphene::preset
