#include "audio/BandAnalyzer.hpp"

#include <cmath>

#include "audio/FrameAudio.hpp"

namespace phosphene::audio {

namespace {
// Averages decaying through silence would go subnormal after a few hundred frames and slow
// every later operation on them; MilkDrop 2 simply ran into that. Values this small are zero
// for every purpose here (the "is the average ~0" test is at 0.001).
float flushTiny(float v) {
  return std::fabs(v) < 1e-30f ? 0.0f : v;
}
}  // namespace

float adjustRateToFps(float rate, float referenceFps, float actualFps) {
  const float perSecond = std::pow(rate, referenceFps);
  return std::pow(perSecond, 1.0f / actualFps);
}

BandLevels BandAnalyzer::update(const float* leftSpectrum, float fps, std::uint64_t frame) {
  BandLevels out;
  for (int b = 0; b < 3; ++b) {
    // Only the lower half of the spectrum: sixths of 512 bins → [0,85) [85,170) [170,256).
    const int start = kSpectrumBins * b / 6;
    const int end = kSpectrumBins * (b + 1) / 6;
    float sum = 0.0f;
    for (int j = start; j < end; ++j) sum += leftSpectrum[j];
    imm_[b] = sum;

    float rate = imm_[b] > avg_[b] ? 0.2f : 0.5f;
    rate = adjustRateToFps(rate, 30.0f, fps);
    avg_[b] = flushTiny(avg_[b] * rate + imm_[b] * (1.0f - rate));

    rate = frame < 50 ? 0.9f : 0.992f;
    rate = adjustRateToFps(rate, 30.0f, fps);
    longAvg_[b] = flushTiny(longAvg_[b] * rate + imm_[b] * (1.0f - rate));

    const bool noAverage = std::fabs(longAvg_[b]) < 0.001f;
    out.imm_rel[b] = noAverage ? 1.0f : imm_[b] / longAvg_[b];
    out.avg_rel[b] = noAverage ? 1.0f : avg_[b] / longAvg_[b];
  }
  return out;
}

}  // namespace phosphene::audio
