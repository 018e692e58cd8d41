#include "audio/PcmInput.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "audio/SampleFormat.hpp"

namespace phosphene::audio {

PcmInput::PcmInput(std::size_t ringFrames)
    : ring_(ringFrames), drain_(4096), history_(kWaveformSamples) {}

template <typename Sample>
PcmStatus PcmInput::add(const Sample* samples, std::size_t frames, int channels, int sampleRate) {
  if (frames == 0) return PcmStatus::Ok;
  if (samples == nullptr) return PcmStatus::InvalidArgument;
  if (channels < 1 || channels > kMaxChannels || sampleRate < kMinSampleRate ||
      sampleRate > kMaxSampleRate)
    return PcmStatus::UnsupportedFormat;
  resampler_.setInputRate(sampleRate);
  // A chunk bigger than the free space keeps its newest samples (those are what the next
  // analysis window shows) and drops its oldest; the resampler still sees every sample, so the
  // signal stays continuous. Free space read here can only be underestimated (the consumer may
  // free more meanwhile), which at worst drops a few more of the oldest.
  const std::uint64_t produced = resampler_.outputCount(frames);
  const std::uint64_t room = ring_.capacity() - ring_.size();
  std::uint64_t skip = produced > room ? produced - room : 0;
  if (skip != 0) dropped_.fetch_add(skip, std::memory_order_relaxed);
  const auto emit = [this, &skip](StereoSample s) {
    if (skip != 0) {
      --skip;
      return;
    }
    staging_[stagingCount_++] = s;
    if (stagingCount_ == kStagingSize) flushStaging();
  };
  std::uint64_t nonFinite = 0;
  for (std::size_t i = 0; i < frames; ++i) {
    const Sample* frame = samples + i * static_cast<std::size_t>(channels);
    if constexpr (std::is_floating_point_v<Sample>) {
      for (int c = 0; c < std::min(channels, 2); ++c) nonFinite += std::isfinite(frame[c]) ? 0 : 1;
    }
    resampler_.push(convertFrame(frame, channels), emit);
  }
  // Counted for the controller to report (AUD003); the producer itself never logs.
  if (nonFinite != 0) nonFinite_.fetch_add(nonFinite, std::memory_order_relaxed);
  flushStaging();
  return PcmStatus::Ok;
}

void PcmInput::flushStaging() {
  const std::size_t written = ring_.push(staging_, stagingCount_);
  if (written < stagingCount_)
    dropped_.fetch_add(stagingCount_ - written, std::memory_order_relaxed);
  stagingCount_ = 0;
}

PcmStatus PcmInput::addFloat(const float* samples, std::size_t frames, int channels,
                             int sampleRate) {
  return add(samples, frames, channels, sampleRate);
}
PcmStatus PcmInput::addInt16(const std::int16_t* samples, std::size_t frames, int channels,
                             int sampleRate) {
  return add(samples, frames, channels, sampleRate);
}
PcmStatus PcmInput::addUint8(const std::uint8_t* samples, std::size_t frames, int channels,
                             int sampleRate) {
  return add(samples, frames, channels, sampleRate);
}

std::size_t PcmInput::collect() {
  std::size_t total = 0;
  // Only what is there now: a producer flooding the ring must not keep this loop going.
  std::size_t budget = ring_.size();
  while (budget > 0) {
    const std::size_t n = ring_.pop(drain_.data(), std::min(budget, drain_.size()));
    if (n == 0) break;
    budget -= n;
    total += n;
    // Only the newest kWaveformSamples matter; shift the history left and append.
    const std::size_t keep = n >= history_.size() ? 0 : history_.size() - n;
    std::copy(history_.end() - static_cast<std::ptrdiff_t>(keep), history_.end(), history_.begin());
    const std::size_t take = history_.size() - keep;
    std::copy(drain_.begin() + static_cast<std::ptrdiff_t>(n - take),
              drain_.begin() + static_cast<std::ptrdiff_t>(n),
              history_.begin() + static_cast<std::ptrdiff_t>(keep));
  }
  for (int i = 0; i < kWaveformSamples; ++i) {
    window_.left[i] = history_[i].left;
    window_.right[i] = history_[i].right;
  }
  return total;
}

}  // namespace phosphene::audio
