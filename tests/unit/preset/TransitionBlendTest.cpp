// Per-frame values during a MilkDrop 2 transition (spec §9), with the facts read in MilkDrop 2's
// own source (MilkDrop3 tree, code/vis_milk2):
//  * state.cpp CState::StartBlendFrom: the CBlendableFloats that blend; bools and ints "instantly
//    change"; CBlendableFloat::eval mixes from·(1 − mix) + val·mix, mix linear in time.
//  * milkdropfs.cpp LoadPerFrameEvallibVars: zoom, zoomexp, rot, warp, cx, cy, dx, dy, sx, sy are
//    read with eval(-1) (unblended); the other blendables at the current time; q from the
//    preset's own post-init values.
//  * milkdropfs.cpp RunPerFrameEquations: m_fSnapPoint 0.5 / −0.01 (only the old preset has a comp
//    shader) / 1.01 (only the new one has); after both per_frames, mix = CosineInterp(progress)
//    (utility.h: 0.5 − 0.5·cos(π·x)) and each on/off value is `(mix < m_fSnapPoint) ? old : new`;
//    wave_mode is "exempt"; no q value is mixed.
//  * milkdropfs.cpp ShowToUser_NoShaders: the echo orientation fade.
//  * milkdropfs.cpp ComputeGridAlphaValues: warp time and warp scale from m_pState for both meshes.
//  * milkdropfs.cpp (custom waves): m_fWaveScale.eval(-1); (audio smoothing) m_pState's
//    m_fWaveScale/m_fWaveSmoothing at the current time.
#include "preset/TransitionBlend.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numbers>
#include <utility>
#include <vector>

#include "RuntimeHarness.hpp"

