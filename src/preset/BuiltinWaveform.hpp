#pragma once
// The built-in waveform (spec §6, MD2 milkdropfs.cpp DrawWave): the 8 modes' vertex lists from
// the §5.4-processed samples, the colour and alpha rules, the mode morph during a blend and the
// SmoothWave refinement. Output is a BuiltinWaveState ready to draw.

#include <span>
#include <vector>

#include "preset/FrameState.hpp"

namespace phosphene::preset {

inline constexpr int kBuiltinWaveModes = 8;   // MD2 NUM_WAVES
inline constexpr int kWaveformSamples = 480;  // MD2 NUM_WAVEFORM_SAMPLES
inline constexpr int kAudioSamplesPerFrame = 576;

struct BuiltinWaveParams {
  // Per-frame values (already blended during a preset blend).
  double mode = 0.0;
  double r = 1.0, g = 1.0, b = 1.0, a = 0.8;
  double x = 0.5, y = 0.5, mystery = 0.0;
  double useDots = 0.0, thick = 0.0, additive = 0.0, brighten = 1.0;
  // File values.
  bool modAlphaByVolume = false;
  double modAlphaStart = 0.75, modAlphaEnd = 0.95;
  // Frame inputs.
  double time = 0.0;
  int canvasWidth = 0, canvasHeight = 0;
  float aspectX = 1.0f, aspectY = 1.0f;  // MD2 m_fAspectX/Y (≤ 1), not the equations' inverse
  double bassRel = 1.0, midRel = 1.0, trebRel = 1.0;  // imm_rel: what equations call bass/mid/treb
  double trebleImm = 0.0;  // MD2 imm[2]: the raw treble band sum, used by mode 3
  // Blend: when blending and oldMode differs from the current mode, both lists are computed and
  // morphed (mix = 0.5 − 0.5·cos(π·blendProgress)). oldMode is the old preset's nWaveMode.
  bool blending = false;
  int oldMode = -1;
  double blendProgress = 0.0;
  // MilkDrop 3 (Md3Waveforms.hpp): 16 modes instead of MD2's 8 for a preset that uses MD3
  // features, and the left spectrum that mode 8 draws.
  int modeCount = kBuiltinWaveModes;
  std::span<const float> spectrum;
};

/// Fills the non-audio part of the params from a frame's values.
BuiltinWaveParams builtinWaveParams(const FrameVars& vars, const FrameInputs& inputs,
                                    const MeshGeometry& geometry);

/// One mode's vertex list before refinement (y up) and the alpha that mode computes.
struct RawWave {
  std::vector<Vec2> vertices;
  int lineBreak = -1;  // index where the second strip starts, −1 for one strip
  float alpha = 0.0f;
};

/// The clipped straight line the line modes (6..11) lay their samples along: MD2's construction
/// (a line through the wave_x offset at angle `ang`, both ends clipped to ±1.1), divided into
/// `n` steps. (x0, y0) is the first point, (dx, dy) one step, (px, py) the unit normal.
struct WaveLine {
  float x0 = 0.0f, y0 = 0.0f, dx = 0.0f, dy = 0.0f, px = 0.0f, py = 0.0f;
};
WaveLine clippedWaveLine(float ang, float posX, int n);

/// The vertex list MD2 builds for `mode` (already reduced mod 8, or mod 16 for MilkDrop 3). A
/// mode outside 0..7 (0..15 when p.modeCount is 16) gives MD2's untouched buffer: 480 vertices
/// at (0, 0) with alpha = wave_a unclamped.
void generateWaveVertices(int mode, const BuiltinWaveParams& p, std::span<const float> left,
                          std::span<const float> right, RawWave& out);

/// Colour after the 0..1 clamp and the maximise-colour rule (alpha is not set here).
Rgba builtinWaveColour(const BuiltinWaveParams& p);

/// Builds the drawable wave, reusing internal and output buffers.
class BuiltinWaveform {
 public:
  /// left/right: the 576 samples per channel after smoothWaveformChannel. Indices past the end
  /// read as 0.
  void build(const BuiltinWaveParams& params, std::span<const float> left,
             std::span<const float> right, BuiltinWaveState& out);

 private:
  RawWave current_;
  RawWave old_;
};

}  // namespace phosphene::preset
