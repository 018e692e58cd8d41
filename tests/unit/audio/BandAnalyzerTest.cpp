#include "audio/BandAnalyzer.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace phosphene::audio {
namespace {

// Spectrum with every bin of band b set to `level` (85 bins for bass and mid, 86 for treb).
std::vector<float> flatSpectrum(float bass, float mid, float treb) {
  std::vector<float> s(512, 0.0f);
  for (int i = 0; i < 85; ++i) s[static_cast<std::size_t>(i)] = bass;
  for (int i = 85; i < 170; ++i) s[static_cast<std::size_t>(i)] = mid;
  for (int i = 170; i < 256; ++i) s[static_cast<std::size_t>(i)] = treb;
  for (int i = 256; i < 512; ++i) s[static_cast<std::size_t>(i)] = 1000.0f;  // upper half unused
  return s;
}

TEST(BandAnalyzer, AdjustRateKeepsTheDecayPerSecond) {
  EXPECT_FLOAT_EQ(adjustRateToFps(0.9f, 30.0f, 30.0f), 0.9f);
  EXPECT_NEAR(adjustRateToFps(0.9f, 30.0f, 60.0f), std::sqrt(0.9), 1e-6);
  EXPECT_NEAR(std::pow(adjustRateToFps(0.992f, 30.0f, 144.0f), 144.0f), std::pow(0.992f, 30.0f),
              1e-4);
}

// MD2 plugin.cpp DoCustomSoundAnalysis: bands are sixths of 512 bins → [0,85), [85,170),
// [170,256); the upper half of the spectrum is ignored.
TEST(BandAnalyzer, BandsAreTheLowerThreeSixths) {
  BandAnalyzer a;
  a.update(flatSpectrum(1.0f, 2.0f, 3.0f).data(), 30.0f, 0);
  EXPECT_FLOAT_EQ(a.imm()[0], 85.0f);
  EXPECT_FLOAT_EQ(a.imm()[1], 170.0f);
  EXPECT_FLOAT_EQ(a.imm()[2], 258.0f);
}

// Spec §5.2: everything starts at 0; while |long_avg| < 0.001 the levels read exactly 1.0.
TEST(BandAnalyzer, SilenceReadsExactlyOne) {
  BandAnalyzer a;
  const auto silent = flatSpectrum(0.0f, 0.0f, 0.0f);
  for (std::uint64_t f = 0; f < 300; ++f) {
    const BandLevels l = a.update(silent.data(), 60.0f, f);
    for (int b = 0; b < 3; ++b) {
      ASSERT_EQ(l.imm_rel[b], 1.0f);
      ASSERT_EQ(l.avg_rel[b], 1.0f);
    }
  }
}

// The first update at 30 fps: avg rate 0.2 (imm > avg = 0), long rate 0.9 (frame < 50).
TEST(BandAnalyzer, FirstFrameFollowsTheStartupRates) {
  BandAnalyzer a;
  const BandLevels l = a.update(flatSpectrum(1.0f, 1.0f, 1.0f).data(), 30.0f, 0);
  EXPECT_FLOAT_EQ(a.avg()[0], 85.0f * 0.8f);
  EXPECT_FLOAT_EQ(a.longAvg()[0], 85.0f * 0.1f);
  EXPECT_FLOAT_EQ(l.imm_rel[0], 10.0f);
  EXPECT_FLOAT_EQ(l.avg_rel[0], 8.0f);
}

// The long-average rate is 0.9 for the visualizer's frames 0..49 and 0.992 from frame 50 on.
TEST(BandAnalyzer, LongAverageRateChangesAtFrame50) {
  const auto loud = flatSpectrum(1.0f, 1.0f, 1.0f);
  const auto quiet = flatSpectrum(0.0f, 0.0f, 0.0f);
  for (std::uint64_t frame : {49u, 50u}) {
    BandAnalyzer a;
    a.update(loud.data(), 30.0f, 0);
    const float before = a.longAvg()[0];
    a.update(quiet.data(), 30.0f, frame);
    EXPECT_FLOAT_EQ(a.longAvg()[0], before * (frame < 50 ? 0.9f : 0.992f)) << frame;
  }
}

TEST(BandAnalyzer, AttackIsFasterThanDecay) {
  BandAnalyzer a;
  a.update(flatSpectrum(1.0f, 1.0f, 1.0f).data(), 30.0f, 0);
  const float up = a.avg()[0];  // rate 0.2 toward 85
  a.update(flatSpectrum(0.0f, 0.0f, 0.0f).data(), 30.0f, 1);
  EXPECT_FLOAT_EQ(a.avg()[0], up * 0.5f);  // rate 0.5 toward 0
}

TEST(BandAnalyzer, AveragesNeverGoSubnormal) {
  BandAnalyzer a;
  a.update(flatSpectrum(1e3f, 1e3f, 1e3f).data(), 60.0f, 0);
  const auto silent = flatSpectrum(0.0f, 0.0f, 0.0f);
  for (std::uint64_t f = 1; f < 20000; ++f) {
    a.update(silent.data(), 60.0f, f);
    for (int b = 0; b < 3; ++b) {
      ASSERT_NE(std::fpclassify(a.avg()[b]), FP_SUBNORMAL) << f;
      ASSERT_NE(std::fpclassify(a.longAvg()[b]), FP_SUBNORMAL) << f;
    }
  }
  EXPECT_EQ(a.longAvg()[0], 0.0f);
}

}  // namespace
}  // namespace phosphene::audio
