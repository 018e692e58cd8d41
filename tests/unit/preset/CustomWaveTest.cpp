// Custom wave inputs and outputs (spec §7.1, MD2 milkdropfs.cpp DrawCustomWaves).
#include "preset/CustomWave.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace phosphene::preset {
namespace {

constexpr double kTol = 1e-6;

std::vector<float> ramp(int n) {
  std::vector<float> v(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = static_cast<float>(i);
  return v;
}

CustomWaveConfig noSmoothing() {
  CustomWaveConfig c;
  c.enabled = true;
  c.smoothing = 0.0;
  return c;
}

TEST(CustomWave, PerFrameStartsFromTheFileValues) {
  CustomWaveConfig c;
  c.r = 0.1;
  c.g = 0.2;
  c.b = 0.3;
  c.a = 0.4;
  c.samples = 100;
  const auto v = customWaveFrameStart(c);
  EXPECT_DOUBLE_EQ(v.r, 0.1);
  EXPECT_DOUBLE_EQ(v.a, 0.4);
  EXPECT_DOUBLE_EQ(v.samples, 100.0);
}

// MD2 DrawCustomWaves: after per_frame, n = min(512, (int)samples) for spectrum AND waveform
// waves; the 480 cap of waveform waves is not re-applied.
TEST(CustomWave, PointCountAfterPerFrame) {
  CustomWaveConfig c;
  EXPECT_EQ(customWavePointCount(c, 512.0), 512);
  EXPECT_EQ(customWavePointCount(c, 1000.0), 512);
  EXPECT_EQ(customWavePointCount(c, 99.9), 99);
  EXPECT_EQ(customWavePointCount(c, 2.0), 2);
  EXPECT_EQ(customWavePointCount(c, 1.0), 0);  // a line needs 2 points
  EXPECT_EQ(customWavePointCount(c, -5.0), 0);
  EXPECT_EQ(customWavePointCount(c, std::nan("")), 0);
  c.useDots = true;
  EXPECT_EQ(customWavePointCount(c, 1.0), 1);  // one dot is drawable
  EXPECT_EQ(customWavePointCount(c, 0.5), 0);
}

TEST(CustomWave, WaveformInputsAreCentredAndScaled) {
  const auto c = noSmoothing();
  const auto l = ramp(576);
  std::vector<float> r(576, 0.0f);
  CustomWavePointInputs in;
  prepareCustomWavePoints(c, 480, 1.0, l, r, in);
  ASSERT_EQ(in.count(), 480u);
  // j0 = (480 − 480)/2 = 0; value1 = left·0.004·scaling·fWaveScale.
  EXPECT_NEAR(in.value1[0], 0.0, kTol);
  EXPECT_NEAR(in.value1[100], 0.4, 1e-5);
  EXPECT_NEAR(in.value2[100], 0.0, kTol);
  EXPECT_NEAR(in.x[100], 0.9, 1e-5);  // 0.5 + value1
  EXPECT_NEAR(in.y[100], 0.5, kTol);  // 0.5 + value2
  EXPECT_NEAR(in.sample[0], 0.0, kTol);
  EXPECT_NEAR(in.sample[479], 1.0, kTol);
  EXPECT_NEAR(in.sample[100], 100.0 / 479.0, 1e-6);
  // Fewer points read the middle of the buffer: n = 100 → j0 = 190.
  prepareCustomWavePoints(c, 100, 1.0, l, r, in);
  ASSERT_EQ(in.count(), 100u);
  EXPECT_NEAR(in.value1[0], 190 * 0.004, 1e-5);
  // scaling and the preset's fWaveScale multiply in.
  auto scaled = c;
  scaled.scaling = 2.0;
  prepareCustomWavePoints(scaled, 100, 0.5, l, r, in);
  EXPECT_NEAR(in.value1[0], 190 * 0.004, 1e-5);
}

TEST(CustomWave, SepOffsetsTheChannelsInOppositeDirections) {
  auto c = noSmoothing();
  c.sep = 10;
  const auto l = ramp(576), r = ramp(576);
  CustomWavePointInputs in;
  prepareCustomWavePoints(c, 100, 1.0, l, r, in);
  EXPECT_NEAR(in.value1[0], 185 * 0.004, 1e-5);  // j0 = 190 − 5
  EXPECT_NEAR(in.value2[0], 195 * 0.004, 1e-5);  // j1 = 190 + 5
}

// 512 waveform points start at j0 = −16: MD2 reads before the array (spec §7.1); Phosphene reads
// 0 there.
TEST(CustomWave, WaveformIndicesOutsideTheChannelReadZero) {
  const auto c = noSmoothing();
  std::vector<float> l(576, 1.0f);
  CustomWavePointInputs in;
  prepareCustomWavePoints(c, 512, 1.0, l, l, in);
  ASSERT_EQ(in.count(), 512u);
  EXPECT_NEAR(in.value1[0], 0.0, kTol);
  EXPECT_NEAR(in.value1[15], 0.0, kTol);
  EXPECT_NEAR(in.value1[16], 0.004, 1e-7);
}

TEST(CustomWave, SpectrumInputsStrideOverTheBins) {
  auto c = noSmoothing();
  c.spectrum = true;
  const auto s = ramp(512);
  CustomWavePointInputs in;
  prepareCustomWavePoints(c, 256, 1.0, s, s, in);
  ASSERT_EQ(in.count(), 256u);
  // step t = 512/256 = 2, start 0, mult 0.15.
  EXPECT_NEAR(in.value1[0], 0.0, kTol);
  EXPECT_NEAR(in.value1[10], 20 * 0.15, 1e-5);
  EXPECT_NEAR(in.value2[255], 510 * 0.15, 1e-4);
  // sep shortens the range read (t = (512 − sep)/n) but does not shift the start.
  c.sep = 256;
  prepareCustomWavePoints(c, 128, 1.0, s, s, in);
  EXPECT_NEAR(in.value1[0], 0.0, kTol);
  EXPECT_NEAR(in.value1[10], 20 * 0.15, 1e-5);
}

TEST(CustomWave, SmoothingRunsForwardThenBackward) {
  CustomWaveConfig c;
  c.smoothing = 0.5;  // mix1 = sqrt(0.49) = 0.7, mix2 = 0.3
  std::vector<float> l(576, 0.0f);
  l[238] = 1.0f;  // n = 3 → j0 = (480 − 3)/2 = 238
  CustomWavePointInputs in;
  prepareCustomWavePoints(c, 3, 1.0, l, l, in);
  // Forward: 1, 0.7, 0.49. Backward: d1 = 0.7·0.3 + 0.49·0.7 = 0.553; d0 = 0.3 + 0.553·0.7.
  EXPECT_NEAR(in.value1[2], 0.49 * 0.004, 1e-7);
  EXPECT_NEAR(in.value1[1], 0.553 * 0.004, 1e-7);
  EXPECT_NEAR(in.value1[0], 0.6871 * 0.004, 1e-7);
}

TEST(CustomWave, FinishMapsToClipSpaceWithInverseAspect) {
  CustomWaveConfig c;
  c.useDots = true;
  const std::vector<double> x{0.5, 1.0, 0.0}, y{0.5, 1.0, 0.25};
  const std::vector<double> one(3, 1.0);
  std::vector<WavePoint> scratch;
  CustomWaveState out;
  ASSERT_TRUE(
      finishCustomWave(c, {x, y, one, one, one, one}, aspectFactors(800, 600), 1.0, scratch, out));
  ASSERT_TRUE(out.visible);
  ASSERT_EQ(out.points.size(), 3u);  // dots are not refined
  EXPECT_FLOAT_EQ(out.points[0].x, 0.0f);
  EXPECT_FLOAT_EQ(out.points[0].y, 0.0f);
  EXPECT_FLOAT_EQ(out.points[1].x, 1.0f);
  EXPECT_FLOAT_EQ(out.points[1].y, 4.0f / 3.0f);  // y = 1 is the top; × invAspectY
  EXPECT_FLOAT_EQ(out.points[2].x, -1.0f);
  EXPECT_FLOAT_EQ(out.points[2].y, -0.5f * 4.0f / 3.0f);
}

TEST(CustomWave, LinesAreRefinedAndFlagsCopied) {
  CustomWaveConfig c;
  c.drawThick = true;
  c.additive = true;
  const std::vector<double> x{0.0, 0.5, 1.0}, y{0.5, 0.5, 0.5}, one(3, 1.0);
  std::vector<WavePoint> scratch;
  CustomWaveState out;
  ASSERT_TRUE(finishCustomWave(c, {x, y, one, one, one, one}, {}, 1.0, scratch, out));
  EXPECT_EQ(out.points.size(), 5u);
  EXPECT_TRUE(out.thick);
  EXPECT_TRUE(out.additive);
  EXPECT_FALSE(out.dots);
  // One point is not a line.
  const std::vector<double> x1{0.5}, one1{1.0};
  ASSERT_TRUE(finishCustomWave(c, {x1, x1, one1, one1, one1, one1}, {}, 1.0, scratch, out));
  EXPECT_FALSE(out.visible);
  EXPECT_TRUE(out.points.empty());
  // Mismatched spans are refused.
  EXPECT_FALSE(finishCustomWave(c, {x, x1, one, one, one, one}, {}, 1.0, scratch, out));
}

// MD2 DrawCustomWaves packs per-point colours with ((int)(c·255)) & 0xFF: overdriven colours
// wrap, and the blend factor multiplies alpha before packing.
TEST(CustomWave, PointColoursWrapLikeMilkDrop) {
  CustomWaveConfig c;
  c.useDots = true;
  const std::vector<double> x{0.5}, r{1.2}, g{-0.5}, b{0.5}, a{1.0};
  std::vector<WavePoint> scratch;
  CustomWaveState out;
  ASSERT_TRUE(finishCustomWave(c, {x, x, r, g, b, a}, {}, 0.5, scratch, out));
  ASSERT_EQ(out.points.size(), 1u);
  EXPECT_FLOAT_EQ(out.points[0].colour.r, 50.0f / 255.0f);
  EXPECT_FLOAT_EQ(out.points[0].colour.g, 129.0f / 255.0f);
  EXPECT_FLOAT_EQ(out.points[0].colour.b, 127.0f / 255.0f);
  EXPECT_FLOAT_EQ(out.points[0].colour.a, 127.0f / 255.0f);  // (int)(255·0.5)
}

}  // namespace
}  // namespace phosphene::preset
