#include "audio/PcmInput.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace phosphene::audio {
namespace {

TEST(PcmInput, RejectsBadFormatsAndAcceptsEmptyChunks) {
  PcmInput in;
  const float s[4] = {};
  EXPECT_EQ(in.addFloat(s, 0, 2, 44100), PcmStatus::Ok);
  EXPECT_EQ(in.addFloat(nullptr, 0, 2, 44100), PcmStatus::Ok);
  EXPECT_EQ(in.addFloat(nullptr, 1, 2, 44100), PcmStatus::InvalidArgument);
  EXPECT_EQ(in.addFloat(s, 1, 0, 44100), PcmStatus::UnsupportedFormat);
  EXPECT_EQ(in.addFloat(s, 1, 33, 44100), PcmStatus::UnsupportedFormat);
  EXPECT_EQ(in.addFloat(s, 1, 2, 999), PcmStatus::UnsupportedFormat);
  EXPECT_EQ(in.addFloat(s, 1, 2, 768001), PcmStatus::UnsupportedFormat);
}

TEST(PcmInput, WindowHoldsTheLatest576SamplesOldestFirst) {
  PcmInput in;
  std::vector<float> ramp(2 * 1000);
  for (int i = 0; i < 1000; ++i) {
    ramp[static_cast<std::size_t>(2 * i)] = static_cast<float>(i) / 1024.0f;
    ramp[static_cast<std::size_t>(2 * i + 1)] = -static_cast<float>(i) / 1024.0f;
  }
  in.addFloat(ramp.data(), 1000, 2, 44100);
  EXPECT_EQ(in.collect(), 1000u);
  // Two samples of resampler latency: the newest sample is input 997.
  EXPECT_FLOAT_EQ(in.window().left[575], 997.0f / 8.0f);
  EXPECT_FLOAT_EQ(in.window().left[0], 422.0f / 8.0f);
  EXPECT_FLOAT_EQ(in.window().right[0], -422.0f / 8.0f);
  // No new samples: the window stays; a few new ones: it slides by that many.
  EXPECT_EQ(in.collect(), 0u);
  EXPECT_FLOAT_EQ(in.window().left[575], 997.0f / 8.0f);
  in.addFloat(ramp.data(), 10, 2, 44100);
  in.collect();
  EXPECT_FLOAT_EQ(in.window().left[565], 997.0f / 8.0f);
}

// A chunk larger than the ring keeps its newest samples, so the next window is the chunk's end,
// the same as if it had been fed in small pieces; what did not fit is counted, nothing blocks.
TEST(PcmInput, AnOversizedChunkKeepsItsNewestSamples) {
  PcmInput in(1024);
  std::vector<float> ramp(2 * 3000);
  for (int i = 0; i < 3000; ++i)
    ramp[static_cast<std::size_t>(2 * i)] = static_cast<float>(i) / 4096.0f;
  in.addFloat(ramp.data(), 3000, 2, 44100);
  EXPECT_EQ(in.droppedFrames(), 3000u - 1024u);
  EXPECT_EQ(in.collect(), 1024u);
  EXPECT_FLOAT_EQ(in.window().left[575], 2997.0f / 32.0f);  // input 2997: 2 samples of latency

  // With the ring already holding unread samples, the overflow of the next chunk is still its
  // oldest part.
  in.addFloat(ramp.data(), 1000, 2, 44100);
  in.addFloat(ramp.data() + 2000, 500, 2, 44100);
  EXPECT_EQ(in.droppedFrames(), 1976u + 476u);
  in.collect();
  EXPECT_FLOAT_EQ(in.window().left[575], 1497.0f / 32.0f);
}

TEST(PcmInput, ResamplerPredictsItsOutputCount) {
  for (int rate : {8000, 44100, 48000, 96000}) {
    Resampler r;
    r.setInputRate(rate);
    std::uint64_t emitted = 0;
    for (int chunk : {1, 7, 1000, 3, 48000}) {
      const std::uint64_t predicted = r.outputCount(static_cast<std::uint64_t>(chunk));
      std::uint64_t n = 0;
      for (int i = 0; i < chunk; ++i) r.push({}, [&](StereoSample) { ++n; });
      EXPECT_EQ(n, predicted) << rate << " " << chunk;
      emitted += n;
    }
    EXPECT_GT(emitted, 0u);
  }
}

TEST(PcmInput, ProducerThreadAndConsumerThreadRunTogether) {
  PcmInput in(4096);
  std::thread producer([&] {
    std::vector<std::int16_t> chunk(2 * 441, 1000);
    for (int i = 0; i < 2000; ++i) in.addInt16(chunk.data(), 441, 2, 44100);
  });
  std::size_t received = 0;
  while (received + in.droppedFrames() < 2000u * 441u) received += in.collect();
  producer.join();
  received += in.collect();
  EXPECT_EQ(received + in.droppedFrames(), 2000u * 441u);
}

}  // namespace
}  // namespace phosphene::audio
