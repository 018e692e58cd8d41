#include "audio/HardCutDetector.hpp"

#include <cmath>

namespace phosphene::audio {

bool HardCutDetector::update(float levelSum, float fps, std::uint64_t frame) {
  if (frame == 0) threshold_ = settings_.loudnessThreshold * 2.0f;
  if (!(fps > 1.0f)) return false;
  if (levelSum > threshold_ * 3.0f) {
    threshold_ *= 2.0f;  // makes a second cut right after the first less likely
    return true;
  }
  // Decays toward the base threshold; -1.3863 = -2·ln 2, i.e. the half-life is fHardCutHalflife/2.
  const float k = -1.3863f / (settings_.halflifeSeconds * fps);
  threshold_ =
      (threshold_ - settings_.loudnessThreshold) * std::exp(k) + settings_.loudnessThreshold;
  return false;
}

}  // namespace phosphene::audio
