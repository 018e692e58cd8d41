#include "preset/BuiltinWaveform.hpp"

#include <algorithm>
#include <cmath>

#include "preset/D3dColor.hpp"
#include "preset/Md3Waveforms.hpp"
#include "preset/Truncate.hpp"
#include "preset/WaveRefine.hpp"

namespace phosphene::preset {

BuiltinWaveParams builtinWaveParams(const FrameVars& v, const FrameInputs& in,
                                    const MeshGeometry& g) {
  BuiltinWaveParams p;
  p.mode = v.waveMode;
  p.r = v.waveR;
  p.g = v.waveG;
  p.b = v.waveB;
  p.a = v.waveA;
  p.x = v.waveX;
  p.y = v.waveY;
  p.mystery = v.waveMystery;
  p.useDots = v.waveUseDots;
  p.thick = v.waveThick;
  p.additive = v.waveAdditive;
  p.brighten = v.waveBrighten;
  p.modAlphaByVolume = v.modWaveAlphaByVolume;
  p.modAlphaStart = v.modWaveAlphaStart;
  p.modAlphaEnd = v.modWaveAlphaEnd;
  p.time = in.time;
  p.canvasWidth = in.canvasWidth;
  p.canvasHeight = in.canvasHeight;
  p.aspectX = g.aspectX;
  p.aspectY = g.aspectY;
  p.bassRel = in.bass;
  p.midRel = in.mid;
  p.trebRel = in.treb;
  return p;
}

Rgba builtinWaveColour(const BuiltinWaveParams& p) {
  float r = std::clamp(static_cast<float>(p.r), 0.0f, 1.0f);
  float g = std::clamp(static_cast<float>(p.g), 0.0f, 1.0f);
  float b = std::clamp(static_cast<float>(p.b), 0.0f, 1.0f);
  if (p.brighten != 0.0) {
    const float mx = std::max({r, g, b});
    if (mx > 0.01f) {
      r /= mx;
      g /= mx;
      b /= mx;
    }
  }
  return {r, g, b, 0.0f};
}

namespace {

class Samples {
 public:
  explicit Samples(std::span<const float> s) : s_(s) {}
  float operator[](int i) const {
    return (i >= 0 && static_cast<std::size_t>(i) < s_.size()) ? s_[static_cast<std::size_t>(i)]
                                                               : 0.0f;
  }

 private:
  std::span<const float> s_;
};

/// MD2 scales some modes' alpha by the canvas width; other widths keep the value.
float widthAlphaFactor(int width, float a256, float a512, float a1024, float a2048, float other) {
  switch (width) {
    case 256:
      return a256;
    case 512:
      return a512;
    case 1024:
      return a1024;
    case 2048:
      return a2048;
    default:
      return other;
  }
}

float finishAlpha(float alpha, const BuiltinWaveParams& p) {
  if (p.modAlphaByVolume) {
    const float start = static_cast<float>(p.modAlphaStart);
    const float end = static_cast<float>(p.modAlphaEnd);
    const float loud = static_cast<float>(p.bassRel + p.midRel + p.trebRel);
    alpha *= (loud * 0.333f - start) / (end - start);
  }
  return std::clamp(alpha, 0.0f, 1.0f);
}

/// Modes 0, 1 and 4 fold a mystery value outside −1..1 back into it.
float foldedMystery(int mode, float m) {
  if ((mode == 0 || mode == 1 || mode == 4) && (m < -1.0f || m > 1.0f)) {
    m = m * 0.5f + 0.5f;
    m -= std::floor(m);
    m = std::fabs(m);
    m = m * 2.0f - 1.0f;
  }
  return m;
}

void lineModes(int mode, const BuiltinWaveParams& p, float mystery, float posX, float posY,
               const Samples& L, const Samples& R, RawWave& out) {
  int n = kWaveformSamples / 2;
  n = std::min(n, p.canvasWidth / 3);
  const int offset = (kWaveformSamples - n) / 2;
  if (n <= 0) {
    out.vertices.clear();
    return;
  }
  const WaveLine line = clippedWaveLine(1.57f * mystery, posX, n);

  auto& v = out.vertices;
  if (mode == 6) {
    v.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      const float d = 0.25f * L[i + offset];
      v[i] = {line.x0 + line.dx * static_cast<float>(i) + line.px * d,
              line.y0 + line.dy * static_cast<float>(i) + line.py * d};
    }
    return;
  }
  // Mode 7: wave_y sets the separation; the left channel above, the right one below.
  const float sep = std::pow(posY * 0.5f + 0.5f, 2.0f);
  v.resize(static_cast<std::size_t>(2 * n));
  for (int i = 0; i < n; ++i) {
    const float d = 0.25f * L[i + offset] + sep;
    v[i] = {line.x0 + line.dx * static_cast<float>(i) + line.px * d,
            line.y0 + line.dy * static_cast<float>(i) + line.py * d};
  }
  for (int i = 0; i < n; ++i) {
    const float d = 0.25f * R[i + offset] - sep;
    v[i + n] = {line.x0 + line.dx * static_cast<float>(i) + line.px * d,
                line.y0 + line.dy * static_cast<float>(i) + line.py * d};
  }
  out.lineBreak = n;
}

}  // namespace

