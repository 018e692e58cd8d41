#include "audio/SampleFormat.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace phosphene::audio {
namespace {

TEST(SampleFormat, FullScaleIsAbout128) {
  EXPECT_FLOAT_EQ(convertSample(1.0f), 128.0f);
  EXPECT_FLOAT_EQ(convertSample(-1.0f), -128.0f);
  EXPECT_FLOAT_EQ(convertSample(std::int16_t{-32768}), -128.0f);
  EXPECT_FLOAT_EQ(convertSample(std::int16_t{32767}), 32767.0f / 256.0f);
  // MilkDrop 2 (pluginshell.cpp AnalyzeNewSound): (b ^ 128) - 128 on unsigned 8-bit samples.
  EXPECT_FLOAT_EQ(convertSample(std::uint8_t{0}), -128.0f);
  EXPECT_FLOAT_EQ(convertSample(std::uint8_t{128}), 0.0f);
  EXPECT_FLOAT_EQ(convertSample(std::uint8_t{255}), 127.0f);
}

TEST(SampleFormat, Int16AndFloatOfTheSameSignalAgreeExactly) {
  for (int v = -32768; v <= 32767; v += 97) {
    const auto s = static_cast<std::int16_t>(v);
    EXPECT_EQ(convertSample(s), convertSample(static_cast<float>(v) / 32768.0f)) << v;
  }
}

TEST(SampleFormat, Uint8AgreesWithInt16WithinItsQuantisation) {
  for (int v = -32768; v <= 32767; v += 101) {
    const auto u = static_cast<std::uint8_t>((v >> 8) + 128);
    EXPECT_NEAR(convertSample(u), convertSample(static_cast<std::int16_t>(v)), 1.0f) << v;
  }
}

TEST(SampleFormat, NonFiniteBecomesSilenceAndExtremesAreClipped) {
  EXPECT_EQ(convertSample(std::numeric_limits<float>::quiet_NaN()), 0.0f);
  EXPECT_EQ(convertSample(std::numeric_limits<float>::infinity()), 0.0f);
  EXPECT_EQ(convertSample(-std::numeric_limits<float>::infinity()), 0.0f);
  EXPECT_EQ(convertSample(1e30f), kFloatClip * 128.0f);
  EXPECT_EQ(convertSample(-1e30f), -kFloatClip * 128.0f);
  EXPECT_EQ(convertSample(std::numeric_limits<float>::denorm_min()), 0.0f);  // no subnormals
  EXPECT_EQ(convertSample(-std::numeric_limits<float>::min()), 0.0f);
}

TEST(SampleFormat, MonoFeedsBothChannelsAndExtraChannelsAreIgnored) {
  const float mono[] = {0.5f};
  EXPECT_EQ(convertFrame(mono, 1), (StereoSample{64.0f, 64.0f}));
  const float six[] = {0.25f, -0.5f, 1.0f, 1.0f, 1.0f, 1.0f};
  EXPECT_EQ(convertFrame(six, 6), (StereoSample{32.0f, -64.0f}));
}

}  // namespace
}  // namespace phosphene::audio
