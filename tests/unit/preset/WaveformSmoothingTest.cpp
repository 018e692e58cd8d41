// Built-in waveform pre-processing, spec §5.4 (MD2 milkdropfs.cpp RenderFrame).
#include "preset/WaveformSmoothing.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace phosphene::preset {
namespace {

TEST(WaveformSmoothing, UnitScaleOnePoleLowPass) {
  std::vector<float> s{2.0f, 4.0f, 0.0f, 0.0f};
  smoothWaveformChannel(s, 128.0, 0.5);  // scale = 128/128 = 1
  EXPECT_FLOAT_EQ(s[0], 2.0f);
  EXPECT_FLOAT_EQ(s[1], 3.0f);  // 4·0.5 + 2·0.5
  EXPECT_FLOAT_EQ(s[2], 1.5f);  // 0 + 3·0.5
  EXPECT_FLOAT_EQ(s[3], 0.75f);
}

TEST(WaveformSmoothing, ScaleAppliesToNewSamplesOnly) {
  std::vector<float> s{2.0f, 4.0f};
  smoothWaveformChannel(s, 256.0, 0.5);  // scale 2
  EXPECT_FLOAT_EQ(s[0], 4.0f);
  EXPECT_FLOAT_EQ(s[1], 4.0f * 2.0f * 0.5f + 4.0f * 0.5f);  // the previous value is not rescaled
}

TEST(WaveformSmoothing, NoSmoothingIsPureScale) {
  std::vector<float> s{128.0f, -64.0f, 32.0f};
  smoothWaveformChannel(s, 1.0, 0.0);
  EXPECT_FLOAT_EQ(s[0], 1.0f);
  EXPECT_FLOAT_EQ(s[1], -0.5f);
  EXPECT_FLOAT_EQ(s[2], 0.25f);
  std::vector<float> empty;
  smoothWaveformChannel(empty, 1.0, 0.5);  // must not touch anything
  EXPECT_TRUE(empty.empty());
}

}  // namespace
}  // namespace phosphene::preset
