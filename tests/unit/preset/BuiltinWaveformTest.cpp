// The built-in waveform's 8 modes, colour and alpha rules (spec §6, MD2 milkdropfs.cpp DrawWave).
#include "preset/BuiltinWaveform.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace phosphene::preset {
namespace {

constexpr float kTol = 1e-5f;

BuiltinWaveParams params(double mode, int width = 1024, int height = 1024) {
  BuiltinWaveParams p;
  p.mode = mode;
  p.canvasWidth = width;
  p.canvasHeight = height;
  p.a = 0.5;
  return p;
}

std::vector<float> constant(float v) {
  return std::vector<float>(576, v);
}

BuiltinWaveState build(const BuiltinWaveParams& p, const std::vector<float>& l,
                       const std::vector<float>& r) {
  BuiltinWaveform wave;
  BuiltinWaveState out;
  wave.build(p, l, r, out);
  return out;
}

RawWave raw(int mode, const BuiltinWaveParams& p, const std::vector<float>& l,
            const std::vector<float>& r) {
  RawWave w;
  generateWaveVertices(mode, p, l, r, w);
  return w;
}

float byte(float a) {
  return std::floor(a * 255.0f) / 255.0f;
}

TEST(BuiltinWaveform, ColourClampsThenMaximises) {
  BuiltinWaveParams p;
  p.r = 0.5;
  p.g = 0.25;
  p.b = -1.0;
  p.brighten = 1.0;
  auto c = builtinWaveColour(p);
  EXPECT_FLOAT_EQ(c.r, 1.0f);
  EXPECT_FLOAT_EQ(c.g, 0.5f);
  EXPECT_FLOAT_EQ(c.b, 0.0f);
  p.brighten = 0.0;
  c = builtinWaveColour(p);
  EXPECT_FLOAT_EQ(c.r, 0.5f);
  EXPECT_FLOAT_EQ(c.g, 0.25f);
  p = {};
  p.r = 2.0;  // clamped to 1 before the maximise step
  p.g = 0.005;
  p.b = 0.0;
  c = builtinWaveColour(p);
  EXPECT_FLOAT_EQ(c.r, 1.0f);
  p.r = 0.008;  // max ≤ 0.01: left alone
  c = builtinWaveColour(p);
  EXPECT_FLOAT_EQ(c.r, 0.008f);
}

TEST(BuiltinWaveform, Mode0IsAClosedCircle) {
  auto p = params(0);
  const auto zero = constant(0.0f);
  const auto w = raw(0, p, zero, zero);
  ASSERT_EQ(w.vertices.size(), 241u);        // 240 + the first vertex repeated
  EXPECT_NEAR(w.vertices[0].x, 0.5f, kTol);  // rad 0.5, angle 0, centred
  EXPECT_NEAR(w.vertices[0].y, 0.0f, kTol);
  EXPECT_NEAR(w.vertices[1].x, 0.4998274f, kTol);  // angle 6.28/239
  EXPECT_NEAR(w.vertices[1].y, 0.0131366f, kTol);
  EXPECT_FLOAT_EQ(w.vertices[240].x, w.vertices[0].x);
  const auto out = build(p, zero, zero);
  EXPECT_EQ(out.points.size(), 481u);  // refined: 2·241 − 1
  EXPECT_EQ(out.secondLineStart, out.points.size());
  // While blending the loop is left open.
  p.blending = true;
  p.oldMode = 0;
  EXPECT_EQ(raw(0, p, zero, zero).vertices.size(), 240u);
}

TEST(BuiltinWaveform, Mode0UsesRightChannelAspectAndPosition) {
  auto p = params(0, 800, 600);  // aspectY = 0.75
  p.aspectY = 0.75f;
  p.x = 0.75;  // posX = 0.5
  p.mystery = 0.1;
  const auto r = constant(0.5f);
  const auto w = raw(0, p, constant(0.0f), r);
  // rad = 0.5 + 0.4·0.5 + 0.1 = 0.8 (the seam cross-fade mixes equal radii here).
  EXPECT_NEAR(w.vertices[0].x, 0.8f * 0.75f + 0.5f, kTol);
  EXPECT_NEAR(w.vertices[0].y, 0.0f, kTol);
  // |mystery| > 1 folds back: 1.5 → frac(1.25)·2 − 1 = −0.5 → rad = 0.5 + 0.2 − 0.5 = 0.2.
  p.mystery = 1.5;
  EXPECT_NEAR(raw(0, p, constant(0.0f), r).vertices[0].x, 0.2f * 0.75f + 0.5f, kTol);
}

TEST(BuiltinWaveform, Mode1SpiralAndAlpha) {
  auto p = params(1);
  p.time = 0.0;
  std::vector<float> l(576, 0.0f), r(576, 0.0f);
  l[32] = 1.0f;  // angle of vertex 0 = fL[32]·1.57
  const auto w = raw(1, p, l, r);
  ASSERT_EQ(w.vertices.size(), 240u);
  EXPECT_NEAR(w.vertices[0].x, 0.53f * std::cos(1.57f), kTol);
  EXPECT_NEAR(w.vertices[0].y, 0.53f * std::sin(1.57f), kTol);
  EXPECT_FLOAT_EQ(w.alpha, 0.625f);  // wave_a 0.5 × 1.25
  const auto out = build(p, l, r);
  EXPECT_EQ(out.points.size(), 479u);
  EXPECT_FLOAT_EQ(out.colour.a, byte(0.625f));
}

TEST(BuiltinWaveform, Mode2ScatterAndWidthAlpha) {
  auto p = params(2, 1024);
  std::vector<float> l(576), r(576);
  for (int i = 0; i < 576; ++i) {
    l[i] = 0.001f * i;
    r[i] = -0.001f * i;
  }
  const auto w = raw(2, p, l, r);
  ASSERT_EQ(w.vertices.size(), 480u);
  EXPECT_NEAR(w.vertices[10].x, -0.010f, kTol);                 // fR[10]
  EXPECT_NEAR(w.vertices[10].y, 0.042f, kTol);                  // fL[42]
  EXPECT_NEAR(w.alpha, 0.5f * 0.11f, kTol);                     // 1024 wide: × 0.11
  EXPECT_NEAR(raw(2, params(2, 800), l, r).alpha, 0.5f, kTol);  // other widths: unchanged
  EXPECT_NEAR(raw(2, params(2, 256), l, r).alpha, 0.035f, kTol);
  EXPECT_EQ(build(p, l, r).points.size(), 959u);
}

// MD2 milkdropfs.cpp DrawWave: mode 3 alpha uses the RAW treble band sum mysound.imm[2].
TEST(BuiltinWaveform, Mode3AlphaFromTreble) {
  auto p = params(3, 512);
  p.trebleImm = 2.0;
  const auto zero = constant(0.0f);
  EXPECT_NEAR(raw(3, p, zero, zero).alpha, 0.15f * 1.3f * 4.0f, kTol);  // 0.78
  p.trebleImm = 0.5;
  EXPECT_NEAR(raw(3, p, zero, zero).alpha, 0.15f * 1.3f * 0.25f, kTol);
  auto other = params(3, 640);  // other widths keep wave_a
  other.trebleImm = 1.0;
  EXPECT_NEAR(raw(3, other, zero, zero).alpha, 0.5f * 1.3f, kTol);
}

TEST(BuiltinWaveform, Mode4HorizontalWithMomentum) {
  auto p = params(4, 300);  // n = min(480, 300/3) = 100, offset 190
  std::vector<float> l(576, 0.0f), r(576, 0.0f);
  auto w = raw(4, p, l, r);
  ASSERT_EQ(w.vertices.size(), 100u);
  // Silent input: a straight line from −1, and momentum keeps a straight line straight.
  EXPECT_NEAR(w.vertices[0].x, -1.0f, kTol);
  EXPECT_NEAR(w.vertices[50].x, 0.0f, kTol);
  EXPECT_NEAR(w.vertices[99].x, 0.98f, kTol);
  // One spike at the third vertex: w1 = 0.45 + 0.5·0.5 = 0.7, w2 = 0.3.
  l[190 + 2] = 1.0f;
  w = raw(4, p, l, r);
  EXPECT_NEAR(w.vertices[2].y, 0.141f, kTol);    // 0.47·0.3
  EXPECT_NEAR(w.vertices[3].y, 0.1974f, kTol);   // 0.7·(2·0.141 − 0)
  EXPECT_NEAR(w.vertices[4].y, 0.17766f, kTol);  // 0.7·(2·0.1974 − 0.141)
  // The right channel, 25 samples further on, pushes x.
  std::vector<float> r2(576, 0.0f);
  r2[190 + 25] = 1.0f;
  EXPECT_NEAR(raw(4, p, constant(0.0f), r2).vertices[0].x, -1.0f + 0.44f, kTol);
  EXPECT_EQ(raw(4, params(4, 2048), l, r).vertices.size(), 480u);
}

TEST(BuiltinWaveform, Mode5RotatesWithTime) {
  auto p = params(5, 2048);
  p.time = 1.0;  // rotation 0.3 rad
  const auto c = constant(0.5f);
  const auto w = raw(5, p, c, c);
  ASSERT_EQ(w.vertices.size(), 480u);
  // x0 = 2·0.5·0.5 = 0.5, y0 = 0 → (0.5 cos 0.3, 0.5 sin 0.3).
  EXPECT_NEAR(w.vertices[7].x, 0.4776682f, kTol);
  EXPECT_NEAR(w.vertices[7].y, 0.1477601f, kTol);
  EXPECT_NEAR(w.alpha, 0.5f * 0.13f, kTol);
}

TEST(BuiltinWaveform, Mode6LineAcrossTheScreen) {
  auto p = params(6, 1024);
  std::vector<float> l(576, 0.0f);
  l[120 + 10] = 1.0f;  // offset (480 − 240)/2 = 120
  const auto w = raw(6, p, l, constant(0.0f));
  ASSERT_EQ(w.vertices.size(), 240u);
  EXPECT_NEAR(w.vertices[0].x, -1.1f, kTol);  // clipped at −1.1
  EXPECT_NEAR(w.vertices[0].y, 0.0f, kTol);
  EXPECT_NEAR(w.vertices[120].x, 0.0f, 1e-4f);
  // Perpendicular displacement 0.25·fL (perp ≈ (cos 1.57, sin 1.57)).
  EXPECT_NEAR(w.vertices[10].y, 0.25f * 0.9999997f, kTol);
  // n = W/3 on narrow canvases.
  EXPECT_EQ(raw(6, params(6, 300), l, l).vertices.size(), 100u);
  // wave_x slides the line perpendicular to itself: posX 0.5 → y ≈ 0.5.
  p.x = 0.75;
  EXPECT_NEAR(raw(6, p, constant(0.0f), constant(0.0f)).vertices[5].y, 0.5f, 1e-4f);
  // mystery turns the line: 1 → 1.57 rad, nearly vertical.
  p.x = 0.5;
  p.mystery = 1.0;
  const auto v = raw(6, p, constant(0.0f), constant(0.0f));
  EXPECT_NEAR(v.vertices[0].y, -1.1f, kTol);
  EXPECT_NEAR(v.vertices[0].x, 0.0f, 1e-2f);
}

TEST(BuiltinWaveform, Mode7TwoLinesSeparatedByWaveY) {
  auto p = params(7, 1024);
  const auto zero = constant(0.0f);
  const auto w = raw(7, p, zero, zero);
  ASSERT_EQ(w.vertices.size(), 480u);
  EXPECT_EQ(w.lineBreak, 240);
  // sep = wave_y² = 0.25: left line above, right line below.
  EXPECT_NEAR(w.vertices[3].y, 0.25f, 1e-4f);
  EXPECT_NEAR(w.vertices[243].y, -0.25f, 1e-4f);
  const auto out = build(p, zero, zero);
  EXPECT_EQ(out.points.size(), 958u);  // two strips of 240 refined to 479 each
  EXPECT_EQ(out.secondLineStart, 479u);
}

TEST(BuiltinWaveform, ModeIsTruncatedModuloEight) {
  const auto zero = constant(0.0f);
  auto out = build(params(8.7), zero, zero);  // (int)8.7 % 8 = 0
  EXPECT_EQ(out.mode, 0);
  EXPECT_EQ(out.points.size(), 481u);
  out = build(params(13.0), zero, zero);
  EXPECT_EQ(out.mode, 5);
  // A negative mode matches no branch: MD2 draws its zeroed 480-vertex buffer at the centre,
  // with wave_a unclamped and not modulated.
  auto neg = params(-1.0);
  neg.a = 0.9;
  out = build(neg, zero, zero);
  EXPECT_EQ(out.mode, -1);
  ASSERT_TRUE(out.visible);
  EXPECT_EQ(out.points.size(), 959u);
  EXPECT_FLOAT_EQ(out.points[100].x, 0.0f);
  EXPECT_FLOAT_EQ(out.colour.a, byte(0.9f));
}

TEST(BuiltinWaveform, AlphaByVolume) {
  auto p = params(0);
  p.a = 0.8;
  p.modAlphaByVolume = true;
  const auto zero = constant(0.0f);
  // (1+1+1)·0.333 = 0.999 → (0.999 − 0.75)/0.2 = 1.245 → 0.996.
  EXPECT_NEAR(raw(0, p, zero, zero).alpha, 0.996f, 1e-5f);
  p.bassRel = p.midRel = p.trebRel = 0.8;  // 0.7992 → 0.246 → 0.19680
  EXPECT_NEAR(raw(0, p, zero, zero).alpha, 0.1968f, 1e-5f);
  p.bassRel = p.midRel = p.trebRel = 2.0;  // clamps at 1
  EXPECT_FLOAT_EQ(raw(0, p, zero, zero).alpha, 1.0f);
  p.bassRel = p.midRel = p.trebRel = 0.5;  // below start: 0, nothing drawn
  EXPECT_FLOAT_EQ(raw(0, p, zero, zero).alpha, 0.0f);
  EXPECT_FALSE(build(p, zero, zero).visible);
}

TEST(BuiltinWaveform, FaintWavesAreNotDrawn) {
  auto p = params(0);
  const auto zero = constant(0.0f);
  p.a = 0.0039;
  auto out = build(p, zero, zero);
  EXPECT_FALSE(out.visible);
  EXPECT_TRUE(out.points.empty());
  p.a = 0.004;
  EXPECT_TRUE(build(p, zero, zero).visible);
}

TEST(BuiltinWaveform, ThickAndDotsUseFourPassesOnWideCanvases) {
  const auto zero = constant(0.0f);
  auto p = params(0, 512);
  EXPECT_FALSE(build(p, zero, zero).fourPasses);
  p.thick = 1.0;
  EXPECT_TRUE(build(p, zero, zero).fourPasses);
  p.canvasWidth = 511;
  EXPECT_FALSE(build(p, zero, zero).fourPasses);
  p = params(0, 1024);
  p.useDots = 1.0;
  p.additive = 1.0;
  const auto out = build(p, zero, zero);
  EXPECT_TRUE(out.fourPasses);
  EXPECT_TRUE(out.dots);
  EXPECT_TRUE(out.additive);
}

TEST(BuiltinWaveform, ModeChangeDuringABlendMorphs) {
  const auto zero = constant(0.0f);
  auto p = params(6, 1024);
  p.blending = true;
  p.oldMode = 2;          // old mode: all 480 vertices at the centre for silent input
  p.blendProgress = 0.0;  // mix = 0: entirely the old wave
  auto out = build(p, zero, zero);
  ASSERT_EQ(out.points.size(), 479u);  // the NEW mode's count
  EXPECT_NEAR(out.points[0].x, 0.0f, kTol);
  p.blendProgress = 1.0;  // mix = 1: the new wave
  out = build(p, zero, zero);
  EXPECT_NEAR(out.points[0].x, -1.1f, kTol);
  p.blendProgress = 0.5;  // mix = 0.5
  out = build(p, zero, zero);
  EXPECT_NEAR(out.points[0].x, -0.55f, kTol);
  // Alpha mixes too: mode 6 keeps 0.5, mode 2 at 1024 gives 0.055.
  EXPECT_FLOAT_EQ(out.colour.a, byte(0.5f * 0.5f + 0.055f * 0.5f));
}

TEST(BuiltinWaveform, BuildReusesBuffers) {
  BuiltinWaveform wave;
  BuiltinWaveState out;
  const auto zero = constant(0.0f);
  wave.build(params(2), zero, zero, out);
  const auto* data = out.points.data();
  wave.build(params(2), zero, zero, out);
  EXPECT_EQ(out.points.data(), data);
}

TEST(BuiltinWaveform, ShortInputReadsZero) {
  const std::vector<float> shortL(10, 1.0f), shortR(10, 1.0f);
  const auto w = raw(2, params(2, 800), shortL, shortR);
  EXPECT_NEAR(w.vertices[5].x, 1.0f, kTol);
  EXPECT_NEAR(w.vertices[5].y, 0.0f, kTol);  // fL[37] is past the end
}

}  // namespace
}  // namespace phosphene::preset