WaveLine clippedWaveLine(float ang, float posX, int n) {
  float dx = std::cos(ang);
  float dy = std::sin(ang);
  float edgeX[2] = {posX * std::cos(ang + 1.57f) - dx * 3.0f,
                    posX * std::cos(ang + 1.57f) + dx * 3.0f};
  float edgeY[2] = {posX * std::sin(ang + 1.57f) - dy * 3.0f,
                    posX * std::sin(ang + 1.57f) + dy * 3.0f};
  // Clip each end against the four edges at ±1.1, in MD2's order (x > , x <, y >, y <).
  for (int i = 0; i < 2; ++i) {
    const int o = 1 - i;
    for (int e = 0; e < 4; ++e) {
      float t = 0.0f;
      bool clip = false;
      if (e == 0 && edgeX[i] > 1.1f) {
        t = (1.1f - edgeX[o]) / (edgeX[i] - edgeX[o]);
        clip = true;
      } else if (e == 1 && edgeX[i] < -1.1f) {
        t = (-1.1f - edgeX[o]) / (edgeX[i] - edgeX[o]);
        clip = true;
      } else if (e == 2 && edgeY[i] > 1.1f) {
        t = (1.1f - edgeY[o]) / (edgeY[i] - edgeY[o]);
        clip = true;
      } else if (e == 3 && edgeY[i] < -1.1f) {
        t = (-1.1f - edgeY[o]) / (edgeY[i] - edgeY[o]);
        clip = true;
      }
      if (clip) {
        const float ddx = edgeX[i] - edgeX[o];
        const float ddy = edgeY[i] - edgeY[o];
        edgeX[i] = edgeX[o] + ddx * t;
        edgeY[i] = edgeY[o] + ddy * t;
      }
    }
  }
  WaveLine line;
  line.x0 = edgeX[0];
  line.y0 = edgeY[0];
  line.dx = (edgeX[1] - edgeX[0]) / static_cast<float>(n);
  line.dy = (edgeY[1] - edgeY[0]) / static_cast<float>(n);
  const float ang2 = std::atan2(line.dy, line.dx);
  line.px = std::cos(ang2 + 1.57f);
  line.py = std::sin(ang2 + 1.57f);
  return line;
}

