#include "clock/FrameClock.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "clock/Random.hpp"

namespace phosphene::clock {
namespace {

TEST(FrameClock, FixedClockStepsExactly) {
  FrameClock c(50.0);
  EXPECT_FALSE(c.started());
  ASSERT_TRUE(c.advance(0.0));
  EXPECT_EQ(c.frame(), 0u);
  EXPECT_DOUBLE_EQ(c.time(), 0.02);
  EXPECT_DOUBLE_EQ(c.fps(), 50.0);
  for (int i = 0; i < 99; ++i) c.advance(0.0);
  EXPECT_EQ(c.frame(), 99u);
  EXPECT_NEAR(c.time(), 2.0, 1e-12);
}

TEST(FrameClock, HostClockDampsTheFrameRateLikeMilkDrop2) {
  FrameClock c;
  c.advance(1.0 / 30.0);
  EXPECT_DOUBLE_EQ(c.fps(), 30.0);  // the first measurement is taken as is
  c.advance(1.0 / 31.0);            // within 3 fps: moves 13 % of the way (pluginshell.cpp DoTime)
  EXPECT_NEAR(c.fps(), 0.87 * 30.0 + 0.13 * 31.0, 1e-9);
  c.advance(1.0 / 60.0);  // a jump of more than 3 fps is taken at once
  EXPECT_DOUBLE_EQ(c.fps(), 60.0);
  EXPECT_NEAR(c.time(), 1.0 / 30 + 1.0 / 31 + 1.0 / 60, 1e-12);
}

TEST(FrameClock, RejectsNegativeAndNonFiniteSteps) {
  FrameClock c;
  EXPECT_FALSE(c.advance(-1.0));
  EXPECT_FALSE(c.advance(NAN));
  EXPECT_FALSE(c.advance(INFINITY));
  EXPECT_FALSE(c.started());
  EXPECT_EQ(c, FrameClock());
}

TEST(FrameClock, TinyHostStepsKeepTheFrameRateFinite) {
  FrameClock c;
  ASSERT_TRUE(c.advance(5e-324));
  EXPECT_TRUE(std::isfinite(c.fps()));
  EXPECT_LE(c.fps(), 10000.0);
}

TEST(Random, SameSeedSameSequenceAndValueSemantics) {
  Random a(42), b(42), c(43);
  for (int i = 0; i < 100; ++i) ASSERT_EQ(a.nextU64(), b.nextU64());
  EXPECT_NE(a.nextU64(), c.nextU64());
  Random copy = a;
  EXPECT_EQ(copy.nextU32(), a.nextU32());
}

TEST(Random, FrandHasMilkDropsSteps) {
  Random r(7);
  std::set<float> seen;
  for (int i = 0; i < 200000; ++i) {
    const float v = r.frand();
    ASSERT_GE(v, 0.0f);
    ASSERT_LE(v, 1.0f);
    seen.insert(v);
  }
  EXPECT_LE(seen.size(), 7381u);  // (rand() mod 7381) / 7380 in MD2
  EXPECT_GT(seen.size(), 7000u);
  for (int i = 0; i < 1000; ++i) {
    const double u = r.uniform();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
  }
}

}  // namespace
}  // namespace phosphene::clock
