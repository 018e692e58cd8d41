#include "AudioReport.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace phosphene::play {
namespace {

TEST(AudioReport, NamesTheLoudestBinAndTheLevelPerChannel) {
  phosphene_audio_frame frame;
  phosphene_audio_frame_init(&frame);
  frame.frame = 42;
  frame.bass = 1.5f;
  for (int i = 0; i < PHOSPHENE_WAVEFORM_SAMPLES; ++i)
    frame.waveform[0][i] = static_cast<float>(64.0 * std::sin(2 * std::numbers::pi * i / 44.1));
  frame.spectrum[0][23] = 10.0f;  // 23 * 44100 / 1024 = 990.5 Hz
  frame.spectrum[0][0] = 99.0f;   // the mean is never the tone
  const ChannelSummary left = summariseChannel(frame, 0);
  EXPECT_NEAR(left.peakHz, 990.5, 0.1);
  EXPECT_NEAR(left.rms, 0.5 / std::sqrt(2.0), 0.01);
  EXPECT_EQ(summariseChannel(frame, 1).peakHz, 0.0);
  EXPECT_EQ(describeAudio(frame),
            "audio: frame 42 left 991 Hz rms 0.353 right silent bass 1.50 mid 0.00 treb 0.00");
}

}  // namespace
}  // namespace phosphene::play