void generateWaveVertices(int mode, const BuiltinWaveParams& p, std::span<const float> left,
                          std::span<const float> right, RawWave& out) {
  const Samples L(left), R(right);
  const float posX = static_cast<float>(p.x) * 2.0f - 1.0f;
  const float posY = static_cast<float>(p.y) * 2.0f - 1.0f;
  const float mystery = foldedMystery(mode, static_cast<float>(p.mystery));
  const float time = static_cast<float>(p.time);
  const float ax = p.aspectX, ay = p.aspectY;
  float alpha = static_cast<float>(p.a);
  auto& v = out.vertices;
  out.lineBreak = -1;

  switch (mode) {
    case 0: {
      const int n = kWaveformSamples / 2;
      const int offset = (kWaveformSamples - n) / 2;
      out.alpha = finishAlpha(alpha, p);
      v.resize(static_cast<std::size_t>(n));
      const float invNm1 = 1.0f / static_cast<float>(n - 1);
      for (int i = 0; i < n; ++i) {
        float rad = 0.5f + 0.4f * R[i + offset] + mystery;
        const float ang = static_cast<float>(i) * invNm1 * 6.28f + time * 0.2f;
        if (i < n / 10) {
          // Cross-fade the first tenth with the samples one turn later to hide the seam.
          float mix = static_cast<float>(i) / (static_cast<float>(n) * 0.1f);
          mix = 0.5f - 0.5f * std::cos(mix * 3.1416f);
          const float rad2 = 0.5f + 0.4f * R[i + n + offset] + mystery;
          rad = rad2 * (1.0f - mix) + rad * mix;
        }
        v[i] = {rad * std::cos(ang) * ay + posX, rad * std::sin(ang) * ax + posY};
      }
      if (!p.blending) v.push_back(v[0]);  // close the loop
      return;
    }
    case 1: {
      out.alpha = finishAlpha(alpha * 1.25f, p);
      const int n = kWaveformSamples / 2;
      v.resize(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) {
        const float rad = 0.53f + 0.43f * R[i] + mystery;
        const float ang = L[i + 32] * 1.57f + time * 2.3f;
        v[i] = {rad * std::cos(ang) * ay + posX, rad * std::sin(ang) * ax + posY};
      }
      return;
    }
    case 2:
    case 3: {
      if (mode == 2) {
        alpha *= widthAlphaFactor(p.canvasWidth, 0.07f, 0.09f, 0.11f, 0.13f, 1.0f);
      } else {
        alpha = widthAlphaFactor(p.canvasWidth, 0.075f, 0.15f, 0.22f, 0.33f, alpha);
        alpha *= 1.3f;
        alpha *= std::pow(static_cast<float>(p.trebleImm), 2.0f);
      }
      out.alpha = finishAlpha(alpha, p);
      v.resize(kWaveformSamples);
      for (int i = 0; i < kWaveformSamples; ++i) v[i] = {R[i] * ay + posX, L[i + 32] * ax + posY};
      return;
    }
    case 4: {
      const int n = std::min(kWaveformSamples, p.canvasWidth / 3);
      const int offset = (kWaveformSamples - n) / 2;
      out.alpha = finishAlpha(alpha, p);
      v.resize(static_cast<std::size_t>(std::max(n, 0)));
      const float w1 = 0.45f + 0.5f * (mystery * 0.5f + 0.5f);
      const float w2 = 1.0f - w1;
      const float invN = 1.0f / static_cast<float>(n);
      for (int i = 0; i < n; ++i) {
        float x = -1.0f + 2.0f * (static_cast<float>(i) * invN) + posX;
        float y = L[i + offset] * 0.47f + posY;
        x += R[i + 25 + offset] * 0.44f;
        if (i > 1) {  // momentum
          x = x * w2 + w1 * (v[i - 1].x * 2.0f - v[i - 2].x);
          y = y * w2 + w1 * (v[i - 1].y * 2.0f - v[i - 2].y);
        }
        v[i] = {x, y};
      }
      return;
    }
    case 5: {
      alpha *= widthAlphaFactor(p.canvasWidth, 0.07f, 0.09f, 0.11f, 0.13f, 1.0f);
      out.alpha = finishAlpha(alpha, p);
      const float cosRot = std::cos(time * 0.3f);
      const float sinRot = std::sin(time * 0.3f);
      v.resize(kWaveformSamples);
      for (int i = 0; i < kWaveformSamples; ++i) {
        const float x0 = R[i] * L[i + 32] + L[i] * R[i + 32];
        const float y0 = R[i] * R[i] - L[i + 32] * L[i + 32];
        v[i] = {(x0 * cosRot - y0 * sinRot) * ay + posX, (x0 * sinRot + y0 * cosRot) * ax + posY};
      }
      return;
    }
    case 6:
    case 7:
      out.alpha = finishAlpha(alpha, p);
      lineModes(mode, p, mystery, posX, posY, L, R, out);
      return;
    default:
      // MilkDrop 3's modes 8..15, for a preset that uses MD3 features. The alpha they start
      // from has the volume rule applied (MD3 applies it before the mode switch; mode 12 reads it).
      if (p.modeCount > kBuiltinWaveModes && mode >= kBuiltinWaveModes) {
        float modulated = alpha;
        if (p.modAlphaByVolume) {
          const float start = static_cast<float>(p.modAlphaStart);
          const float end = static_cast<float>(p.modAlphaEnd);
          const float loud = static_cast<float>(p.bassRel + p.midRel + p.trebRel);
          modulated *= (loud * 0.333f - start) / (end - start);
        }
        if (generateMd3WaveVertices(mode, p, mystery, modulated, left, right, out)) {
          out.alpha = std::clamp(out.alpha, 0.0f, 1.0f);
          return;
        }
      }
      // No branch matches: MD2 keeps its zeroed 480-vertex buffer and the raw alpha.
      out.alpha = alpha;
      v.assign(kWaveformSamples, Vec2{});
      return;
  }
}

