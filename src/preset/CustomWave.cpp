#include "preset/CustomWave.hpp"

#include <algorithm>
#include <cmath>

#include "preset/BuiltinWaveform.hpp"
#include "preset/D3dColor.hpp"
#include "preset/Truncate.hpp"
#include "preset/WaveRefine.hpp"

namespace phosphene::preset {

CustomWaveFrameVars customWaveFrameStart(const CustomWaveConfig& c) {
  return {c.r, c.g, c.b, c.a, static_cast<double>(c.samples)};
}

int customWavePointCount(const CustomWaveConfig& c, double samplesAfterPerFrame) {
  const int n = std::min(kMaxCustomWaveSamples, truncateToInt(samplesAfterPerFrame));
  if (n >= 2 || (c.useDots && n >= 1)) return n;
  return 0;
}

namespace {

float sampleAt(std::span<const float> s, int i) {
  return (i >= 0 && static_cast<std::size_t>(i) < s.size()) ? s[static_cast<std::size_t>(i)] : 0.0f;
}

}  // namespace

void prepareCustomWavePoints(const CustomWaveConfig& c, int n, double fileWaveScale,
                             std::span<const float> left, std::span<const float> right,
                             CustomWavePointInputs& out) {
  n = std::clamp(n, 0, kMaxCustomWaveSamples);
  const auto count = static_cast<std::size_t>(n);
  out.sample.resize(count);
  out.value1.resize(count);
  out.value2.resize(count);
  out.x.resize(count);
  out.y.resize(count);
  if (n == 0) return;

  const int maxSamples = c.spectrum ? kSpectrumBins : kWaveformSamples;
  const int j0 = c.spectrum ? 0 : (maxSamples - n) / 2 - c.sep / 2;
  const int j1 = c.spectrum ? 0 : (maxSamples - n) / 2 + c.sep / 2;
  const float step =
      c.spectrum ? static_cast<float>(maxSamples - c.sep) / static_cast<float>(n) : 1.0f;
  // MD2 takes powf(smoothing·0.98, 0.5), a NaN for negative smoothing (no corpus file has one);
  // Phosphene clamps at 0 so a hostile file cannot poison the frame with NaNs.
  const float mix1 = std::sqrt(std::max(0.0f, static_cast<float>(c.smoothing) * 0.98f));
  const float mix2 = 1.0f - mix1;
  const float mult = (c.spectrum ? 0.15f : 0.004f) * static_cast<float>(c.scaling) *
                     static_cast<float>(fileWaveScale);

  // value1/value2 double as MD2's float tempdata: every stored value is a float.
  auto& t0 = out.value1;
  auto& t1 = out.value2;
  t0[0] = sampleAt(left, j0);
  t1[0] = sampleAt(right, j1);
  for (int j = 1; j < n; ++j) {
    const int idx = static_cast<int>(static_cast<float>(j) * step);
    t0[j] = sampleAt(left, idx + j0) * mix2 + static_cast<float>(t0[j - 1]) * mix1;
    t1[j] = sampleAt(right, idx + j1) * mix2 + static_cast<float>(t1[j - 1]) * mix1;
  }
  for (int j = n - 2; j >= 0; --j) {
    t0[j] = static_cast<float>(t0[j]) * mix2 + static_cast<float>(t0[j + 1]) * mix1;
    t1[j] = static_cast<float>(t1[j]) * mix2 + static_cast<float>(t1[j + 1]) * mix1;
  }
  // MD2 computes 1/(n − 1), infinite for a single dot (sample = NaN there); Phosphene uses 0.
  const float jMult = n > 1 ? 1.0f / static_cast<float>(n - 1) : 0.0f;
  for (int j = 0; j < n; ++j) {
    const float v1 = static_cast<float>(t0[j]) * mult;
    const float v2 = static_cast<float>(t1[j]) * mult;
    t0[j] = v1;
    t1[j] = v2;
    out.sample[j] = static_cast<float>(j) * jMult;
    out.x[j] = 0.5f + v1;
    out.y[j] = 0.5f + v2;
  }
}

bool finishCustomWave(const CustomWaveConfig& c, const CustomWavePointOutputs& o,
                      const AspectFactors& aspect, double alphaMultiplier,
                      std::vector<WavePoint>& scratch, CustomWaveState& out) {
  out.points.clear();
  out.visible = false;
  out.dots = c.useDots;
  out.thick = c.drawThick;
  out.additive = c.additive;
  out.spectrum = c.spectrum;
  const std::size_t n = o.x.size();
  for (auto s : {o.y, o.r, o.g, o.b, o.a}) {
    if (s.size() != n) return false;
  }
  if (n < 2 && !(c.useDots && n >= 1)) return true;

  std::vector<WavePoint>& pts = c.useDots ? out.points : scratch;
  pts.resize(n);
  for (std::size_t j = 0; j < n; ++j) {
    const float x = static_cast<float>(o.x[j] * 2 - 1) * aspect.invAspectX;
    const float yDown = static_cast<float>(o.y[j] * -2 + 1) * aspect.invAspectY;
    pts[j] = {x, -yDown,
              Rgba{d3dChannel(o.r[j]), d3dChannel(o.g[j]), d3dChannel(o.b[j]),
                   d3dChannel(o.a[j] * alphaMultiplier)}};
  }
  if (!c.useDots) refineWave(std::span<const WavePoint>(scratch), out.points);
  out.visible = true;
  return true;
}

}  // namespace phosphene::preset
