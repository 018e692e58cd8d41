#include "audio/Resampler.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace phosphene::audio {
namespace {

std::vector<StereoSample> resample(const std::vector<float>& in, int rate) {
  Resampler r;
  r.setInputRate(rate);
  std::vector<StereoSample> out;
  for (float s : in) r.push({s, -s}, [&](StereoSample o) { out.push_back(o); });
  return out;
}

std::vector<float> sineAt(double hz, int rate, int count) {
  std::vector<float> v(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i)
    v[static_cast<std::size_t>(i)] =
        static_cast<float>(std::sin(2.0 * std::numbers::pi * hz * i / rate));
  return v;
}

TEST(Resampler, At441kHzItIsAnExactTwoSampleDelay) {
  const std::vector<float> in = sineAt(1234.5, 44100, 1000);
  const auto out = resample(in, 44100);
  ASSERT_EQ(out.size(), in.size());
  EXPECT_EQ(out[0].left, 0.0f);
  EXPECT_EQ(out[1].left, 0.0f);
  for (std::size_t i = 2; i < out.size(); ++i) {
    EXPECT_EQ(out[i].left, in[i - 2]);
    EXPECT_EQ(out[i].right, -in[i - 2]);
  }
}

TEST(Resampler, OutputCountFollowsTheRateRatioWithoutDrift) {
  for (int rate : {8000, 22050, 32000, 48000, 96000, 192000}) {
    const int seconds = 3;
    const auto out = resample(std::vector<float>(static_cast<std::size_t>(rate * seconds)), rate);
    EXPECT_NEAR(static_cast<double>(out.size()), 44100.0 * seconds, 1.0) << rate;
  }
}

// A 1 kHz sine at 48 kHz must come out as the same sine at 44.1 kHz (delayed by the two input
// samples of latency), within the interpolation error of a cubic at ~48 samples per period.
TEST(Resampler, PreservesASineFrom48kHz) {
  const double hz = 1000.0;
  const auto out = resample(sineAt(hz, 48000, 48000), 48000);
  double worst = 0.0;
  for (std::size_t i = 100; i < out.size(); ++i) {
    const double t = static_cast<double>(i) / 44100.0 - 2.0 / 48000.0;
    worst = std::max(worst, std::fabs(out[i].left - std::sin(2.0 * std::numbers::pi * hz * t)));
  }
  EXPECT_LT(worst, 2e-3);
}

TEST(Resampler, ChunkingDoesNotMatterBecauseStateIsPerSample) {
  // The resampler has no notion of chunks; this guards that nothing is added that does.
  const std::vector<float> in = sineAt(440.0, 48000, 5000);
  const auto whole = resample(in, 48000);
  Resampler r;
  r.setInputRate(48000);
  std::vector<StereoSample> pieces;
  for (std::size_t i = 0; i < in.size(); ++i)
    r.push({in[i], -in[i]}, [&](StereoSample o) { pieces.push_back(o); });
  EXPECT_EQ(whole, pieces);
}

}  // namespace
}  // namespace phosphene::audio
