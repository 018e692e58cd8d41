// The live sprites. MD2 facts: plugin.cpp LaunchSprite (first free slot, else the sprite with
// the lowest start frame is killed; NUM_TEX = 16 in texmgr.h), texmgr.cpp RunInitCode (variables
// reset, defaults set, init run once) and RegisterBuiltInVariables (the variable list),
// milkdropfs.cpp DrawUserSprites (inputs per frame: time and frame since the launch, fps,
// progress, bass..treb_att; slot order; `done` kills after the draw).
#include <gtest/gtest.h>

#include "sprite/SpriteSet.hpp"

namespace phosphene::sprite {
namespace {

SpriteDefinition def(std::string init, std::string code, int number = 0) {
  const std::string text = "img=a.png\ninit_1=" + init + "\ncode_1=" + code + "\n";
  core::Expected<SpriteDefinition> d = parseSpriteBody(text);
  d->number = number;
  return std::move(d.value());
}

struct Frame {
  std::vector<SpriteDraw> draws;
  std::vector<SpriteId> ended;
};

Frame step(SpriteSet& set, SpriteFrameInputs in) {
  Frame f;
  if (in.viewWidth == 0) in.viewWidth = in.viewHeight = 100;
  set.step(in, f.draws, f.ended);
  return f;
}

TEST(SpriteSet, InitSeesZeroInputsAndDefaultsThenCodeSeesTimeSinceLaunch) {
  eel::Globals globals;
  SpriteSet set(globals);
  // The init runs after the defaults are set: sx reads 1. Inputs are 0 during init.
  const LaunchResult r = set.launch(
      def("t0 = time + frame; s = sx*2;", "x = t0 + time*0.1; y = frame*0.1 + s*0.1; burn = 0;"),
      {7, 10, 10}, 5.0, 100);
  ASSERT_NE(r.id, 0u);
  EXPECT_TRUE(r.diagnostics.empty());
  SpriteFrameInputs in;
  in.time = 6.0;
  in.frame = 102;
  const Frame f = step(set, in);
  ASSERT_EQ(f.draws.size(), 1u);
  EXPECT_EQ(f.draws[0].image.key, 7u);
  EXPECT_FALSE(f.draws[0].quad.burnIn);
  // x = 0 + 1·0.1 → clip −0.8; y = 2·0.1 + 0.2 = 0.4 → MD2 clip −0.2 → GL +0.2 (centre).
  const float cx = (f.draws[0].quad.screen[0].x + f.draws[0].quad.screen[3].x) / 2;
  const float cy = (f.draws[0].quad.screen[0].y + f.draws[0].quad.screen[3].y) / 2;
  EXPECT_NEAR(cx, -0.8f, 1e-5);
  EXPECT_NEAR(cy, 0.2f, 1e-5);
}

TEST(SpriteSet, ValuesPersistFromFrameToFrame) {
  eel::Globals globals;
  SpriteSet set(globals);
  set.launch(def("", "x = x + 0.1;"), {}, 0.0, 0);
  step(set, {});
  const Frame f = step(set, {});
  const float cx = (f.draws[0].quad.screen[0].x + f.draws[0].quad.screen[3].x) / 2;
  EXPECT_NEAR(cx, 0.4f, 1e-5);  // x = 0.7 after two frames
}

TEST(SpriteSet, DoneDrawsOnceMoreThenEnds) {
  eel::Globals globals;
  SpriteSet set(globals);
  const SpriteId id = set.launch(def("", "done = frame >= 2;"), {}, 0.0, 0).id;
  SpriteFrameInputs in;
  for (std::uint64_t frame = 0; frame < 2; ++frame) {
    in.frame = frame;
    EXPECT_TRUE(step(set, in).ended.empty());
  }
  in.frame = 2;
  const Frame last = step(set, in);
  ASSERT_EQ(last.draws.size(), 1u);
  EXPECT_TRUE(last.draws[0].quad.done);
  ASSERT_EQ(last.ended.size(), 1u);
  EXPECT_EQ(last.ended[0], id);
  EXPECT_EQ(set.count(), 0u);
}

TEST(SpriteSet, SeventeenthLaunchEvictsTheOldest) {
  eel::Globals globals;
  SpriteSet set(globals);
  EXPECT_EQ(set.maxSprites(), 16);
  std::vector<SpriteId> ids;
  // Slot 3 gets the earliest start frame; it is the one evicted, and the new sprite takes its
  // slot (draw order is slot order, not launch order).
  for (int i = 0; i < 16; ++i)
    ids.push_back(set.launch(def("", ""), {}, 0.0, i == 3 ? 1 : 10 + i).id);
  const LaunchResult r = set.launch(def("", ""), {}, 0.0, 50);
  EXPECT_EQ(r.evicted, ids[3]);
  EXPECT_EQ(set.count(), 16u);
  EXPECT_EQ(set.ids()[3], r.id);
}

TEST(SpriteSet, KillAndKillAll) {
  eel::Globals globals;
  SpriteSet set(globals);
  const SpriteId a = set.launch(def("", ""), {1, 1, 1}, 0.0, 0).id;
  const SpriteId b = set.launch(def("", ""), {2, 1, 1}, 0.0, 0).id;
  EXPECT_TRUE(set.kill(a));
  EXPECT_FALSE(set.kill(a));
  EXPECT_FALSE(set.usesImage(1));
  EXPECT_TRUE(set.usesImage(2));
  // A freed slot is reused by the next launch (the first free slot).
  const SpriteId c = set.launch(def("", ""), {3, 1, 1}, 0.0, 0).id;
  EXPECT_EQ(set.ids(), (std::vector<SpriteId>{c, b}));
  EXPECT_EQ(set.killAll(), (std::vector<SpriteId>{c, b}));
  EXPECT_EQ(set.count(), 0u);
}

TEST(SpriteSet, CodeThatDoesNotCompileIsReportedAndTheSpriteRuns) {
  eel::Globals globals;
  SpriteSet set(globals);
  const LaunchResult r = set.launch(def("x = ;", "y = (;"), {}, 0.0, 0);
  EXPECT_NE(r.id, 0u);
  int failed = 0;
  for (const auto& d : r.diagnostics) failed += d.id == core::DiagnosticId::SpriteCodeFailed;
  EXPECT_EQ(failed, 2);
  EXPECT_EQ(step(set, {}).draws.size(), 1u);
}

TEST(SpriteSet, InputsReachTheCode) {
  eel::Globals globals;
  SpriteSet set(globals);
  set.launch(def("", "r = bass; g = mid_att; b = treb; a = progress; rot = fps;"), {}, 0.0, 0);
  SpriteFrameInputs in;
  in.bass = 0.5;
  in.midAtt = 0.25;
  in.treb = 1.0;
  in.progress = 0.75;
  const Frame f = step(set, in);
  EXPECT_NEAR(f.draws[0].quad.colour[0], 127.0f / 255.0f, 1e-6);
  EXPECT_NEAR(f.draws[0].quad.colour[1], 63.0f / 255.0f, 1e-6);
  EXPECT_NEAR(f.draws[0].quad.colour[3], 191.0f / 255.0f, 1e-6);
}

TEST(SpriteSet, LoopsStopAtTheFrameBudget) {
  eel::Globals globals;
  SpriteSet set(globals);
  set.setIterationBudget(1000);
  const LaunchResult light = set.launch(def("", "x = 0.5;", 3), {}, 0.0, 0);
  step(set, {});
  EXPECT_FALSE(set.lastStepCut()) << "a frame within the budget is not cut";
  set.kill(light.id);
  const LaunchResult heavy =
      set.launch(def("", "n = 0; loop(100000, n = n + 1); x = n / 1000000;", 7), {}, 0.0, 0);
  EXPECT_FALSE(heavy.initOverBudget);
  const Frame f = step(set, {});
  // The engine logs the cut once, naming the sprite.
  ASSERT_TRUE(set.lastStepCut());
  EXPECT_EQ(set.lastStepCut()->id, heavy.id);
  EXPECT_EQ(set.lastStepCut()->number, 7);
  // n stopped at the budget: x = 0.001, clip -0.998 (without it x would be 0.1).
  EXPECT_NEAR((f.draws[0].quad.screen[0].x + f.draws[0].quad.screen[3].x) / 2, -0.998f, 1e-4);
}

TEST(SpriteSet, InitLoopsStopAtTheBudget) {
  eel::Globals globals;
  SpriteSet set(globals);
  set.setIterationBudget(1000);
  EXPECT_TRUE(set.launch(def("n = 0; loop(100000, n = n + 1);", "x = n / 1000000;"), {}, 0.0, 0)
                  .initOverBudget);
  const Frame f = step(set, {});
  EXPECT_FALSE(set.lastStepCut()) << "the per-frame code stays within the budget";
  EXPECT_NEAR((f.draws[0].quad.screen[0].x + f.draws[0].quad.screen[3].x) / 2, -0.998f, 1e-4);
}

TEST(SpriteSet, SpritesShareOneBudgetPerFrame) {
  eel::Globals globals;
  SpriteSet set(globals);
  set.setIterationBudget(1000);
  const std::string code = "n = 0; loop(600, n = n + 1); x = n / 1000;";
  set.launch(def("", code), {}, 0.0, 0);
  const SpriteId second = set.launch(def("", code), {}, 0.0, 0).id;
  for (int frame = 0; frame < 2; ++frame) {
    // Slot order: the first runs its 600, the second gets the 400 left (x 0.6 and 0.4, clip 0.2
    // and -0.2); the next frame starts with the whole budget again.
    const Frame f = step(set, {});
    ASSERT_EQ(f.draws.size(), 2u);
    EXPECT_NEAR((f.draws[0].quad.screen[0].x + f.draws[0].quad.screen[3].x) / 2, 0.2f, 1e-4);
    EXPECT_NEAR((f.draws[1].quad.screen[0].x + f.draws[1].quad.screen[3].x) / 2, -0.2f, 1e-4);
    ASSERT_TRUE(set.lastStepCut());
    EXPECT_EQ(set.lastStepCut()->id, second) << "the budget ran out in the second's code";
  }
}

TEST(SpriteSet, RegistersAreSharedWithTheEngine) {
  eel::Globals globals;
  globals.reg(5) = 0.5;
  SpriteSet set(globals);
  set.launch(def("", "x = reg05;"), {}, 0.0, 0);
  const Frame f = step(set, {});
  EXPECT_NEAR((f.draws[0].quad.screen[0].x + f.draws[0].quad.screen[3].x) / 2, 0.0f, 1e-6);
}

}  // namespace
}  // namespace phosphene::sprite
