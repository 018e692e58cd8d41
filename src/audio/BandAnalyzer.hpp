#pragma once
// MilkDrop 2's bass/mid/treb (spec §5.2; vis_milk2 plugin.cpp DoCustomSoundAnalysis): band sums
// of the left channel's equalised spectrum, an attack/decay average and a long-term average, both
// adjusted to the frame rate, and the levels relative to the long-term average.

#include <array>
#include <cstdint>

namespace phosphene::audio {

struct BandLevels {
  std::array<float, 3> imm_rel{1.0f, 1.0f, 1.0f};  // bass, mid, treb
  std::array<float, 3> avg_rel{1.0f, 1.0f, 1.0f};  // bass_att, mid_att, treb_att
};

/// adjust(r, fps1, actual) = (r^fps1)^(1/actual): the per-frame rate at `actualFps` that decays
/// as much per second as `rate` does at `referenceFps` (vis_milk2 utility.cpp AdjustRateToFPS).
float adjustRateToFps(float rate, float referenceFps, float actualFps);

class BandAnalyzer {
 public:
  /// `leftSpectrum`: 512 equalised magnitudes of the left channel. `frame`: the visualizer's
  /// global frame counter (0 for the first frame), which picks the long-average rate.
  BandLevels update(const float* leftSpectrum, float fps, std::uint64_t frame);

  const std::array<float, 3>& imm() const { return imm_; }
  const std::array<float, 3>& avg() const { return avg_; }
  const std::array<float, 3>& longAvg() const { return longAvg_; }

 private:
  // Zero at start-up and never reset (MD2 zeroes its sound struct once, MyPreInitialize).
  std::array<float, 3> imm_{};
  std::array<float, 3> avg_{};
  std::array<float, 3> longAvg_{};
};

}  // namespace phosphene::audio
