#pragma once
// Custom waves (spec §7.1, MD2 milkdropfs.cpp DrawCustomWaves, LoadCustomWavePerFrameEvallibVars):
// the values reset before a wave's per_frame code, the per-point INPUT arrays (sample, value1,
// value2, x, y) prepared from the audio before the per-point code runs, and the conversion of the
// per-point OUTPUTS (x, y, r, g, b, a) into a drawable point list.

#include <span>
#include <vector>

#include "preset/FrameState.hpp"
#include "preset/WarpMesh.hpp"

namespace phosphene::preset {

inline constexpr int kMaxCustomWaveSamples = 512;
inline constexpr int kSpectrumBins = 512;  // MD2 NUM_FREQUENCIES

/// A custom wave's file values (spec §2.5).
struct CustomWaveConfig {
  bool enabled = false;
  int samples = 512;
  int sep = 0;
  bool spectrum = false, useDots = false, drawThick = false, additive = false;
  double scaling = 1.0, smoothing = 0.5;
  double r = 1.0, g = 1.0, b = 1.0, a = 1.0;
};

/// Built-in variables of the wave's per-frame VM, re-seeded from the FILE values every frame
/// before per_frame runs (t1..t8 and q1..q32 are handled by the Runtime).
struct CustomWaveFrameVars {
  double r = 1.0, g = 1.0, b = 1.0, a = 1.0, samples = 512.0;
};
CustomWaveFrameVars customWaveFrameStart(const CustomWaveConfig& config);

/// Number of points after per_frame: min(512, (int)samples), for spectrum and waveform alike. 0
/// when the wave is not drawn (fewer than 2 points, or fewer than 1 for dots).
int customWavePointCount(const CustomWaveConfig& config, double samplesAfterPerFrame);

/// Per-point inputs. Before each point runs, the Runtime also resets r, g, b, a to the per-frame
/// results (every point starts from them).
struct CustomWavePointInputs {
  std::vector<double> sample, value1, value2, x, y;
  std::size_t count() const { return sample.size(); }
};

/// Fills `out` for `n` points (from customWavePointCount). `left`/`right` are the shell's RAW
/// data: the 576-sample waveform (not the §5.4-smoothed copy) or the 512-bin spectrum, per
/// `config.spectrum`. Indices outside a channel read 0 (MD2 reads past the array: spec §7.1).
/// `fileWaveScale` is the preset's fWaveScale file value.
void prepareCustomWavePoints(const CustomWaveConfig& config, int n, double fileWaveScale,
                             std::span<const float> left, std::span<const float> right,
                             CustomWavePointInputs& out);

/// Per-point outputs of the per-point code, SoA, one entry per point (all the same length).
struct CustomWavePointOutputs {
  std::span<const double> x, y, r, g, b, a;
};

/// Converts the outputs into drawable points in `out` (refined with SmoothWave for lines).
/// `alphaMultiplier` is 1, or the blend factor during a preset blend (new: p, old: 1 − p).
/// Returns false (and leaves out invisible) when the spans disagree in length.
bool finishCustomWave(const CustomWaveConfig& config, const CustomWavePointOutputs& outputs,
                      const AspectFactors& aspect, double alphaMultiplier,
                      std::vector<WavePoint>& scratch, CustomWaveState& out);

}  // namespace phosphene::preset
