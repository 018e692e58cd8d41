#include "audio/WaveAligner.hpp"

#include <algorithm>
#include <cmath>

namespace phosphene::audio {

WaveAligner::WaveAligner() {
  octaves_ = static_cast<int>(std::floor(std::log(static_cast<float>(kSpace)) / std::log(2.0f)));
  octaves_ = std::min(octaves_, kMaxOctaves);  // 6 for MD2's 576/480
  samples_[0] = kWaveformSamples;
  space_[0] = kSpace;
  for (int o = 1; o < octaves_; ++o) {
    samples_[o] = samples_[o - 1] / 2;
    space_[o] = space_[o - 1] / 2;
  }
  for (int o = 0; o < octaves_; ++o) {
    const int compare = samples_[o] - space_[o];
    auto& w = weight_[o];
    w.assign(static_cast<std::size_t>(compare), 0.0f);
    for (int n = 0; n < compare; ++n) {
      // A 0..1..0 pyramid, steepened 5x about 0.8 and clipped: the middle 3/4 or so counts fully.
      float v = n < compare / 2
                    ? static_cast<float>(n * 2) / static_cast<float>(compare)
                    : static_cast<float>((compare - 1 - n) * 2) / static_cast<float>(compare);
      v = (v - 0.8f) * 5.0f + 0.8f;
      w[static_cast<std::size_t>(n)] = std::clamp(v, 0.0f, 1.0f);
    }
    int first = 0;
    while (first < compare && w[static_cast<std::size_t>(first)] == 0.0f) ++first;
    int last = compare - 1;
    while (last >= 0 && w[static_cast<std::size_t>(last)] == 0.0f) --last;
    firstWeight_[o] = first;
    lastWeight_[o] = last;
  }
}

std::array<int, 2> WaveAligner::align(Window& window) {
  std::array<int, 2> offset{0, 0};
  if (octaves_ < 4) return offset;  // MD2 skips alignment with too little room to search
  std::array<float, kWaveformSamples>* channels[2] = {&window.left, &window.right};
  auto& fresh = fresh_;
  auto& old = old_;
  for (int ch = 0; ch < 2; ++ch) {
    fresh[0] = *channels[ch];
    old[0].fill(0.0f);
    std::copy_n(oldWave_[ch].begin() + prevOffset_[ch], kAlignedSamples, old[0].begin());
    for (int o = 1; o < octaves_; ++o)
      for (int n = 0; n < samples_[o]; ++n) {
        fresh[o][n] = 0.5f * (fresh[o - 1][2 * n] + fresh[o - 1][2 * n + 1]);
        old[o][n] = 0.5f * (old[o - 1][2 * n] + old[o - 1][2 * n + 1]);
      }
    int n1 = 0;
    int n2 = space_[octaves_ - 1];
    for (int o = octaves_ - 1; o >= 0; --o) {
      int best = -1;
      float bestError = 0.0f;
      for (int n = n1; n < n2; ++n) {
        float error = 0.0f;
        for (int i = firstWeight_[o]; i <= lastWeight_[o]; ++i)
          error +=
              std::fabs((fresh[o][i + n] - old[o][i]) * weight_[o][static_cast<std::size_t>(i)]);
        if (best == -1 || error < bestError) {
          best = n;
          bestError = error;
        }
      }
      if (o > 0) {
        // The best offset at this level brackets offsets 2·best-1 .. 2·best+2 one level finer.
        n1 = std::max(best * 2 - 1, 0);
        n2 = std::min(best * 2 + 2 + 1, space_[o - 1]);
      } else {
        offset[ch] = best;
      }
    }
  }
  for (int ch = 0; ch < 2; ++ch) {
    oldWave_[ch] = *channels[ch];  // MD2 keeps the raw window, and the offset into it
    prevOffset_[ch] = offset[ch];
    if (offset[ch] > 0) {
      auto& s = *channels[ch];
      std::copy(s.begin() + offset[ch], s.begin() + offset[ch] + kAlignedSamples, s.begin());
      std::fill(s.begin() + kAlignedSamples, s.end(), 0.0f);
    }
  }
  return offset;
}

}  // namespace phosphene::audio
