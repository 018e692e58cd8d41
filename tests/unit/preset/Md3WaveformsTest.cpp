// MilkDrop 3's built-in wave modes 8..15 and its 500-side shapes, and MD2's limits kept for MD2
// presets.
//
// Facts: MilkDrop3 README.md ("8 new simple waveform (total of 16)", "Max shape sides increased
// to 500 points (from 100 originally)"); MDropDX12 src/mDropDX12/milkdropfs.cpp DrawWave cases
// 8..15 (mode = wave_mode % NUM_WAVES; the line modes' construction; 11 offsets its two lines by
// ∓0.45; 12 and 15 multiply alpha by 1.25; 9 doubles the count with an unfilled second strip;
// 13 and 14 close the loop when not blending). MD2 (vis_milk2/milkdropfs.cpp in
// milkdrop2077/MilkDrop3): NUM_WAVES 8, sides clamped to 3..100.

#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "RuntimeHarness.hpp"
#include "preset/Md3Waveforms.hpp"

namespace phosphene::preset {
namespace {

using testing::Harness;

BuiltinWaveParams md3Params(int mode) {
  BuiltinWaveParams p;
  p.mode = mode;
  p.modeCount = kMd3BuiltinWaveModes;
  p.canvasWidth = 960;
  p.canvasHeight = 720;
  p.aspectX = 1.0f;
  p.aspectY = 0.75f;
  return p;
}

const std::array<float, kAudioSamplesPerFrame> kSilence{};

TEST(Md3Waveforms, ModesReduceModSixteenOnlyForMd3Presets) {
  // wave_mode 12: MD2 draws mode 4 (12 % 8); a preset naming q33 is an MD3 one: mode 12.
  Harness md2("per_frame_1=wave_mode=12;\n");
  EXPECT_EQ(md2.step().builtinWave.mode, 4);
  Harness md3("per_frame_1=wave_mode=12; q33=1;\n");
  EXPECT_EQ(md3.step().builtinWave.mode, 12);
  // The file value alone marks MD3 from 9 up; 8 stays MD2's (drawn as mode 0).
  Harness file9("nWaveMode=9\n");
  EXPECT_EQ(file9.step().builtinWave.mode, 9);
  Harness file8("nWaveMode=8\n");
  EXPECT_EQ(file8.step().builtinWave.mode, 0);
}

TEST(Md3Waveforms, Mode11IsTwoVerticalLinesBesideWaveX) {
  RawWave w;
  ASSERT_TRUE(generateMd3WaveVertices(11, md3Params(11), 0.0f, 0.8f, kSilence, kSilence, w));
  const int n = std::min(kWaveformSamples / 2, 960 / 3);
  ASSERT_EQ(w.vertices.size(), static_cast<std::size_t>(2 * n));
  EXPECT_EQ(w.lineBreak, n);
  // wave_x = 0.5: the vertical line through x = 0 moved 0.45 left, then right (cos(1.57) ≠ 0
  // leaves MD2's slight slant).
  for (int i = 0; i < n; ++i) {
    EXPECT_NEAR(w.vertices[static_cast<std::size_t>(i)].x, -0.45f, 0.01f);
    EXPECT_NEAR(w.vertices[static_cast<std::size_t>(i + n)].x, 0.45f, 0.01f);
  }
  EXPECT_LT(w.vertices.front().y, -1.0f);                          // from below the screen ...
  EXPECT_GT(w.vertices[static_cast<std::size_t>(n - 1)].y, 1.0f);  // ... to above it
}

TEST(Md3Waveforms, Mode9LeavesItsSecondStripAtTheCentre) {
  RawWave w;
  ASSERT_TRUE(generateMd3WaveVertices(9, md3Params(9), 0.0f, 0.8f, kSilence, kSilence, w));
  const auto n = static_cast<std::size_t>(w.lineBreak);
  ASSERT_EQ(w.vertices.size(), 2 * n);
  for (std::size_t i = n; i < 2 * n; ++i) {
    EXPECT_EQ(w.vertices[i].x, 0.0f);
    EXPECT_EQ(w.vertices[i].y, 0.0f);
  }
}

TEST(Md3Waveforms, StarAndFlowerCloseTheirLoop) {
  for (int mode : {13, 14}) {
    RawWave w;
    BuiltinWaveParams p = md3Params(mode);
    ASSERT_TRUE(generateMd3WaveVertices(mode, p, 0.0f, 0.8f, kSilence, kSilence, w));
    ASSERT_EQ(w.vertices.size(), static_cast<std::size_t>(kWaveformSamples / 2 + 1)) << mode;
    EXPECT_EQ(w.vertices.back().x, w.vertices.front().x) << mode;
    p.blending = true;  // not closed during a blend (the morph resamples the list)
    ASSERT_TRUE(generateMd3WaveVertices(mode, p, 0.0f, 0.8f, kSilence, kSilence, w));
    EXPECT_EQ(w.vertices.size(), static_cast<std::size_t>(kWaveformSamples / 2)) << mode;
  }
  // The star at silence: rad = 0.7 before the seam fade, which here covers the whole ring
  // (i < n / rad) — the first point has mix 0, i.e. the second radius 0.5.
  RawWave star;
  generateMd3WaveVertices(13, md3Params(13), 0.0f, 0.8f, kSilence, kSilence, star);
  EXPECT_NEAR(star.vertices.front().x, 0.5f * 0.75f, 1e-5f);  // rad·cos(0)·aspectY + 0
}

TEST(Md3Waveforms, SkewedAndLassoRaiseAlpha) {
  for (int mode : {12, 15}) {
    RawWave w;
    ASSERT_TRUE(generateMd3WaveVertices(mode, md3Params(mode), 0.0f, 0.5f, kSilence, kSilence, w));
    EXPECT_FLOAT_EQ(w.alpha, 0.625f) << mode;
    EXPECT_EQ(w.vertices.size(), static_cast<std::size_t>(kWaveformSamples / 2)) << mode;
  }
  RawWave w;
  EXPECT_FALSE(generateMd3WaveVertices(7, md3Params(7), 0.0f, 0.5f, kSilence, kSilence, w));
  EXPECT_FALSE(generateMd3WaveVertices(16, md3Params(16), 0.0f, 0.5f, kSilence, kSilence, w));
}

TEST(Md3Waveforms, SpectrumLineReadsTheSpectrum) {
  std::array<float, 512> spectrum{};
  spectrum.fill(1.0f);  // two bins sum to 2: displacement 0.1·ln 2
  BuiltinWaveParams p = md3Params(8);
  p.spectrum = spectrum;
  RawWave w;
  ASSERT_TRUE(generateMd3WaveVertices(8, p, 0.0f, 0.8f, kSilence, kSilence, w));
  ASSERT_EQ(w.vertices.size(), 256u);
  const WaveLine line = clippedWaveLine(0.0f, 0.0f, 256);
  const float d = 0.1f * std::log(2.0f);
  EXPECT_NEAR(w.vertices[10].y, line.y0 + line.dy * 10 + line.py * d, 1e-5f);
}

TEST(Md3Waveforms, ShapeSidesUpTo500ForMd3Presets) {
  // A file value above 100 marks MD3: 300 sides are drawn.
  Harness md3("shapecode_0_enabled=1\nshapecode_0_sides=300\n");
  EXPECT_EQ(md3.step().customShapes[0].instances.at(0).sides, 300);
  Harness md3Capped("shapecode_0_enabled=1\nshapecode_0_sides=900\n");
  EXPECT_EQ(md3Capped.step().customShapes[0].instances.at(0).sides, 500);
  // MD2 preset: code may ask for 300, MD2 draws 100.
  Harness md2("shapecode_0_enabled=1\nshape_0_per_frame1=sides=300;\n");
  EXPECT_EQ(md2.step().customShapes[0].instances.at(0).sides, 100);
}

}  // namespace
}  // namespace phosphene::preset
