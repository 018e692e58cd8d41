#include "audio/Resampler.hpp"

namespace phosphene::audio {

void Resampler::setInputRate(int inputRate) {
  if (inputRate == inputRate_) return;
  inputRate_ = inputRate;
  phase_ = 0;
}

namespace {
// Catmull-Rom (cubic Hermite with finite-difference tangents) between p1 and p2.
float hermite(float p0, float p1, float p2, float p3, float t) {
  const float c1 = 0.5f * (p2 - p0);
  const float c2 = p0 - 2.5f * p1 + 2.0f * p2 - 0.5f * p3;
  const float c3 = 0.5f * (p3 - p0) + 1.5f * (p1 - p2);
  return ((c3 * t + c2) * t + c1) * t + p1;
}
}  // namespace

StereoSample Resampler::interpolate(float t) const {
  const auto& h = history_;
  if (t == 0.0f) return h[1];  // exact pass-through at 44.1 kHz
  return {hermite(h[0].left, h[1].left, h[2].left, h[3].left, t),
          hermite(h[0].right, h[1].right, h[2].right, h[3].right, t)};
}

}  // namespace phosphene::audio
