#include "preset/TransitionBlend.hpp"

#include <algorithm>
#include <cmath>

namespace phosphene::preset {
namespace {

// Every FrameVars member both mechanisms treat as a blended float, by pointer to member.
using Member = double FrameVars::*;

// CBlendableFloats of state.cpp StartBlendFrom outside the motion values.
constexpr Member kBlendableBase[] = {
    &FrameVars::gamma,
    &FrameVars::echoZoom,
    &FrameVars::echoAlpha,
    &FrameVars::decay,
    &FrameVars::waveA,
    &FrameVars::waveScale,
    &FrameVars::waveSmoothing,
    &FrameVars::waveMystery,
    &FrameVars::warpScale,
    &FrameVars::hueShader,
    &FrameVars::modWaveAlphaStart,
    &FrameVars::modWaveAlphaEnd,
    &FrameVars::waveR,
    &FrameVars::waveG,
    &FrameVars::waveB,
    &FrameVars::waveX,
    &FrameVars::waveY,
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
    &FrameVars::blur1EdgeDarken,
};

}  // namespace

FrameVars blendBaseValues(const FrameVars& oldBase, const FrameVars& newBase, double linear) {
  // CBlendableFloat::eval: from·(1 − mix) + val·mix, mix linear in time; outside the blend the
  // value is the preset's own.
  const double t = std::clamp(linear, 0.0, 1.0);
  FrameVars out = newBase;
  for (Member m : kBlendableBase) out.*m = oldBase.*m * (1.0 - t) + newBase.*m * t;
  for (std::size_t i = 0; i < 3; ++i) {
    out.blurMin[i] = oldBase.blurMin[i] * (1.0 - t) + newBase.blurMin[i] * t;
    out.blurMax[i] = oldBase.blurMax[i] * (1.0 - t) + newBase.blurMax[i] * t;
  }
  return out;
}

void shareIncomingWarpAnimation(FrameVars& oldVars, const FrameVars& newVars) {
  oldVars.warpAnimSpeed = newVars.warpAnimSpeed;
  oldVars.warpScale = newVars.warpScale;
}

void fadeEchoOrientation(FrameVars& newVars, const FrameVars& blendedBase, const FrameVars& oldBase,
                         double progress, double snapPoint) {
  // MD2 compares the file values here (m_nVideoEchoOrientation against the ...Old copy taken at
  // StartBlendFrom), not what per_frame made of them; flags are the incoming preset's own in the
  // blended base.
  const bool bothEcho = blendedBase.echoAlpha > 0.01 && oldBase.echoAlpha > 0.01;
  if (!bothEcho || blendedBase.echoOrient == oldBase.echoOrient) return;
  const double c = static_cast<double>(cosineInterp(static_cast<float>(progress)));
  if (progress < snapPoint) {
    newVars.echoOrient = oldBase.echoOrient;
    newVars.echoAlpha *= 1.0 - 2.0 * c;
  } else {
    newVars.echoAlpha *= 2.0 * c - 1.0;
  }
}

}  // namespace phosphene::preset
