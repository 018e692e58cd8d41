// Writing .milk files: read -> write -> read is exact, and the text is what MilkDrop 2 expects
// (layout of vis_milk2/state.cpp CState::Export; shader lines prefixed with a backtick).

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "milk/PresetReader.hpp"
#include "milk/PresetWriter.hpp"

namespace phosphene::milk {
namespace {

Preset reread(const Preset& p, const WriteOptions& o = {}) {
  core::Diagnostics d;
  Preset out = parsePreset(writePreset(p, o), d);
  for (const auto& x : d) EXPECT_EQ(x.severity, core::Severity::Info) << x.format();
  return out;
}

Preset richPreset() {
  Preset p;
  p.version = 201;
  p.warpPsVersion = 3;
  p.compPsVersion = 2;
  p.decay = 0.1f;
  p.zoom = 1.0f + std::numeric_limits<float>::epsilon();
  p.rot = -0.0f;
  p.dx = 1e-7f;
  p.mvX = 64.0f;
  p.waveX = 0.5f;
  p.brighten = true;
  p.texWrap = false;
  p.echoOrient = 3;
  p.waves[2].enabled = 5;
  p.waves[2].samples = -1;
  p.waves[2].scaling = 3.4028235e38f;
  p.waves[2].perPoint.lines = {{"x = sample;", 0}, {"`leading tick", 0}, {"~!@#$", 0}};
  p.shapes[1].instances = 1000;
  p.shapes[1].r2 = 1e-40f;  // a denormal survives the trip
  p.shapes[1].perFrame.lines = {{"   indented;", 0}, {"", 0}, {"a=1; // note", 0}};
  p.perFrame.lines = {{"zoom=zoom*1.01;", 0}, {"", 0}, {"q1=bass;", 0}};
  p.warpShader.lines = {{"shader_body", 0}, {"{", 0}, {"    ret = 0;", 0}, {"}", 0}};
  p.compShader.lines = {{"`starts with a tick", 0}};
  return p;
}

TEST(PresetWriter, DefaultPresetRoundTrips) {
  const Preset p;
  EXPECT_EQ(reread(p), p);  // wave_x and mv_a are written explicitly, so the quirks vanish
}

TEST(PresetWriter, RichPresetRoundTrips) {
  const Preset p = richPreset();
  const Preset q = reread(p);
  EXPECT_EQ(q, p);
  EXPECT_EQ(q.waves[2].perPoint.lines[1].text, "`leading tick");
  EXPECT_EQ(q.waves[2].perPoint.lines[2].text, "~!@#$");
  EXPECT_EQ(q.shapes[1].perFrame.lines[0].text, "   indented;");
  EXPECT_TRUE(std::signbit(q.rot));
  EXPECT_EQ(reread(p, WriteOptions{false}), p);
}

TEST(PresetWriter, TextLayout) {
  const std::string text = writePreset(richPreset(), WriteOptions{false});
  EXPECT_EQ(text.rfind("MILKDROP_PRESET_VERSION=201\nPSVERSION=3\nPSVERSION_WARP=3\n"
                       "PSVERSION_COMP=2\n[preset00]\n",
                       0),
            0u);
  EXPECT_NE(text.find("\nwarp_1=`shader_body\n"), std::string::npos);
  EXPECT_NE(text.find("\nwarp_3=`    ret = 0;\n"), std::string::npos);
  EXPECT_NE(text.find("\ncomp_1=``starts with a tick\n"), std::string::npos);
  EXPECT_NE(text.find("\nper_frame_1=zoom=zoom*1.01;\n"), std::string::npos);
  EXPECT_NE(text.find("\nper_frame_2=\n"), std::string::npos);
  EXPECT_NE(text.find("\nwave_2_per_point3=`~!@#$\n"), std::string::npos);
  EXPECT_NE(text.find("\nfDecay=0.1\n"), std::string::npos);  // shortest exact form
  EXPECT_NE(text.find("\nbBrighten=1\n"), std::string::npos);
  EXPECT_NE(text.find("\nshapecode_1_num_inst=1000\n"), std::string::npos);
  const std::string crlf = writePreset(Preset{});
  EXPECT_NE(crlf.find("[preset00]\r\nfRating=3\r\n"), std::string::npos);
}

TEST(PresetWriter, OldVersionsWriteNoShaderVersions) {
  Preset p;  // version 100
  const std::string text = writePreset(p, WriteOptions{false});
  EXPECT_EQ(text.find("PSVERSION"), std::string::npos);
  p.version = 200;
  p.warpPsVersion = p.compPsVersion = 3;
  EXPECT_EQ(reread(p), p);
}

TEST(PresetWriter, UnwritableCharactersAreReplacedAndReported) {
  Preset p;
  p.perFrame.lines = {{"a=1;\nb=2;", 0}};
  core::Diagnostics d;
  const std::string text = writePreset(p, {}, &d);
  EXPECT_EQ(d.size(), 1u);
  core::Diagnostics d2;
  EXPECT_EQ(parsePreset(text, d2).perFrame.lines.at(0).text, "a=1; b=2;");
}

TEST(PresetWriter, RandomPresetsRoundTrip) {
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> val(-1000.0f, 1000.0f);
  std::uniform_int_distribution<int> small(-5, 600);
  const std::string alphabet = "abc =;+-*/()`~!@#$%^&[]{}\\\t\x01\x7f\x80\xe9 01234.5";
  auto randomText = [&] {
    std::string s;
    const int n = static_cast<int>(rng() % 40);
    for (int i = 0; i < n; ++i) s += alphabet[rng() % alphabet.size()];
    return s;
  };
  for (int trial = 0; trial < 50; ++trial) {
    Preset p;
    p.version = 201;
    p.warpPsVersion = 4;
    p.zoom = val(rng);
    p.waveMode = small(rng);
    p.gamma = std::ldexp(val(rng), static_cast<int>(rng() % 60) - 30);
    for (auto& w : p.waves) {
      w.samples = small(rng);
      w.smoothing = val(rng);
      for (int i = static_cast<int>(rng() % 4); i > 0; --i)
        w.perPoint.lines.push_back({randomText(), 0});
    }
    for (auto& s : p.shapes) {
      s.borderG = val(rng);
      for (int i = static_cast<int>(rng() % 4); i > 0; --i)
        s.init.lines.push_back({randomText(), 0});
    }
    for (int i = static_cast<int>(rng() % 6); i > 0; --i)
      p.perPixel.lines.push_back({randomText(), 0});
    for (int i = static_cast<int>(rng() % 6); i > 0; --i)
      p.warpShader.lines.push_back({randomText(), 0});
    ASSERT_EQ(reread(p), p) << "trial " << trial;
  }
}

}  // namespace
}  // namespace phosphene::milk