namespace phosphene::preset {
namespace {

using Member = double FrameVars::*;

// The CBlendableFloats of StartBlendFrom, outside the ten motion values, as FrameVars members.
const std::vector<Member> kBlendableFileValues = {&FrameVars::gamma,
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
                                                  &FrameVars::blur1EdgeDarken};

const std::vector<Member> kMotion = {
    &FrameVars::zoom, &FrameVars::zoomExp, &FrameVars::rot, &FrameVars::warp, &FrameVars::cx,
    &FrameVars::cy,   &FrameVars::dx,      &FrameVars::dy,  &FrameVars::sx,   &FrameVars::sy};

const std::vector<Member> kFlagsAndModes = {
    &FrameVars::echoOrient,   &FrameVars::brighten,     &FrameVars::darken,
    &FrameVars::solarize,     &FrameVars::invert,       &FrameVars::wrap,
    &FrameVars::darkenCenter, &FrameVars::waveMode,     &FrameVars::waveUseDots,
    &FrameVars::waveThick,    &FrameVars::waveAdditive, &FrameVars::waveBrighten,
    &FrameVars::warpAnimSpeed};

// RunPerFrameEquations' mixed outputs and snapped values.
const std::vector<Member> kMixedOutputs = {&FrameVars::decay,
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
                                           &FrameVars::blur1EdgeDarken};

const std::vector<Member> kSnapped = {
    &FrameVars::echoOrient,   &FrameVars::waveUseDots,  &FrameVars::waveThick,
    &FrameVars::waveAdditive, &FrameVars::waveBrighten, &FrameVars::darkenCenter,
    &FrameVars::wrap,         &FrameVars::invert,       &FrameVars::brighten,
    &FrameVars::darken,       &FrameVars::solarize};

// Not touched by the output mix: motion (blended through the mesh), wave_mode, the file-only
// values, monitor.
const std::vector<Member> kNotMixed = {&FrameVars::zoom,
                                       &FrameVars::zoomExp,
                                       &FrameVars::rot,
                                       &FrameVars::warp,
                                       &FrameVars::cx,
                                       &FrameVars::cy,
                                       &FrameVars::dx,
                                       &FrameVars::dy,
                                       &FrameVars::sx,
                                       &FrameVars::sy,
                                       &FrameVars::waveMode,
                                       &FrameVars::hueShader,
                                       &FrameVars::waveScale,
                                       &FrameVars::waveSmoothing,
                                       &FrameVars::modWaveAlphaStart,
                                       &FrameVars::modWaveAlphaEnd,
                                       &FrameVars::warpAnimSpeed,
                                       &FrameVars::warpScale,
                                       &FrameVars::monitor};

// Two sets of values that differ everywhere: old k + 1, new 10·(k + 1) for the k-th double.
std::pair<FrameVars, FrameVars> distinctVars() {
  FrameVars oldV, newV;
  const auto fill = [](FrameVars& v, double scale) {
    double k = 1.0;
    for (Member m : kBlendableFileValues) v.*m = scale * k++;
    for (Member m : kMotion) v.*m = scale * k++;
    for (Member m : kFlagsAndModes) v.*m = scale * k++;
    v.monitor = scale * k++;
    for (std::size_t i = 0; i < 3; ++i) {
      v.blurMin[i] = scale * k++;
      v.blurMax[i] = scale * k++;
    }
    for (double& q : v.q) q = scale * k++;
    v.modWaveAlphaByVolume = scale > 5.0;
  };
  fill(oldV, 1.0);
  fill(newV, 10.0);
  return {oldV, newV};
}

TEST(TransitionBaseValues, BlendableFileValuesMixLinearly) {
  const auto [oldV, newV] = distinctVars();
  for (double linear : {0.0, 0.25, 0.5, 1.0}) {
    const FrameVars b = blendBaseValues(oldV, newV, linear);
    for (Member m : kBlendableFileValues)
      EXPECT_DOUBLE_EQ(b.*m, oldV.*m * (1 - linear) + newV.*m * linear);
    for (std::size_t i = 0; i < 3; ++i) {
      EXPECT_DOUBLE_EQ(b.blurMin[i], oldV.blurMin[i] * (1 - linear) + newV.blurMin[i] * linear);
      EXPECT_DOUBLE_EQ(b.blurMax[i], oldV.blurMax[i] * (1 - linear) + newV.blurMax[i] * linear);
    }
  }
  // By hand: decay 0.9 → 1.0 a quarter of the way is 0.925.
  FrameVars o, n;
  o.decay = 0.9;
  n.decay = 1.0;
  EXPECT_DOUBLE_EQ(blendBaseValues(o, n, 0.25).decay, 0.925);
}

// Motion values: blendable in MD2 but read unblended by per_frame, so the function returns the
// new preset's; ints and bools switch at once; q and monitor are per preset.
TEST(TransitionBaseValues, MotionFlagsModesAndQAreTheNewPresets) {
  const auto [oldV, newV] = distinctVars();
  const FrameVars b = blendBaseValues(oldV, newV, 0.4);
  for (Member m : kMotion) EXPECT_EQ(b.*m, newV.*m);
  for (Member m : kFlagsAndModes) EXPECT_EQ(b.*m, newV.*m);
  EXPECT_EQ(b.q, newV.q);
  EXPECT_EQ(b.monitor, newV.monitor);
  EXPECT_EQ(b.modWaveAlphaByVolume, newV.modWaveAlphaByVolume);
}

TEST(TransitionSnapPoint, DependsOnWhichPresetHasACompShader) {
  EXPECT_DOUBLE_EQ(static_cast<double>(blendSnapPoint(false, false)), 0.5);
  EXPECT_DOUBLE_EQ(static_cast<double>(blendSnapPoint(true, true)), 0.5);
  EXPECT_FLOAT_EQ(blendSnapPoint(true, false), -0.01f);
  EXPECT_FLOAT_EQ(blendSnapPoint(false, true), 1.01f);
}

// mix = 0.5 − 0.5·cos(π·p): 0, 0.1464466, 0.5, 1 at p = 0, 0.25, 0.5, 1.
TEST(TransitionOutputs, CosineMixByHand) {
  const auto [oldV, newV] = distinctVars();
  const std::pair<double, double> cases[] = {
      {0.0, 0.0}, {0.25, 0.14644661}, {0.5, 0.5}, {1.0, 1.0}};
  for (const auto& [p, mix] : cases) {
    FrameVars v = newV;
    blendPerFrameResults(v, oldV, static_cast<float>(p), static_cast<float>(0.5));
    for (Member m : kMixedOutputs) EXPECT_NEAR(v.*m, mix * newV.*m + (1 - mix) * oldV.*m, 1e-5);
    for (std::size_t i = 0; i < 3; ++i) {
      EXPECT_NEAR(v.blurMin[i], mix * newV.blurMin[i] + (1 - mix) * oldV.blurMin[i], 1e-5);
      EXPECT_NEAR(v.blurMax[i], mix * newV.blurMax[i] + (1 - mix) * oldV.blurMax[i], 1e-5);
    }
  }
  // decay 0.9 → 1.0 at p = 0.25: 0.9 + 0.1·0.1464466.
  FrameVars o, n;
  o.decay = 0.9;
  n.decay = 1.0;
  blendPerFrameResults(n, o, static_cast<float>(0.25), static_cast<float>(0.5));
  EXPECT_NEAR(n.decay, 0.91464466, 1e-7);
}

TEST(TransitionOutputs, MotionWaveModeFileValuesAndQAreLeftAlone) {
  const auto [oldV, newV] = distinctVars();
  FrameVars v = newV;
  blendPerFrameResults(v, oldV, static_cast<float>(0.5), static_cast<float>(0.5));
  for (Member m : kNotMixed) EXPECT_EQ(v.*m, newV.*m);
  EXPECT_EQ(v.q, newV.q);
}

// `(mix < m_fSnapPoint) ? old : new`: at snap 0.5 the switch happens at p = 0.5 (mix = 0.5 is not
// below it); −0.01 gives new values from the first frame; 1.01 keeps old ones even at p = 1.
TEST(TransitionOutputs, OnOffValuesSnapAtTheSnapPoint) {
  // Named copies, not structured bindings: Clang 14 cannot capture those in a lambda.
  const auto vars = distinctVars();
  const FrameVars& oldV = vars.first;
  const FrameVars& newV = vars.second;
  const auto expectAll = [&](double p, double snap, const FrameVars& want) {
    FrameVars v = newV;
    blendPerFrameResults(v, oldV, static_cast<float>(p), static_cast<float>(snap));
    for (Member m : kSnapped) EXPECT_EQ(v.*m, want.*m) << "p " << p << " snap " << snap;
  };
  expectAll(0.0, 0.5, oldV);
  expectAll(0.25, 0.5, oldV);  // mix 0.146
  expectAll(0.49, 0.5, oldV);
  expectAll(0.5, 0.5, newV);
  expectAll(0.51, 0.5, newV);
  expectAll(1.0, 0.5, newV);
  expectAll(0.0, -0.01, newV);
  expectAll(0.5, -0.01, newV);
  expectAll(0.0, 1.01, oldV);
  expectAll(0.99, 1.01, oldV);
  expectAll(1.0, 1.01, oldV);
}

// ShowToUser_NoShaders: both file echo alphas > 0.01 and different file orientations → fade;
// linear progress < snap: old orientation, alpha·(1 − 2c); else alpha·(2c − 1).
TEST(TransitionEcho, OrientationFadesOutAndIn) {
  FrameVars oldBase, blended, vars;
  oldBase.echoAlpha = 0.5;
  oldBase.echoOrient = 1;
  blended.echoAlpha = 0.4;
  blended.echoOrient = 2;
  vars.echoAlpha = 0.6;
  vars.echoOrient = 3;  // what per_frame and the snap left
  FrameVars v = vars;
  fadeEchoOrientation(v, blended, oldBase, 0.25, 0.5);
  const double c25 = 0.5 - 0.5 * std::cos(0.25 * std::numbers::pi);
  EXPECT_EQ(v.echoOrient, 1.0);
  EXPECT_NEAR(v.echoAlpha, 0.6 * (1 - 2 * c25), 1e-6);
  v = vars;
  fadeEchoOrientation(v, blended, oldBase, 0.75, 0.5);
  const double c75 = 0.5 - 0.5 * std::cos(0.75 * std::numbers::pi);
  EXPECT_EQ(v.echoOrient, 3.0);
  EXPECT_NEAR(v.echoAlpha, 0.6 * (2 * c75 - 1), 1e-6);
  // The comparison is with the LINEAR progress: p = 0.3 is past a 0.25 snap point although
  // c = 0.206 is not.
  v = vars;
  fadeEchoOrientation(v, blended, oldBase, 0.3, 0.25);
  EXPECT_EQ(v.echoOrient, 3.0);
  // No fade when the orientations agree or either echo is (nearly) off.
  for (auto change : {+[](FrameVars&o, FrameVars&) { o.echoOrient = 2; },
                      +[](FrameVars&o, FrameVars&) { o.echoAlpha = 0.01; },
                      +[](FrameVars&, FrameVars&b) { b.echoAlpha = 0.0; }}) {
    FrameVars o = oldBase, b = blended;
    change(o, b);
    v = vars;
    fadeEchoOrientation(v, b, o, 0.25, 0.5);
    EXPECT_EQ(v.echoOrient, vars.echoOrient);
    EXPECT_EQ(v.echoAlpha, vars.echoAlpha);
  }
}

TEST(TransitionWarp, OutgoingMeshUsesTheIncomingWarpClock) {
  FrameVars oldVars, newVars;
  oldVars.warpAnimSpeed = 0.5;
  oldVars.warpScale = 2.0;
  oldVars.warp = 3.0;
  newVars.warpAnimSpeed = 1.5;
  newVars.warpScale = 0.75;
  newVars.warp = 0.25;
  shareIncomingWarpAnimation(oldVars, newVars);
  EXPECT_EQ(oldVars.warpAnimSpeed, 1.5);
  EXPECT_EQ(oldVars.warpScale, 0.75);
  EXPECT_EQ(oldVars.warp, 3.0);  // the warp amount stays each preset's own
}

// Runtime::setBlendedBase: per_frame starts from the blended file values, motion from the
// preset's own.
constexpr const char* kPreset =
    "[preset00]\nzoom=1.1\nrot=0.2\nfDecay=0.5\nwave_r=0.25\nfShader=0.5\nfWaveScale=1\n"
    "per_frame_1=monitor = decay + wave_r + zoom + rot;\n"
    "wavecode_0_enabled=1\nwavecode_0_samples=16\n";

void fillAudio(audio::FrameAudio& a) {
  for (std::size_t i = 0; i < a.waveform[0].size(); ++i) {
    a.waveform[0][i] = static_cast<float>(std::sin(0.05 * static_cast<double>(i))) * 0.5f;
    a.waveform[1][i] = static_cast<float>(std::cos(0.07 * static_cast<double>(i))) * 0.5f;
  }
}

TEST(TransitionRuntime, BlendedBaseFeedsPerFrameAndFileValuesButNotMotion) {
  // Declared before the runtime that points at it, so it outlives the runtime.
  FrameVars blended;
  testing::Harness h(kPreset);
  const FrameVars own = h.runtime->baseValues();
  // File values are floats, as in MD2.
  const double zoom = static_cast<double>(1.1f), rot = static_cast<double>(0.2f);
  EXPECT_DOUBLE_EQ(own.decay, 0.5);
  EXPECT_DOUBLE_EQ(own.zoom, zoom);
  blended = own;
  blended.decay = 0.75;
  blended.waveR = 0.5;
  blended.hueShader = 0.25;
  blended.zoom = 3.0;  // ignored: the motion values are read unblended
  blended.rot = 1.0;
  h.runtime->setBlendedBase(&blended);
  const FrameState& f = h.step();
  EXPECT_DOUBLE_EQ(f.vars.monitor, 0.75 + 0.5 + zoom + rot);
  EXPECT_DOUBLE_EQ(f.vars.decay, 0.75);
  EXPECT_DOUBLE_EQ(f.vars.hueShader, 0.25);  // file-only values come from the blend too
  EXPECT_DOUBLE_EQ(f.vars.zoom, zoom);
  EXPECT_DOUBLE_EQ(f.vars.rot, rot);
  EXPECT_DOUBLE_EQ(h.runtime->baseValues().decay, 0.5);  // the file values are untouched
  h.runtime->setBlendedBase(nullptr);
  const FrameState& g = h.step();
  EXPECT_DOUBLE_EQ(g.vars.monitor, 0.5 + 0.25 + zoom + rot);
  EXPECT_DOUBLE_EQ(g.vars.hueShader, 0.5);
}

// A blended base equal to the file values changes nothing, bit for bit.
TEST(TransitionRuntime, BlendingWithItsOwnValuesIsBitIdentical) {
  testing::Harness a(kPreset), b(kPreset);
  fillAudio(a.audio);
  fillAudio(b.audio);
  // On the heap: GCC cannot tell that a local outlives the runtime that points at it.
  const auto same = std::make_unique<FrameVars>(b.runtime->baseValues());
  b.runtime->setBlendedBase(same.get());
  for (int frame = 0; frame < 3; ++frame) {
    const FrameState& fa = a.step();
    const FrameState& fb = b.step();
    EXPECT_EQ(fa.vars.monitor, fb.vars.monitor);
    ASSERT_EQ(fa.mesh.uv.size(), fb.mesh.uv.size());
    for (std::size_t v = 0; v < fa.mesh.uv.size(); ++v) {
      EXPECT_EQ(fa.mesh.uv[v].x, fb.mesh.uv[v].x);
      EXPECT_EQ(fa.mesh.uv[v].y, fb.mesh.uv[v].y);
    }
    ASSERT_EQ(fa.builtinWave.points.size(), fb.builtinWave.points.size());
    for (std::size_t k = 0; k < fa.builtinWave.points.size(); ++k) {
      EXPECT_EQ(fa.builtinWave.points[k].x, fb.builtinWave.points[k].x);
      EXPECT_EQ(fa.builtinWave.points[k].y, fb.builtinWave.points[k].y);
    }
  }
}

// The built-in wave's audio smoothing reads the blended wave scale (MD2 m_pState's
// m_fWaveScale.eval(GetTime())); custom waves read the preset's own (eval(-1)).
TEST(TransitionRuntime, WaveScaleBlendsForTheBuiltInWaveOnly) {
  FrameVars blended;
  testing::Harness a(kPreset), b(kPreset);
  fillAudio(a.audio);
  fillAudio(b.audio);
  blended = b.runtime->baseValues();
  blended.waveScale = 3.0;
  b.runtime->setBlendedBase(&blended);
  const FrameState& fa = a.step();
  const FrameState& fb = b.step();
  EXPECT_DOUBLE_EQ(fb.vars.waveScale, 3.0);
  ASSERT_FALSE(fa.builtinWave.points.empty());
  ASSERT_EQ(fa.builtinWave.points.size(), fb.builtinWave.points.size());
  bool differs = false;
  for (std::size_t k = 0; k < fa.builtinWave.points.size(); ++k)
    differs = differs || fa.builtinWave.points[k].y != fb.builtinWave.points[k].y ||
              fa.builtinWave.points[k].x != fb.builtinWave.points[k].x;
  EXPECT_TRUE(differs);
  const auto& wa = fa.customWaves[0].points;
  const auto& wb = fb.customWaves[0].points;
  ASSERT_FALSE(wa.empty());
  ASSERT_EQ(wa.size(), wb.size());
  for (std::size_t k = 0; k < wa.size(); ++k) {
    EXPECT_EQ(wa[k].x, wb[k].x);
    EXPECT_EQ(wa[k].y, wb[k].y);
  }
}

}  // namespace
}  // namespace phosphene::preset
