// The Runtime's two-half step for MilkDrop 2's transitions (spec §9; milkdropfs.cpp
// RunPerFrameEquations runs both presets' per_frame, mixes, then ComputeGridAlphaValues) and its
// loop budget across a move. The patterns and value blending: BlendPatternTest.cpp,
// TransitionBlendTest.cpp; the budget itself: RuntimeBudgetTest.cpp.
#include <gtest/gtest.h>

#include "RuntimeHarness.hpp"

namespace phosphene::preset {
namespace {

constexpr const char* kMotionPreset =
    "[preset00]\nzoom=1.1\nrot=0.2\nfDecay=0.5\nwave_r=0.25\n"
    "per_frame_1=monitor = decay + wave_r;\n";

TEST(RuntimeTransition, BeginAndFinishMakeTheSameFrameAsStep) {
  testing::Harness a(kMotionPreset), b(kMotionPreset);
  for (int i = 0; i < 3; ++i) {
    a.clock.advance(0.0);
    const FrameState& stepped = a.runtime->step(a.audio, a.clock, a.inputs);
    b.clock.advance(0.0);
    b.runtime->beginFrame(b.audio, b.clock, b.inputs);
    const FrameState& halves = b.runtime->finishFrame(b.audio);
    EXPECT_EQ(stepped.mesh.uv.size(), halves.mesh.uv.size());
    for (std::size_t v = 0; v < stepped.mesh.uv.size(); ++v) {
      EXPECT_EQ(stepped.mesh.uv[v].x, halves.mesh.uv[v].x);
      EXPECT_EQ(stepped.mesh.uv[v].y, halves.mesh.uv[v].y);
    }
    EXPECT_EQ(stepped.vars.monitor, halves.vars.monitor);
  }
}

// Changing the mesh returned by finishFrame is what the next frame's motion vectors read (MD2's
// m_verts hold the blended texcoords).
TEST(RuntimeTransition, FinishFrameReturnsTheRuntimesOwnFrame) {
  testing::Harness h(kMotionPreset);
  h.clock.advance(0.0);
  h.runtime->beginFrame(h.audio, h.clock, h.inputs);
  FrameState& f = h.runtime->finishFrame(h.audio);
  f.mesh.uv[0] = {0.123f, 0.456f};
  EXPECT_EQ(h.runtime->state().mesh.uv[0].x, 0.123f);
}

TEST(RuntimeBudget, BudgetSurvivesMovingTheRuntime) {
  auto globals = std::make_unique<eel::Globals>();
  Runtime first(testing::presetFromText("[preset00]\nper_frame_1=loop(100, a=a+1);\n"), *globals);
  first.setIterationBudgetPerFrame(50);
  Runtime moved(std::move(first));
  audio::FrameAudio audio;
  clock::FrameClock clock(30.0);
  clock.advance(0.0);
  StepInputs inputs;
  inputs.meshX = 8;
  inputs.meshY = 6;
  inputs.canvasWidth = 80;
  inputs.canvasHeight = 60;
  moved.step(audio, clock, inputs);
  EXPECT_TRUE(moved.lastStepOverBudget());
  EXPECT_EQ(moved.lastStepIterations(), 50);
}

}  // namespace
}  // namespace phosphene::preset
