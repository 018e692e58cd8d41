#include "preset/PerFrameResults.hpp"

#include <algorithm>
#include <cmath>

namespace phosphene::preset {

void applyPerFrameRangeChecks(FrameVars& v) {
  v.gamma = std::max(0.0, std::min(8.0, v.gamma));
  v.echoZoom = std::max(0.001, std::min(1000.0, v.echoZoom));
}

float cosineInterp(float x) {
  return 0.5f - 0.5f * std::cos(x * 3.1415926535898f);
}

float blendSnapPoint(bool oldHasCompShader, bool newHasCompShader) {
  if (oldHasCompShader && !newHasCompShader) return -0.01f;
  if (!oldHasCompShader && newHasCompShader) return 1.01f;
  return 0.5f;
}

void blendPerFrameResults(FrameVars& cur, const FrameVars& old, float progress, float snapPoint) {
  const double mix = static_cast<double>(cosineInterp(progress));
  const double mix2 = 1.0 - mix;
  auto blend = [&](double FrameVars::*m) { cur.*m = mix * (cur.*m) + mix2 * (old.*m); };
  auto snap = [&](double FrameVars::*m) {
    if (mix < static_cast<double>(snapPoint)) cur.*m = old.*m;
  };
  for (auto m : {&FrameVars::decay,
                 &FrameVars::waveA,
                 &FrameVars::waveR,
                 &FrameVars::waveG,
                 &FrameVars::waveB,
                 &FrameVars::waveX,
                 &FrameVars::waveY,
                 &FrameVars::waveMystery,
                 &FrameVars::obSize,
                 &FrameVars::obR,
                 &FrameVars::obG,
                 &FrameVars::obB,
                 &FrameVars::obA,
                 &FrameVars::ibSize,
                 &FrameVars::ibR,
                 &FrameVars::ibG,
                 &FrameVars::ibB,
                 &FrameVars::ibA,
                 &FrameVars::mvX,
                 &FrameVars::mvY,
                 &FrameVars::mvDx,
                 &FrameVars::mvDy,
                 &FrameVars::mvL,
                 &FrameVars::mvR,
                 &FrameVars::mvG,
                 &FrameVars::mvB,
                 &FrameVars::mvA,
                 &FrameVars::echoZoom,
                 &FrameVars::echoAlpha,
                 &FrameVars::gamma,
                 &FrameVars::blur1EdgeDarken}) {
    blend(m);
  }
  for (std::size_t i = 0; i < 3; ++i) {
    cur.blurMin[i] = mix * cur.blurMin[i] + mix2 * old.blurMin[i];
    cur.blurMax[i] = mix * cur.blurMax[i] + mix2 * old.blurMax[i];
  }
  for (auto m : {&FrameVars::echoOrient, &FrameVars::waveUseDots, &FrameVars::waveThick,
                 &FrameVars::waveAdditive, &FrameVars::waveBrighten, &FrameVars::darkenCenter,
                 &FrameVars::wrap, &FrameVars::invert, &FrameVars::brighten, &FrameVars::darken,
                 &FrameVars::solarize}) {
    snap(m);
  }
}

}  // namespace phosphene::preset
