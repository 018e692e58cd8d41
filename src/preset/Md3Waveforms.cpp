#include "preset/Md3Waveforms.hpp"

#include <algorithm>
#include <cmath>

namespace phosphene::preset {
namespace {

// Reads 0 outside the channel, as the MD2 modes do (spec §6: MD2 reads past its arrays there).
float at(std::span<const float> s, int i) {
  return (i >= 0 && static_cast<std::size_t>(i) < s.size()) ? s[static_cast<std::size_t>(i)] : 0.0f;
}

// The line modes' point count: half the 480 samples, at most a third of the canvas width.
int lineCount(const BuiltinWaveParams& p) {
  return std::min(kWaveformSamples / 2, p.canvasWidth / 3);
}

// One strip of `n` points along `line`, displaced by scale·samples[i + offset].
void alongLine(const WaveLine& line, float shiftX, float scale, std::span<const float> samples,
               int offset, int n, std::vector<Vec2>& v) {
  for (int i = 0; i < n; ++i) {
    const float d = scale * at(samples, i + offset);
    v.push_back({line.x0 + shiftX + line.dx * static_cast<float>(i) + line.px * d,
                 line.y0 + line.dy * static_cast<float>(i) + line.py * d});
  }
}

}  // namespace

bool generateMd3WaveVertices(int mode, const BuiltinWaveParams& p, float mystery, float alpha,
                             std::span<const float> L, std::span<const float> R, RawWave& out) {
  if (mode < 8 || mode >= kMd3BuiltinWaveModes) return false;
  const float posX = static_cast<float>(p.x) * 2.0f - 1.0f;
  const float posY = static_cast<float>(p.y) * 2.0f - 1.0f;
  const float time = static_cast<float>(p.time);
  const float ax = p.aspectX, ay = p.aspectY;
  auto& v = out.vertices;
  v.clear();
  out.lineBreak = -1;
  out.alpha = alpha;

  switch (mode) {
    case 8: {
      // MD2's spectrum line (unreachable there): 256 points along the mode-6 line, displaced by
      // 0.1·log of two summed spectrum bins. log(0) would give −inf; a silent bin reads as
      // 1e-6 so the point stays on screen.
      constexpr int n = 256;
      const WaveLine line = clippedWaveLine(1.57f * mystery, posX, n);
      for (int i = 0; i < n; ++i) {
        const float sum = at(p.spectrum, 2 * i) + at(p.spectrum, 2 * i + 1);
        const float f = 0.1f * std::log(std::max(sum, 1e-6f));
        v.push_back({line.x0 + line.dx * static_cast<float>(i) + line.px * f,
                     line.y0 + line.dy * static_cast<float>(i) + line.py * f});
      }
      return true;
    }
    case 9: {
      // Mode 6's line with the left channel at full scale; MDropDX12 then doubles the count
      // with a second strip it never fills, so that strip sits at the centre (visible as a dot
      // when the wave is drawn with dots).
      const int n = lineCount(p);
      if (n <= 0) return true;
      const int offset = (kWaveformSamples - n) / 2;
      alongLine(clippedWaveLine(1.57f * mystery, posX, n), 0.0f, 1.0f, L, offset, n, v);
      v.resize(static_cast<std::size_t>(2 * n), Vec2{});
      out.lineBreak = n;
      return true;
    }
    case 10:
    case 11: {
      // 10: two lines crossing in an X (angles ∓0.75 rad + 3.15·mystery), left and right
      // channel. 11: two vertical lines 0.45 left and right of wave_x.
      const int n = lineCount(p);
      if (n <= 0) return true;
      const int offset = (kWaveformSamples - n) / 2;
      const float ang1 = mode == 10 ? -0.75f + mystery * 3.15f : 1.57f;
      const float ang2 = mode == 10 ? 0.75f + mystery * 3.15f : 1.57f;
      const float shift = mode == 10 ? 0.0f : 0.45f;
      alongLine(clippedWaveLine(ang1, posX, n), -shift, 0.35f, L, offset, n, v);
      alongLine(clippedWaveLine(ang2, posX, n), shift, 0.35f, R, offset, n, v);
      out.lineBreak = n;
      return true;
    }
    case 12: {
      // Skewed spiral: mode 1's oscillator with other constants, the cosine's angle offset by
      // the wave's alpha (×1.25, as MD3 computes it before drawing).
      alpha *= 1.25f;
      out.alpha = alpha;
      const int n = kWaveformSamples / 2;
      for (int i = 0; i < n; ++i) {
        const float rad = 0.63f + 0.23f * at(R, i) + mystery;
        const float ang = at(L, i + 32) * 0.9f + time * 3.3f;
        v.push_back({rad * std::cos(ang + alpha) * ay + posX, rad * std::sin(ang) * ax + posY});
      }
      return true;
    }
    case 13:
    case 14: {
      // 13 star, 14 flower: mode 0's circle with a seam cross-fade that runs past the first
      // tenth (the test is i < n / rad), so the fade's cosine repeats around the ring.
      const int n = kWaveformSamples / 2;
      const int offset = (kWaveformSamples - n) / 2;
      const float invNm1 = 1.0f / static_cast<float>(n - 1);
      const bool star = mode == 13;
      for (int i = 0; i < n; ++i) {
        const float fi = static_cast<float>(i);
        float rad =
            (star ? 0.7f + 0.4f * at(R, i + offset) : 0.7f + 0.7f * at(R, i + offset)) + mystery;
        float ang = fi * invNm1 * 6.28f + time * 0.2f;
        if (!star) {
          ang /= 2.0f;
          rad /= 2.0f;
        }
        if (fi < static_cast<float>(n) / rad) {
          float mix = fi / (static_cast<float>(n) * 0.1f);
          if (star) {
            mix = 0.5f - 0.5f * std::cos(mix * 3.1416f);
            const float rad2 = 0.5f + 0.4f * at(R, i + n + offset) + mystery;
            rad = rad2 * (1.0f - mix) + rad * mix;
          } else {
            mix = 0.7f - 0.7f * std::cos(mix * 3.1416f);
            const float rad2 = 0.7f + 0.7f * at(R, i + n + offset) + mystery;
            rad = rad2 * (1.0f - mix) + rad * (mix * 2.0f) / 8.0f;
          }
        }
        if (star) {
          v.push_back({rad * std::cos(ang) * ay + posX, rad * std::sin(ang) * ax + posY});
        } else {
          // cos(3.1416) ≈ −1: the flower mirrors wave_x and wave_y.
          v.push_back({rad * std::cos(ang * 3.1416f) * ay / 1.5f + posX * std::cos(3.1416f),
                       rad * std::sin(ang - time / 3.0f) * ax / 1.5f + posY * std::cos(3.1416f)});
        }
      }
      if (!p.blending) v.push_back(v[0]);  // close the loop
      return true;
    }
    default: {
      // 15, lasso: x ignores wave_x; tan(time / ang) may blow up (MD3 draws what it gets).
      alpha *= 1.25f;
      out.alpha = alpha;
      const int n = kWaveformSamples / 2;
      for (int i = 0; i < n; ++i) {
        const float ang = at(L, i + 32) * 1.57f + time * 2.0f;
        const float t = time / ang;
        v.push_back({std::cos(time) / 2.0f + std::cos(ang * 2.0f + std::tan(t)),
                     std::sin(time) * 2.0f * std::sin(ang * 3.14f) * ax / 2.8f + posY});
      }
      return true;
    }
  }
}

}  // namespace phosphene::preset
