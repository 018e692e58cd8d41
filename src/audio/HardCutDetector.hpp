#pragma once
// MilkDrop 2's loudness rule for hard cuts (spec §5.5; vis_milk2 milkdropfs.cpp RenderFrame,
// "handle hard cuts here"). Reports when the rule fires; whether a cut happens (hard cuts
// enabled, preset locked) is the engine's decision, as in MD2, where the threshold only moves
// while hard cuts are enabled.

#include <cstdint>

namespace phosphene::audio {

struct HardCutSettings {
  float loudnessThreshold = 2.5f;  // fHardCutLoudnessThresh
  float halflifeSeconds = 60.0f;   // fHardCutHalflife
};

class HardCutDetector {
 public:
  explicit HardCutDetector(const HardCutSettings& settings = {}) : settings_(settings) {}

  /// `levelSum` = bass + mid + treb (the imm_rel values) of this frame.
  bool update(float levelSum, float fps, std::uint64_t frame);
  float threshold() const { return threshold_; }

 private:
  HardCutSettings settings_;
  float threshold_ = 0.0f;
};

}  // namespace phosphene::audio
