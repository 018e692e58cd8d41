// The per-frame loop budget (issue 11): every code block of one preset (init, per_frame,
// per_pixel over all vertices, each custom wave's per_frame and per_point, each shape instance)
// draws on one count of loop()/while() iterations, reset at every step. Over it, loops stop
// iterating and the frame still finishes, so `per_pixel_1=loop(100000000, x=x+1);` cannot hang
// its host. MD2's ns-eel2 only caps each loop() and while() call at 1,048,576 passes (spec
// eel2.md §9; NSEEL_LOOPFUNC_SUPPORT_MAXLEN in WDL eel2/ns-eel.h, "maximum loop length"), which
// over a 48x36 mesh is still ~1.9 G iterations a frame. MilkDrop has no per-frame limit at all:
// such presets freeze it (MilkDrop3 issue #103 reports packs whose presets "freeze the
// visualizer for a while"). The budget is Phosphene's; the engine's default is
// kDefaultIterationBudgetPerFrame, checked against projectm-data by corpus_preset_budget.
//
// The tests assert on counts, never on time: the budget counts iterations so that offline
// renders stay reproducible.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "RuntimeHarness.hpp"

namespace phosphene::preset {
namespace {

constexpr std::int64_t kVertices48x36 = 49 * 37;  // 1,813

TEST(IterationBudget, RunawayPerPixelLoopStopsAtTheBudget) {
  testing::Harness h("[preset00]\nper_pixel_1=loop(100000000, x=x+1);\n", 48, 36, 320, 240);
  h.runtime->setIterationBudgetPerFrame(kDefaultIterationBudgetPerFrame);
  const FrameState& f = h.step();
  EXPECT_TRUE(h.runtime->lastStepOverBudget());
  EXPECT_EQ(h.runtime->lastStepIterations(), kDefaultIterationBudgetPerFrame);
  EXPECT_EQ(f.mesh.uv.size(), static_cast<std::size_t>(kVertices48x36));  // the frame finished
  h.step();  // a new frame, a new budget, cut again at the same count
  EXPECT_TRUE(h.runtime->lastStepOverBudget());
  EXPECT_EQ(h.runtime->lastStepIterations(), kDefaultIterationBudgetPerFrame);
}

TEST(IterationBudget, PerPixelLoopsCountOncePerVertex) {
  testing::Harness h("[preset00]\nper_pixel_1=loop(3, x=x+1);\n", 48, 36, 320, 240);
  h.runtime->setIterationBudgetPerFrame(kDefaultIterationBudgetPerFrame);
  h.step();
  EXPECT_FALSE(h.runtime->lastStepOverBudget());
  EXPECT_EQ(h.runtime->lastStepIterations(), 3 * kVertices48x36);
}

// A while body's first pass is ordinary code; each repeat is one iteration of the budget.
TEST(IterationBudget, PerFrameWhileOneIsCutAndTheFrameGoesOn) {
  const char* text = "[preset00]\nper_frame_1=n = 0; while(n = n + 1; 1); done = 1;\n";
  testing::Harness h(text);
  h.runtime->setIterationBudgetPerFrame(10000);
  h.step();
  EXPECT_TRUE(h.runtime->lastStepOverBudget());
  EXPECT_EQ(h.runtime->lastStepIterations(), 10000);
  EXPECT_EQ(h.presetVar("n"), 10001.0);
  EXPECT_EQ(h.presetVar("done"), 1.0);

  // Unlimited: MD2's own cap of 1,048,576 passes per loop is what stops it.
  testing::Harness free(text);
  free.step();
  EXPECT_FALSE(free.runtime->lastStepOverBudget());
  EXPECT_EQ(free.presetVar("n"), 1048576.0);
  EXPECT_EQ(free.runtime->lastStepIterations(), 1048575);
}

// One count for every block: init (frame 0 only), per_frame, per_pixel on each of the 8x6
// mesh's 63 vertices, a wave's per_frame and each of its 10 points, each of 4 shape instances.
constexpr const char* kEveryBlock =
    "[preset00]\n"
    "per_frame_init_1=loop(7, i = i + 1);\n"
    "per_frame_1=loop(5, a = a + 1);\n"
    "per_pixel_1=loop(2, b = b + 1);\n"
    "wavecode_0_enabled=1\nwavecode_0_samples=10\n"
    "wave_0_per_frame1=loop(11, c = c + 1);\n"
    "wave_0_per_point1=loop(3, d = d + 1);\n"
    "shapecode_0_enabled=1\nshapecode_0_num_inst=4\n"
    "shape_0_per_frame1=loop(13, e = e + 1);\n";
constexpr std::int64_t kEveryBlockPerFrame = 5 + 2 * 63 + 11 + 3 * 10 + 13 * 4;  // 224

TEST(IterationBudget, SharedByEveryBlock) {
  testing::Harness h(kEveryBlock);
  h.step();
  EXPECT_EQ(h.runtime->lastStepIterations(), 7 + kEveryBlockPerFrame);
  h.step();
  EXPECT_EQ(h.runtime->lastStepIterations(), kEveryBlockPerFrame);
  EXPECT_FALSE(h.runtime->lastStepOverBudget());

  // Spending exactly the budget is not over it; one iteration fewer is.
  h.runtime->setIterationBudgetPerFrame(kEveryBlockPerFrame);
  h.step();
  EXPECT_FALSE(h.runtime->lastStepOverBudget());
  EXPECT_EQ(h.runtime->lastStepIterations(), kEveryBlockPerFrame);
  h.runtime->setIterationBudgetPerFrame(kEveryBlockPerFrame - 1);
  h.step();
  EXPECT_TRUE(h.runtime->lastStepOverBudget());
  EXPECT_EQ(h.runtime->lastStepIterations(), kEveryBlockPerFrame - 1);
  // The custom waves run last (MD2 order: per_pixel, shapes, waves): the last point of the
  // last frame lost its last iteration, the shapes ran all of theirs.
  EXPECT_EQ(h.shapeVar(0, "e"), 4.0 * 4 * 13);
  EXPECT_EQ(h.wavePointVar(0, "d"), 4.0 * 10 * 3 - 1);
}

// The runtime's default is unlimited, and an unlimited or unreached budget changes nothing.
TEST(IterationBudget, UnlimitedOrUnreachedBudgetChangesNothing) {
  testing::Harness plain(kEveryBlock), budgeted(kEveryBlock), unlimited(kEveryBlock);
  EXPECT_LT(plain.runtime->iterationBudgetPerFrame(), 0);
  budgeted.runtime->setIterationBudgetPerFrame(kDefaultIterationBudgetPerFrame);
  unlimited.runtime->setIterationBudgetPerFrame(-1);
  for (int frame = 0; frame < 3; ++frame) {
    const FrameState& a = plain.step();
    const FrameState& b = budgeted.step();
    const FrameState& c = unlimited.step();
    EXPECT_FALSE(plain.runtime->lastStepOverBudget());
    EXPECT_FALSE(budgeted.runtime->lastStepOverBudget());
    EXPECT_EQ(plain.runtime->lastStepIterations(), budgeted.runtime->lastStepIterations());
    ASSERT_EQ(a.mesh.uv.size(), b.mesh.uv.size());
    for (std::size_t i = 0; i < a.mesh.uv.size(); ++i) {
      EXPECT_EQ(a.mesh.uv[i].x, b.mesh.uv[i].x);
      EXPECT_EQ(a.mesh.uv[i].x, c.mesh.uv[i].x);
      EXPECT_EQ(a.mesh.uv[i].y, b.mesh.uv[i].y);
    }
  }
  for (const char* name : {"i", "a"}) {
    EXPECT_EQ(plain.presetVar(name), budgeted.presetVar(name));
    EXPECT_EQ(plain.presetVar(name), unlimited.presetVar(name));
  }
  EXPECT_EQ(plain.shapeVar(0, "e"), budgeted.shapeVar(0, "e"));
  EXPECT_EQ(plain.wavePointVar(0, "d"), budgeted.wavePointVar(0, "d"));
}

// A preset that loops a lot but sanely (a full MD2-capped loop in per_frame, ten iterations on
// each vertex of the 48x36 mesh) stays under the engine's default.
TEST(IterationBudget, HeavyButSanePresetIsNotFlagged) {
  testing::Harness h(
      "[preset00]\nper_frame_1=n = 0; loop(1048576, n = n + 1);\n"
      "per_pixel_1=loop(10, x = x * 0.99);\n",
      48, 36, 320, 240);
  h.runtime->setIterationBudgetPerFrame(kDefaultIterationBudgetPerFrame);
  h.steps(2);
  EXPECT_FALSE(h.runtime->lastStepOverBudget());
  EXPECT_EQ(h.runtime->lastStepIterations(), 1048576 + 10 * kVertices48x36);
}

}  // namespace
}  // namespace phosphene::preset
