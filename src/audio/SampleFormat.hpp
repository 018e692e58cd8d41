#pragma once
// Conversion of host PCM samples to MilkDrop 2's scale (§5.1: full scale ~ +-128, as its 8-bit
// input was). Non-finite input becomes 0 and extreme floats are clipped, so nothing downstream
// (FFT, averages) can ever see NaN, Inf or an overflow.

#include <cmath>
#include <cstdint>

#include "audio/FrameAudio.hpp"

namespace phosphene::audio {

/// Float input is clipped to +-kFloatClip of full scale: hot mixes above 1.0 survive, while a
/// 1024-point FFT of the largest value stays far from float overflow.
inline constexpr float kFloatClip = 8.0f;

inline float convertSample(float s) {
  // Subnormal input would stay subnormal through the FFT and slow every operation on it.
  if (!std::isfinite(s) || std::fabs(s) < 1e-30f) return 0.0f;
  s = std::fmax(-kFloatClip, std::fmin(kFloatClip, s));
  return s * kFullScale;
}
// 32768 / 128 = 256: the float and int16 forms of one signal convert to the same value.
inline float convertSample(std::int16_t s) {
  return static_cast<float>(s) * (1.0f / 256.0f);
}
// Exactly MilkDrop 2's `(b ^ 128) - 128` (pluginshell.cpp AnalyzeNewSound).
inline float convertSample(std::uint8_t s) {
  return static_cast<float>(static_cast<int>(s) - 128);
}

/// One interleaved frame of `channels` samples to stereo: mono feeds both sides; channels beyond
/// the second are ignored.
template <typename Sample>
inline StereoSample convertFrame(const Sample* frame, int channels) {
  const float left = convertSample(frame[0]);
  return {left, channels >= 2 ? convertSample(frame[1]) : left};
}

}  // namespace phosphene::audio
