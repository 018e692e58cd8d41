#include "audio/BeatDetector.hpp"

#include <algorithm>
#include <cmath>

namespace phosphene::audio {

void BeatDetector::setSensitivity(float sensitivity) {
  if (!std::isfinite(sensitivity)) sensitivity = 1.0f;
  sensitivity_ = std::clamp(sensitivity, kMinSensitivity, kMaxSensitivity);
  jump_ = 1.0f + (settings_.jump - 1.0f) / sensitivity_;
  ratio_ = 1.0f + (settings_.ratio - 1.0f) / sensitivity_;
  floor_ = settings_.floor / (sensitivity_ * sensitivity_);
}

bool BeatDetector::update(const float* rawSpectrum, double dt) {
  float e = 0.0f;
  for (int k = 1; k <= settings_.lowBins; ++k) e += rawSpectrum[k] * rawSpectrum[k];
  energy_ = e;
  sinceBeat_ += dt;

  float decayed = hold_ * static_cast<float>(std::exp(-dt / settings_.holdSeconds));
  if (decayed < 1e-30f) decayed = 0.0f;  // no subnormals through long silences
  const float mean = weight_ > 0.0f ? mean_ / weight_ : 0.0f;
  const bool beat = e > floor_ && e > jump_ * decayed && e > ratio_ * mean &&
                    sinceBeat_ >= settings_.refractorySeconds;
  if (beat) sinceBeat_ = 0.0;
  hold_ = std::max(e, decayed);
  const float keep = static_cast<float>(std::exp(-dt / settings_.meanSeconds));
  mean_ = mean_ * keep + e * (1.0f - keep);
  if (mean_ < 1e-30f) mean_ = 0.0f;
  weight_ = weight_ * keep + (1.0f - keep);
  return beat;
}

}  // namespace phosphene::audio