void BuiltinWaveform::build(const BuiltinWaveParams& p, std::span<const float> left,
                            std::span<const float> right, BuiltinWaveState& out) {
  // MD2 reduces the mode mod NUM_WAVES = 8, MilkDrop 3 mod 16 (its 16 modes).
  const int mode = truncateToInt(p.mode) % std::max(p.modeCount, 1);
  generateWaveVertices(mode, p, left, right, current_);
  int lineBreak = current_.lineBreak;
  float alpha = current_.alpha;

  if (p.blending && mode != p.oldMode) {
    // Morph the old mode's list (resampled onto the new count) into the new one (DrawWave).
    generateWaveVertices(p.oldMode, p, left, right, old_);
    const float mix = 0.5f - 0.5f * std::cos(static_cast<float>(p.blendProgress) * 3.1415927f);
    const auto n1 = static_cast<int>(current_.vertices.size());
    const auto n2 = static_cast<int>(old_.vertices.size());
    if (n2 > 0 && n1 > 0) {
      const float m = static_cast<float>(n2 - 1) / static_cast<float>(n1);
      for (int i = 0; i < n1; ++i) {
        const float fIdx = static_cast<float>(i) * m;
        const int idx = static_cast<int>(fIdx);
        const float t = fIdx - static_cast<float>(idx);
        Vec2 o;
        if (idx == old_.lineBreak - 1) {
          o = old_.vertices[idx];
          lineBreak = i + 1;
        } else {
          o = {old_.vertices[idx].x * (1 - t) + old_.vertices[idx + 1].x * t,
               old_.vertices[idx].y * (1 - t) + old_.vertices[idx + 1].y * t};
        }
        auto& c = current_.vertices[i];
        c = {c.x * mix + o.x * (1.0f - mix), c.y * mix + o.y * (1.0f - mix)};
      }
      alpha = alpha * mix + old_.alpha * (1.0f - mix);
    }
  }

  const Rgba colour = builtinWaveColour(p);
  out.mode = mode;
  out.colour = {d3dChannel(colour.r), d3dChannel(colour.g), d3dChannel(colour.b),
                d3dChannel(alpha)};
  out.dots = p.useDots != 0.0;
  out.additive = p.additive != 0.0;
  out.fourPasses = (p.thick != 0.0 || p.useDots != 0.0) && p.canvasWidth >= 512;
  out.points.clear();
  out.visible = alpha >= 0.004f && !current_.vertices.empty();
  if (!out.visible) {
    out.secondLineStart = 0;
    return;
  }
  const std::span<const Vec2> all(current_.vertices);
  if (lineBreak < 0) {
    out.secondLineStart = refineWave(all, out.points);
  } else {
    const auto split = static_cast<std::size_t>(lineBreak);
    out.secondLineStart = refineWave(all.first(split), out.points);
    refineWave(all.subspan(split), out.points);
  }
}

}  // namespace phosphene::preset
