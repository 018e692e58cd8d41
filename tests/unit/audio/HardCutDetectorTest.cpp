#include "audio/HardCutDetector.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace phosphene::audio {
namespace {

// MD2 milkdropfs.cpp RenderFrame: threshold starts at 2·2.5 = 5; a cut needs
// bass + mid + treb > 3·threshold; after a cut the threshold doubles; otherwise it decays toward
// 2.5 by exp(−1.3863 / (halflife · fps)) per frame.
TEST(HardCutDetector, FollowsMilkDrop2sLoudnessRule) {
  HardCutDetector d;
  EXPECT_FALSE(d.update(3.0f, 60.0f, 0));
  EXPECT_NEAR(d.threshold(), (5.0f - 2.5f) * std::exp(-1.3863f / (60.0f * 60.0f)) + 2.5f, 1e-6);
  EXPECT_FALSE(d.update(14.9f, 60.0f, 1));
  const float before = d.threshold();
  EXPECT_TRUE(d.update(3.0f * before + 0.01f, 60.0f, 2));
  EXPECT_FLOAT_EQ(d.threshold(), before * 2.0f);
}

TEST(HardCutDetector, ThresholdDecaysToTheBaseWithAHalfLifeOfHalfTheSetting) {
  HardCutDetector d;
  d.update(0.0f, 30.0f, 0);
  for (int f = 1; f < 30 * 30; ++f) d.update(0.0f, 30.0f, static_cast<std::uint64_t>(f));
  // After 30 s (the configured 60 s halflife · 0.5) the excess over 2.5 has halved.
  EXPECT_NEAR(d.threshold() - 2.5f, 2.5f * 0.5f, 0.01f);
}

TEST(HardCutDetector, NothingBelowOneFps) {
  HardCutDetector d;
  EXPECT_FALSE(d.update(1000.0f, 0.5f, 0));
}

}  // namespace
}  // namespace phosphene::audio
