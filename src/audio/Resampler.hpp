#pragma once
// Streaming sample-rate conversion of stereo samples to kAnalysisSampleRate with 4-point cubic
// Hermite interpolation. The output depends only on the input sequence, never on how it is split
// into calls (state is kept per sample; positions are exact integer ratios, so there is no drift),
// and 44.1 kHz input passes through unchanged (delayed by two samples).
//
// No anti-alias filter: when downsampling, content between the output Nyquist (22.05 kHz) and the
// input Nyquist folds back. MilkDrop's bands end at 11 kHz and real program material has little
// energy up there, so the cost of a proper polyphase filter was not worth it on the audio thread.

#include <array>
#include <cstdint>

#include "audio/FrameAudio.hpp"

namespace phosphene::audio {

class Resampler {
 public:
  /// Sets the input rate; a change restarts the interpolation phase (the history is kept so the
  /// signal stays continuous).
  void setInputRate(int inputRate);
  int inputRate() const { return inputRate_; }

  /// How many output samples the next `inputCount` push() calls will emit.
  std::uint64_t outputCount(std::uint64_t inputCount) const {
    // Outputs fall at phase_, phase_ + inputRate, ... on a scale where each input spans
    // kAnalysisSampleRate units.
    const std::uint64_t span = inputCount * kAnalysisSampleRate;
    const auto first = static_cast<std::uint64_t>(phase_);
    return first < span ? (span - 1 - first) / static_cast<std::uint64_t>(inputRate_) + 1 : 0;
  }

  /// Feeds one input sample; calls `emit(StereoSample)` for each output sample it completes
  /// (zero, one, or several when upsampling).
  template <typename Emit>
  void push(StereoSample in, Emit&& emit) {
    history_[0] = history_[1];
    history_[1] = history_[2];
    history_[2] = history_[3];
    history_[3] = in;
    // Outputs fall between history_[1] and history_[2]; phase_/outputRate is the fraction.
    while (phase_ < kAnalysisSampleRate) {
      emit(interpolate(static_cast<float>(phase_) / static_cast<float>(kAnalysisSampleRate)));
      phase_ += inputRate_;
    }
    phase_ -= kAnalysisSampleRate;
  }

 private:
  StereoSample interpolate(float t) const;

  int inputRate_ = kAnalysisSampleRate;
  std::int64_t phase_ = 0;
  std::array<StereoSample, 4> history_{};
};

}  // namespace phosphene::audio
