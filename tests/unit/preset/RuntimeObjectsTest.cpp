// Custom shapes and waves as the Runtime runs them (spec §7; MD2 milkdropfs.cpp
// DrawCustomShapes, LoadCustomShapePerFrameEvallibVars, DrawCustomWaves).

#include <gtest/gtest.h>

#include <cmath>

#include "RuntimeHarness.hpp"
#include "preset/PresetValues.hpp"

namespace phosphene::preset {
namespace {

using testing::Harness;

TEST(RuntimeShapes, EveryInstanceRunsWithItsIndexAndFreshBuiltins) {
  Harness h(
      "[preset00]\n"
      "shapecode_0_enabled=1\n"
      "shapecode_0_num_inst=5\n"
      "shapecode_0_sides=4\n"
      "shape_0_per_frame1=x = instance / 10; y = num_inst / 10; sides = sides + 1;\n"
      "shape_0_per_frame2=n = n + 1; rad = n / 100; num_inst = 10;\n"
      "shapecode_1_num_inst=3\n"
      "shape_1_per_frame1=reg30 = reg30 + 1;\n");
  for (int frame = 0; frame < 2; ++frame) {
    const FrameState& f = h.step();
    const auto& inst = f.customShapes[0].instances;
    ASSERT_EQ(inst.size(), 5u) << "num_inst from the file; writing it changes nothing";
    for (std::size_t i = 0; i < inst.size(); ++i) {
      EXPECT_DOUBLE_EQ(inst[i].x, static_cast<double>(i) / 10.0);
      EXPECT_DOUBLE_EQ(inst[i].y, 0.5);
      EXPECT_EQ(inst[i].sides, 5) << "sides restarts from the file value for every instance";
      // User variables carry over from instance to instance and frame to frame.
      EXPECT_DOUBLE_EQ(inst[i].rad, static_cast<double>(frame * 5 + static_cast<int>(i) + 1) / 100);
    }
    EXPECT_TRUE(f.customShapes[1].instances.empty()) << "disabled shape";
  }
  EXPECT_EQ(h.globals->reg(30), 0.0) << "a disabled shape's per_frame never runs";
}

TEST(RuntimeWaves, PointCountsFollowSamplesAfterPerFrame) {
  Harness h(
      "[preset00]\n"
      "wavecode_0_enabled=1\n"
      "wavecode_0_samples=100\n"
      "wavecode_0_bUseDots=1\n"
      "wavecode_1_enabled=1\n"
      "wavecode_1_samples=100\n"
      "wave_1_per_frame1=samples = 20;\n"
      "wavecode_2_enabled=1\n"
      "wavecode_2_bUseDots=1\n"
      "wave_2_per_frame1=samples = 600;\n"
      "wavecode_3_enabled=1\n"
      "wave_3_per_frame1=samples = 1;\n");
  const FrameState& f = h.step();
  EXPECT_EQ(f.customWaves[0].points.size(), 100u);
  EXPECT_EQ(f.customWaves[1].points.size(), 39u) << "20 points refined by SmoothWave: 2n - 1";
  EXPECT_EQ(f.customWaves[2].points.size(), 512u) << "min(512, samples)";
  EXPECT_FALSE(f.customWaves[3].visible) << "a line needs 2 points";
  EXPECT_TRUE(f.customWaves[3].points.empty());
}

TEST(RuntimeWaves, PerPointCodeSeesSampleValue1AndValue2) {
  const char* text =
      "[preset00]\n"
      "wavecode_0_enabled=1\nwavecode_0_samples=64\nwavecode_0_bUseDots=1\n"
      "wave_0_per_point1=x = sample;\n"
      "wavecode_1_enabled=1\nwavecode_1_samples=64\nwavecode_1_bUseDots=1\n"
      "wave_1_per_point1=x = value1;\n"
      "wavecode_2_enabled=1\nwavecode_2_samples=64\nwavecode_2_bUseDots=1\n"
      "wave_2_per_point1=x = value2;\n"
      "wavecode_3_enabled=1\nwavecode_3_samples=64\nwavecode_3_bUseDots=1\n";
  Harness h(text, 8, 6, 64, 64);  // square canvas: clip x = 2x - 1
  for (int i = 0; i < audio::kWaveformSamples; ++i) {
    h.audio.waveform[0][static_cast<std::size_t>(i)] = 50.0f * std::sin(0.1f * i);
    h.audio.waveform[1][static_cast<std::size_t>(i)] = 40.0f * std::cos(0.07f * i);
  }
  const FrameState& f = h.step();

  const milk::Preset preset = testing::presetFromText(text);
  CustomWavePointInputs expected;
  prepareCustomWavePoints(customWaveConfig(preset.waves[1]), 64, preset.waveScale,
                          h.audio.waveform[0], h.audio.waveform[1], expected);
  ASSERT_EQ(expected.count(), 64u);
  auto xOf = [](const WavePoint& p) { return (p.x + 1.0) / 2.0; };
  for (std::size_t j = 0; j < 64; ++j) {
    EXPECT_NEAR(xOf(f.customWaves[0].points[j]), static_cast<double>(j) / 63.0, 1e-6);
    EXPECT_NEAR(xOf(f.customWaves[1].points[j]), expected.value1[j], 1e-6);
    EXPECT_NEAR(xOf(f.customWaves[2].points[j]), expected.value2[j], 1e-6);
    // Without per_point code the point stays at x = 0.5 + value1.
    EXPECT_NEAR(xOf(f.customWaves[3].points[j]), 0.5 + expected.value1[j], 1e-6);
  }
  // The inputs are not all alike (the audio reached them).
  EXPECT_NE(expected.value1[0], expected.value1[20]);
}

TEST(RuntimeWaves, SpectrumWavesReadTheSpectrum) {
  const char* text =
      "[preset00]\n"
      "wavecode_0_enabled=1\nwavecode_0_samples=100\nwavecode_0_bUseDots=1\n"
      "wavecode_0_bSpectrum=1\nwavecode_0_sep=12\n"
      "wave_0_per_point1=x = value1; q7 = q7 + 1;\n";
  Harness h(text, 8, 6, 64, 64);
  for (int i = 0; i < audio::kSpectrumBins; ++i) {
    h.audio.spectrum[0][static_cast<std::size_t>(i)] = 0.5f + 0.01f * static_cast<float>(i % 37);
    h.audio.spectrum[1][static_cast<std::size_t>(i)] = 2.0f;
    h.audio.waveform[0][static_cast<std::size_t>(i % audio::kWaveformSamples)] = 99.0f;
  }
  const FrameState& f = h.step();
  const milk::Preset preset = testing::presetFromText(text);
  CustomWavePointInputs expected;
  prepareCustomWavePoints(customWaveConfig(preset.waves[0]), 100, preset.waveScale,
                          h.audio.spectrum[0], h.audio.spectrum[1], expected);
  ASSERT_EQ(f.customWaves[0].points.size(), 100u);
  for (std::size_t j = 0; j < 100; ++j)
    EXPECT_NEAR((f.customWaves[0].points[j].x + 1.0) / 2.0, expected.value1[j], 1e-6);
  // q goes to the per-point context once: a q written at one point is seen by the next, and
  // never flows back to the preset.
  EXPECT_EQ(h.wavePointVar(0, "q7"), 100.0);
  EXPECT_EQ(f.vars.q[6], 0.0);
}

TEST(RuntimeWaves, ColoursStartFromPerFrameResultsAtEveryPoint) {
  Harness h(
      "[preset00]\n"
      "wavecode_0_enabled=1\nwavecode_0_samples=8\nwavecode_0_bUseDots=1\n"
      "wavecode_0_r=0.2\n"
      "wave_0_per_frame1=g = 0.4;\n"
      "wave_0_per_point1=r = r + 0.1; g = g * 0.5;\n");
  const FrameState& f = h.step();
  ASSERT_EQ(f.customWaves[0].points.size(), 8u);
  for (const WavePoint& p : f.customWaves[0].points) {
    EXPECT_FLOAT_EQ(p.colour.r, 76.0f / 255.0f);  // (int)(0.3 * 255) = 76, not accumulating
    EXPECT_FLOAT_EQ(p.colour.g, 51.0f / 255.0f);  // (int)(0.2 * 255)
  }
}

}  // namespace
}  // namespace phosphene::preset
