#include "audio/BeatDetector.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "unit/audio/AudioTestSignals.hpp"

namespace phosphene::audio {
namespace {

using test::analyzeSignal;

std::vector<std::size_t> beatFrames(const std::vector<FrameAudio>& frames) {
  std::vector<std::size_t> out;
  for (std::size_t f = 0; f < frames.size(); ++f)
    if (frames[f].beat) out.push_back(f);
  return out;
}

// 120 BPM: a kick every 0.5 s, starting off the frame grid, over quiet noise and a steady
// hi-hat-like tone. Frame f hears audio up to (f + 1)/fps, so a kick at T first shows in frame
// ceil(T·fps − 1); the detected frame must be within −1..+2 of that, once per kick, and nowhere
// else — except frame 0, where the background itself starts out of silence (an onset, if loud
// enough).
void expectKicksDetected(double fps, int rate) {
  std::vector<double> onsets;
  for (int k = 0; k < 12; ++k) onsets.push_back(0.537 + 0.5 * k);
  const auto signal =
      test::sum({test::noise(0.01), test::sine(6000.0, 0.05), test::kicks(onsets, 0.9)});
  const auto frames = analyzeSignal(signal, 6.6, rate, fps);
  auto beats = beatFrames(frames);
  if (!beats.empty() && beats.front() == 0) beats.erase(beats.begin());
  std::string list;
  for (auto b : beats) list += std::to_string(b) + " ";
  ASSERT_EQ(beats.size(), onsets.size()) << "fps " << fps << " beats at frames " << list;
  for (std::size_t k = 0; k < onsets.size(); ++k) {
    const double first = std::ceil(onsets[k] * fps - 1.0);
    EXPECT_GE(static_cast<double>(beats[k]), first - 1.0) << "kick " << k << " fps " << fps;
    EXPECT_LE(static_cast<double>(beats[k]), first + 2.0) << "kick " << k << " fps " << fps;
  }
}

TEST(BeatDetector, Finds120BpmKicksAt60Fps) {
  expectKicksDetected(60.0, 44100);
}
TEST(BeatDetector, Finds120BpmKicksAt30FpsAnd48kHz) {
  expectKicksDetected(30.0, 48000);
}
TEST(BeatDetector, Finds120BpmKicksAt144Fps) {
  expectKicksDetected(144.0, 44100);
}

TEST(BeatDetector, SteadySoundsAndSilenceGiveNoBeats) {
  EXPECT_TRUE(beatFrames(analyzeSignal([](double, int) { return 0.0f; }, 2.0)).empty());
  // After the onset of the tone itself, a steady tone plus noise must stay quiet.
  const auto frames = analyzeSignal(test::sum({test::noise(0.05), test::sine(80.0, 0.5)}), 4.0);
  for (std::size_t f = 30; f < frames.size(); ++f) EXPECT_FALSE(frames[f].beat) << f;
}

TEST(BeatDetector, RefractoryPeriodStopsDoubleTriggers) {
  BeatDetector d;
  std::vector<float> spectrum(16, 0.0f);
  int beats = 0;
  for (int f = 0; f < 60; ++f) {  // one second of ever-rising energy: at most 1 / 0.3 s
    for (int k = 1; k <= 8; ++k)
      spectrum[static_cast<std::size_t>(k)] = 100.0f * std::pow(1.5f, f % 20);
    beats += d.update(spectrum.data(), 1.0 / 60.0) ? 1 : 0;
  }
  EXPECT_LE(beats, 4);
  EXPECT_GE(beats, 1);
}

// Kicks too quiet for the default thresholds (a 40 % jump over the recent peak, nowhere near the
// doubling asked for) count at sensitivity 3 (jump 1.33); sensitivity 1 is the default, and the
// value is clamped to 0.1..10 (non-finite: 1).
TEST(BeatDetector, SensitivityMovesTheThresholds) {
  const auto feed = [](BeatDetector& d) {
    std::vector<float> spectrum(16, 0.0f);
    int beats = 0;
    for (int f = 0; f < 240; ++f) {  // 4 s: a 1.4× energy bump every 0.5 s over a steady base
      const float level = f % 30 == 0 ? 1.4f * 4000.0f : 4000.0f;
      for (int k = 1; k <= 8; ++k) spectrum[static_cast<std::size_t>(k)] = std::sqrt(level / 8.0f);
      beats += d.update(spectrum.data(), 1.0 / 60.0) ? 1 : 0;
    }
    return beats;
  };
  BeatDetector normal, keen, deaf;
  EXPECT_FLOAT_EQ(normal.sensitivity(), 1.0f);
  keen.setSensitivity(3.0f);
  deaf.setSensitivity(0.5f);
  const int atOne = feed(normal), atThree = feed(keen), atHalf = feed(deaf);
  EXPECT_LE(atOne, 1);  // at most the start out of silence
  EXPECT_GE(atThree, 7) << "8 bumps in 4 s";
  EXPECT_LE(atHalf, atOne);
  BeatDetector d;
  d.setSensitivity(100.0f);
  EXPECT_FLOAT_EQ(d.sensitivity(), BeatDetector::kMaxSensitivity);
  d.setSensitivity(0.0f);
  EXPECT_FLOAT_EQ(d.sensitivity(), BeatDetector::kMinSensitivity);
  d.setSensitivity(std::nanf(""));
  EXPECT_FLOAT_EQ(d.sensitivity(), 1.0f);
}

}  // namespace
}  // namespace phosphene::audio
