// MilkDrop 3 presets at run time: custom wave and shape slots 4..15 compile, run and draw like
// slots 0..3; an MD2 preset compiles only MD2's four slots.
//
// Facts: MilkDrop3 README.md (16 waves, 16 shapes; "The q1-q32 variables have been expanded; the
// range is now q1-q64", flowing where q1..q32 flow in MD2: per_frame -> per-vertex, waves, shapes
// and the shaders' _qi.._qp registers); MDropDX12 src/mDropDX12/md_defines.h
// (MAX_CUSTOM_WAVES/SHAPES = 16) and src/mDropDX12/state.cpp (every slot gets its own code
// contexts and the same q/t hand-offs as MD2's four: the RegisterBuiltInVariables and
// RecompileExpressions loops run to MAX_CUSTOM_WAVES / MAX_CUSTOM_SHAPES).

#include <gtest/gtest.h>

#include "RuntimeHarness.hpp"

namespace phosphene::preset {
namespace {

using testing::Harness;

constexpr const char* kSixteen =
    "[preset00]\n"
    "per_frame_1=q1=0.75;\n"
    "wavecode_15_enabled=1\n"
    "wavecode_15_samples=32\n"
    "wave_15_init1=t1=0.125;\n"
    "wave_15_per_frame1=r=q1;\n"
    "wave_15_per_point1=x=sample; y=t1;\n"
    "shapecode_12_enabled=1\n"
    "shapecode_12_num_inst=3\n"
    "shapecode_12_sides=6\n"
    "shape_12_init1=t2=0.5;\n"
    "shape_12_per_frame1=x=t2+instance*0.1; rad=q1;\n";

TEST(Md3Runtime, WaveAndShapeSlotsAboveThreeRunAndDraw) {
  Harness h(kSixteen);
  EXPECT_EQ(h.runtime->program().waveCount(), 16);
  EXPECT_EQ(h.runtime->program().shapeCount(), 13);
  const FrameState& f = h.step();

  const CustomWaveState& w = f.customWaves[15];
  ASSERT_TRUE(w.visible);
  ASSERT_FALSE(w.points.empty());
  // y = t1 = 0.125 from init; clip y (y up) = (2y − 1)·aspecty, aspecty = 80/60 (spec §7.1).
  EXPECT_NEAR(w.points.front().y, (2 * 0.125 - 1) * (80.0 / 60.0), 1e-5);
  // r = q1 from per_frame, quantised to 8 bits (D3dColor).
  EXPECT_NEAR(w.points.front().colour.r, 191.0 / 255.0, 1e-6);

  const auto& instances = f.customShapes[12].instances;
  ASSERT_EQ(instances.size(), 3u);
  EXPECT_DOUBLE_EQ(instances[2].x, 0.5 + 0.2);
  EXPECT_DOUBLE_EQ(instances[0].rad, 0.75);
  EXPECT_EQ(instances[0].sides, 6);
  // Slots that hold nothing draw nothing.
  EXPECT_TRUE(f.customShapes[13].instances.empty());
  EXPECT_FALSE(f.customWaves[14].visible);
}

TEST(Md3Runtime, Md2PresetCompilesFourSlots) {
  Harness h("wavecode_0_enabled=1\nwave_0_per_point1=y=0.5;\nshapecode_3_enabled=1\n");
  EXPECT_EQ(h.runtime->program().waveCount(), 4);
  EXPECT_EQ(h.runtime->program().shapeCount(), 4);
  const FrameState& f = h.step();
  EXPECT_TRUE(f.customWaves[0].visible);
  EXPECT_EQ(f.customShapes[3].instances.size(), 1u);
  for (int k = 4; k < kMaxCustomWaves; ++k)
    EXPECT_FALSE(f.customWaves[static_cast<std::size_t>(k)].visible);
}

// q33..q64 follow q1..q32's rules (spec §3.3): per_frame_init's values are restored before every
// per_frame, and per_frame's values go to the per-vertex, wave and shape contexts.
constexpr const char* kQ64 =
    "[preset00]\n"
    "per_frame_init_1=q50=3; q64=-1;\n"
    "per_frame_1=q40=q40+2; q64=q64*2; mem=q50;\n"
    "per_pixel_1=dx=q40*0.001; sy=1+q64*0.01;\n"
    "wavecode_0_enabled=1\n"
    "wave_0_per_frame1=t1=q40; keep=q50;\n"
    "wave_0_per_point1=pq=q64;\n"
    "shapecode_0_enabled=1\n"
    "shape_0_per_frame1=rad=q40*0.1; x=0.5+q64*0.1;\n";

TEST(Md3Runtime, QAbove32FlowsWhereQ1To32Flow) {
  Harness h(kQ64);
  EXPECT_EQ(h.runtime->program().qCount(), 64);
  for (int frame = 0; frame < 3; ++frame) {
    const FrameState& f = h.step();
    // Restored from the init values every frame, so q40 = 0 + 2 and q64 = −1·2 each time.
    EXPECT_DOUBLE_EQ(f.vars.q[39], 2.0) << frame;
    EXPECT_DOUBLE_EQ(f.vars.q[63], -2.0) << frame;
    EXPECT_DOUBLE_EQ(f.vars.q[49], 3.0) << frame;
    EXPECT_DOUBLE_EQ(h.presetVar("mem"), 3.0);
    // Per-vertex code saw q40 and q64 from per_frame.
    ASSERT_FALSE(h.runtime->vertexMotion()[6].empty());
    EXPECT_DOUBLE_EQ(h.runtime->vertexMotion()[6][0], 0.002);  // dx
    EXPECT_DOUBLE_EQ(h.runtime->vertexMotion()[9][0], 0.98);   // sy
    // The wave's per_frame and per_point contexts.
    EXPECT_DOUBLE_EQ(h.waveFrameVar(0, "t1"), 2.0);
    EXPECT_DOUBLE_EQ(h.waveFrameVar(0, "keep"), 3.0);
    EXPECT_DOUBLE_EQ(h.wavePointVar(0, "pq"), -2.0);
    // The shape.
    ASSERT_EQ(f.customShapes[0].instances.size(), 1u);
    EXPECT_DOUBLE_EQ(f.customShapes[0].instances[0].rad, 0.2);
    EXPECT_DOUBLE_EQ(f.customShapes[0].instances[0].x, 0.5 - 0.2);
  }
  EXPECT_DOUBLE_EQ(h.runtime->qAfterInit()[49], 3.0);
}

TEST(Md3Runtime, Md2PresetKeepsThirtyTwoQ) {
  // No q33..q64 anywhere: MD2's 32 are handed on and nothing else is bound.
  Harness h("per_frame_1=q32=5;\nper_pixel_1=dx=q32*0.01;\n");
  EXPECT_EQ(h.runtime->program().qCount(), 32);
  const FrameState& f = h.step();
  EXPECT_DOUBLE_EQ(f.vars.q[31], 5.0);
  EXPECT_DOUBLE_EQ(h.runtime->vertexMotion()[6][0], 0.05);
  EXPECT_DOUBLE_EQ(f.vars.q[32], 0.0);
  EXPECT_FALSE(h.runtime->program().vertexCode().context->find("q33").has_value());
}

TEST(Md3Runtime, ShaderQAbove32MakesTheQ64Registers) {
  // Named only in a shader: per_frame's q60 still reaches _qo.w.
  Harness h(
      "MILKDROP_PRESET_VERSION=201\nPSVERSION_WARP=2\nPSVERSION_COMP=2\n"
      "per_frame_1=q60=0.5;\ncomp_1=shader_body { ret = q60; }\n");
  EXPECT_EQ(h.runtime->program().qCount(), 64);
  EXPECT_DOUBLE_EQ(h.step().vars.q[59], 0.5);
}

}  // namespace
}  // namespace phosphene::preset
