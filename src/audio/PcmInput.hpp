#pragma once
// The audio stage's input: hosts push PCM of any format, rate and chunk size (producer side,
// real-time safe); once per frame the analyser takes the latest window (consumer side).
//
// Producer path: convert (SampleFormat) → resample to 44.1 kHz (Resampler) → RingBuffer.
// Resampling happens on the producer so the ring holds one uniform stream whatever the host's
// rate, and so the rate may change between calls without the consumer knowing.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "audio/FrameAudio.hpp"
#include "audio/Resampler.hpp"
#include "audio/RingBuffer.hpp"

namespace phosphene::audio {

enum class PcmStatus { Ok, InvalidArgument, UnsupportedFormat };

inline constexpr int kMinSampleRate = 1000;
inline constexpr int kMaxSampleRate = 768000;
inline constexpr int kMaxChannels = 32;
inline constexpr std::size_t kDefaultRingFrames = 65536;

class PcmInput {
 public:
  explicit PcmInput(std::size_t ringFrames = kDefaultRingFrames);

  // Producer side: one thread at a time; wait-free, no allocation.
  PcmStatus addFloat(const float* samples, std::size_t frames, int channels, int sampleRate);
  PcmStatus addInt16(const std::int16_t* samples, std::size_t frames, int channels, int sampleRate);
  PcmStatus addUint8(const std::uint8_t* samples, std::size_t frames, int channels, int sampleRate);
  /// Samples (at the analysis rate) dropped because the ring was full: the oldest part of a chunk
  /// larger than the free space, or (rarely) the newest when the consumer lags.
  std::uint64_t droppedFrames() const { return dropped_.load(std::memory_order_relaxed); }
  /// Float samples (of the channels used) that were NaN or infinite and became 0.
  std::uint64_t nonFiniteSamples() const { return nonFinite_.load(std::memory_order_relaxed); }

  // Consumer side: one thread at a time.
  /// Moves everything received into the sliding window; returns how many samples arrived.
  std::size_t collect();
  const Window& window() const { return window_; }

  std::size_t ringCapacity() const { return ring_.capacity(); }

 private:
  template <typename Sample>
  PcmStatus add(const Sample* samples, std::size_t frames, int channels, int sampleRate);
  void flushStaging();

  RingBuffer<StereoSample> ring_;
  std::atomic<std::uint64_t> dropped_{0};
  std::atomic<std::uint64_t> nonFinite_{0};
  // Producer-owned: the resampler state and a small staging block so the ring's atomics are
  // touched once per block instead of once per sample.
  Resampler resampler_;
  static constexpr std::size_t kStagingSize = 256;
  StereoSample staging_[kStagingSize];
  std::size_t stagingCount_ = 0;
  // Consumer-owned.
  std::vector<StereoSample> drain_;
  std::vector<StereoSample> history_;  // the latest kWaveformSamples, oldest first
  Window window_;
};

}  // namespace phosphene::audio
