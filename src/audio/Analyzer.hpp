#pragma once
// One frame of MilkDrop 2's audio analysis: window in, FrameAudio out. Owns the three FFTs and
// the running averages; pure computation (no I/O, no clock of its own). The order is MD2's
// (pluginshell.cpp: AnalyzeNewSound, AlignWaves; then plugin.cpp DoCustomSoundAnalysis):
//   1. fSpectrum from the raw window;  2. align the window;
//   3. bass/mid/treb from the aligned left channel; the aligned window is the waveform.
// The onset detector (not MD2) reads the raw window.

#include <cstdint>

#include "audio/BandAnalyzer.hpp"
#include "audio/BeatDetector.hpp"
#include "audio/FrameAudio.hpp"
#include "audio/HardCutDetector.hpp"
#include "audio/Spectrum.hpp"
#include "audio/WaveAligner.hpp"

namespace phosphene::audio {

struct AnalyzerSettings {
  /// MD2's AlignWaves (WaveAligner.hpp): shifts the window before the waveform is exposed and
  /// before the bass/mid/treb FFT. Off gives the plain latest-576-samples analysis.
  bool alignWaves = true;
};

struct FrameTiming {
  std::uint64_t frame = 0;  // global frame counter, 0 first
  float fps = 60.0f;        // frame rate used for MD2's rate adjustment
  double dt = 1.0 / 60.0;   // seconds since the previous frame
};

class Analyzer {
 public:
  explicit Analyzer(const AnalyzerSettings& settings = {});

  FrameAudio analyze(const Window& window, const FrameTiming& timing);

  /// The onset detector's sensitivity (BeatDetector::setSensitivity); MD2's values are untouched.
  void setBeatSensitivity(float sensitivity) { beat_.setSensitivity(sensitivity); }

 private:
  AnalyzerSettings settings_;
  WaveAligner aligner_;
  Spectrum shellFft_;   // fSpectrum: both channels, 2-tap pre-average (pluginshell.cpp)
  Spectrum customFft_;  // bass/mid/treb: left channel raw (plugin.cpp DoCustomSoundAnalysis)
  Spectrum beatFft_;    // onset detection: mono, unequalised
  BandAnalyzer bands_;
  HardCutDetector hardCut_;
  BeatDetector beat_;
};

}  // namespace phosphene::audio
