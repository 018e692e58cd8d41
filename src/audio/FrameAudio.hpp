#pragma once
// FrameAudio: what the audio stage hands to the rest of the frame — exactly the values MilkDrop 2
// presets read, as a plain value (no handles), so tests can build one by hand.

#include <array>
#include <cstdint>

namespace phosphene::audio {

/// All PCM is resampled to this rate before analysis: MilkDrop 2 assumed Winamp's 44.1 kHz, and
/// its band edges (bins of a 1024-point FFT of 576 samples) only mean the same Hz at that rate.
inline constexpr int kAnalysisSampleRate = 44100;
/// Samples per channel MilkDrop 2 analyses each frame (Winamp's vis block size).
inline constexpr int kWaveformSamples = 576;
/// Spectrum bins per channel (half of MilkDrop 2's 1024-point FFT).
inline constexpr int kSpectrumBins = 512;
/// Magnitude MilkDrop 2 gives digital full scale (its samples were 8-bit, -128..127).
inline constexpr float kFullScale = 128.0f;

struct StereoSample {
  float left = 0.0f;
  float right = 0.0f;
  friend bool operator==(const StereoSample&, const StereoSample&) = default;
};

/// The latest kWaveformSamples per channel, oldest first, full scale ~ +-128.
struct Window {
  std::array<float, kWaveformSamples> left{};
  std::array<float, kWaveformSamples> right{};
};

struct FrameAudio {
  // Preset-visible names, kept verbatim (spec §3.1, §5.2).
  float bass = 1.0f, mid = 1.0f, treb = 1.0f;
  float bass_att = 1.0f, mid_att = 1.0f, treb_att = 1.0f;
  // Shader constants (§8.2): MilkDrop 2 computes treb/3 and treb_att/3; reproduced.
  float vol = 0.3333f, vol_att = 0.3333f;
  bool beat = false;      // onset detector (BeatDetector.hpp); MilkDrop 2 has none
  bool hard_cut = false;  // MilkDrop 2's loudness rule (§5.5) fired this frame
  std::array<std::array<float, kWaveformSamples>, 2> waveform{};  // fWave: [0] left, [1] right
  std::array<std::array<float, kSpectrumBins>, 2> spectrum{};     // fSpectrum (§5.1)
  // MD2's raw band sums imm[0..2] (bass, mid, treb before division by their long average); the
  // built-in wave mode 3 scales its alpha by imm[2]^2 (milkdropfs.cpp RenderWaveForm).
  std::array<float, 3> imm{};
};

}  // namespace phosphene::audio
