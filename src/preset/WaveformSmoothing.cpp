#include "preset/WaveformSmoothing.hpp"

namespace phosphene::preset {

void smoothWaveformChannel(std::span<float> s, double waveScale, double smoothing) {
  if (s.empty()) return;
  const float scale = static_cast<float>(waveScale) / 128.0f;
  const float mix2 = static_cast<float>(smoothing);
  const float mix1 = scale * (1.0f - mix2);
  s[0] *= scale;
  for (std::size_t i = 1; i < s.size(); ++i) s[i] = s[i] * mix1 + s[i - 1] * mix2;
}

}  // namespace phosphene::preset
