#pragma once
// MilkDrop 2's waveform alignment (vis_milk2 pluginshell.cpp AlignWaves; not in the spec's §5):
// each frame, the window is shifted left by 0..95 samples so that its first 480 samples best match
// the previous frame's aligned samples, which keeps a steady tone's drawn wave from crawling.
// The search is coarse-to-fine over 6 levels of 2x box-filtered copies, scoring each offset by a
// weighted sum of absolute differences (weights: a clipped triangle emphasising the middle).
// When the offset is non-zero, samples 480..575 are zeroed afterwards ("visually evident that
// these samples are now bogus"). MD2 then runs its bass/mid/treb FFT on this aligned window.

#include <array>
#include <vector>

#include "audio/FrameAudio.hpp"

namespace phosphene::audio {

/// MD2's NUM_WAVEFORM_SAMPLES (defines.h): samples kept after alignment.
inline constexpr int kAlignedSamples = 480;

class WaveAligner {
 public:
  WaveAligner();

  /// Aligns `window` in place against the previous call's window; returns the offsets used.
  std::array<int, 2> align(Window& window);

 private:
  static constexpr int kSpace = kWaveformSamples - kAlignedSamples;  // 96 candidate offsets
  static constexpr int kMaxOctaves = 10;
  int octaves_ = 0;
  std::array<int, kMaxOctaves> samples_{};  // level length: 576, 288, ...
  std::array<int, kMaxOctaves> space_{};    // offsets searched at that level: 96, 48, ...
  std::array<std::vector<float>, kMaxOctaves> weight_;
  std::array<int, kMaxOctaves> firstWeight_{};
  std::array<int, kMaxOctaves> lastWeight_{};
  // Scratch pyramids (level o at [o][0 .. samples_[o])), members so a frame never allocates.
  std::array<std::array<float, kWaveformSamples>, kMaxOctaves> fresh_{};
  std::array<std::array<float, kWaveformSamples>, kMaxOctaves> old_{};
  std::array<std::array<float, kWaveformSamples>, 2> oldWave_{};  // previous raw window
  std::array<int, 2> prevOffset_{};
};

}  // namespace phosphene::audio
