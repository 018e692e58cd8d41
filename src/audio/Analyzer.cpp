#include "audio/Analyzer.hpp"

#include <array>

namespace phosphene::audio {

Analyzer::Analyzer(const AnalyzerSettings& settings)
    : settings_(settings),
      shellFft_(SpectrumSettings{}),
      customFft_(SpectrumSettings{}),
      beatFft_(SpectrumSettings{.equalize = false}) {}

FrameAudio Analyzer::analyze(const Window& window, const FrameTiming& timing) {
  FrameAudio out;

  // fSpectrum: "damp the input into the FFT a bit": 0.5·(s[i] + s[i-1]), with s[-1] = s[0]
  // (pluginshell.cpp AnalyzeNewSound starts old_i at 0).
  std::array<float, kWaveformSamples> damped{};
  for (int ch = 0; ch < 2; ++ch) {
    const auto& s = ch == 0 ? window.left : window.right;
    damped[0] = s[0];
    for (int i = 1; i < kWaveformSamples; ++i) damped[i] = 0.5f * (s[i] + s[i - 1]);
    shellFft_.transform(damped.data(), out.spectrum[ch].data());
  }

  Window aligned = window;
  if (settings_.alignWaves) aligner_.align(aligned);
  out.waveform[0] = aligned.left;
  out.waveform[1] = aligned.right;

  std::array<float, kSpectrumBins> left{};
  customFft_.transform(aligned.left.data(), left.data());
  const BandLevels levels = bands_.update(left.data(), timing.fps, timing.frame);
  out.bass = levels.imm_rel[0];
  out.mid = levels.imm_rel[1];
  out.treb = levels.imm_rel[2];
  out.bass_att = levels.avg_rel[0];
  out.mid_att = levels.avg_rel[1];
  out.treb_att = levels.avg_rel[2];
  out.imm = bands_.imm();
  // MD2 milkdropfs.cpp ApplyShaderParams writes `0.3333f*(a, b, c)`: C's comma operator keeps
  // only the last operand, so vol is treb/3 (spec §8.2). Reproduced for fidelity.
  out.vol = out.treb * 0.3333f;
  out.vol_att = out.treb_att * 0.3333f;
  out.hard_cut = hardCut_.update(out.bass + out.mid + out.treb, timing.fps, timing.frame);

  std::array<float, kWaveformSamples> mono{};
  for (int i = 0; i < kWaveformSamples; ++i) mono[i] = 0.5f * (window.left[i] + window.right[i]);
  std::array<float, kSpectrumBins> raw{};
  beatFft_.transform(mono.data(), raw.data());
  out.beat = beat_.update(raw.data(), timing.dt);
  return out;
}

}  // namespace phosphene::audio
