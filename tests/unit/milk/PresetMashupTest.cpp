// Mash-ups as MilkDrop 2 assembles them. Which values travel with which part is CState::Import's
// (vis_milk2/state.cpp: the STATE_GENERAL, STATE_WAVE, STATE_MOTION, STATE_WARP and STATE_COMP
// branches); the part order is the mash-up screen's bins (vis_milk2/plugin.cpp, UI_MASHUP:
// mash 0..4 -> STATE_GENERAL, STATE_MOTION, STATE_WAVE, STATE_WARP, STATE_COMP).
#include <gtest/gtest.h>

#include "milk/PresetMashup.hpp"
#include "milk/PresetReader.hpp"
#include "milk/PresetWriter.hpp"

namespace phosphene::milk {
namespace {

// Five presets that differ in every part, each marked by its index.
Preset marked(int i) {
  Preset p;
  const float f = static_cast<float>(i);
  p.version = 201;
  p.warpPsVersion = kPs2_0;
  p.compPsVersion = kPs2_0;
  p.decay = 0.9f + 0.01f * f;    // general
  p.gamma = 1.0f + f;            // general
  p.blur1EdgeDarken = 0.1f * f;  // general
  p.invert = i % 2 == 1;         // general
  p.zoom = 1.0f + 0.1f * f;      // motion
  p.texWrap = i % 2 == 0;        // motion (Import reads bTexWrap with the motion values)
  p.darkenCenter = i % 2 == 1;   // motion
  p.obSize = 0.01f * f;          // motion (borders are read under STATE_MOTION)
  p.perFrame.lines = {{"zoom = " + std::to_string(i) + ";", 0}};
  p.perPixel.lines = {{"rot = " + std::to_string(i) + ";", 0}};
  p.waveMode = i;    // waves
  p.mvA = 0.1f * f;  // waves (motion vectors are read under STATE_WAVE)
  p.waves[0].enabled = 1;
  p.waves[0].samples = 100 + i;
  p.shapes[1].sides = 3 + i;
  p.warpShader.lines = {{"shader_body { ret = " + std::to_string(i) + "; }", 0}};
  p.compShader.lines = {{"shader_body { ret = " + std::to_string(i) + "; }", 0}};
  return p;
}

TEST(PresetMashup, EachPartComesFromItsBin) {
  const Preset general = marked(0), motion = marked(1), waves = marked(2), warp = marked(3),
               comp = marked(4);
  const Preset m = mashUp({&general, &motion, &waves, &warp, &comp});
  EXPECT_EQ(m.decay, general.decay);
  EXPECT_EQ(m.gamma, general.gamma);
  EXPECT_EQ(m.blur1EdgeDarken, general.blur1EdgeDarken);
  EXPECT_EQ(m.invert, general.invert);
  EXPECT_EQ(m.zoom, motion.zoom);
  EXPECT_EQ(m.texWrap, motion.texWrap);
  EXPECT_EQ(m.darkenCenter, motion.darkenCenter);
  EXPECT_EQ(m.obSize, motion.obSize);
  EXPECT_EQ(m.perFrame, motion.perFrame);
  EXPECT_EQ(m.perPixel, motion.perPixel);
  EXPECT_EQ(m.waveMode, waves.waveMode);
  EXPECT_EQ(m.mvA, waves.mvA);
  EXPECT_EQ(m.waves, waves.waves);
  EXPECT_EQ(m.shapes, waves.shapes);
  EXPECT_EQ(m.warpShader, warp.warpShader);
  EXPECT_EQ(m.compShader, comp.compShader);
}

TEST(PresetMashup, OnePresetInEveryBinIsThatPreset) {
  const Preset p = marked(2);
  EXPECT_EQ(mashUp({&p, &p, &p, &p, &p}), p);
}

// Import takes m_nWarpPSVersion from the warp preset's file and m_nCompPSVersion from the comp
// preset's (state.cpp); a preset below version 200 has no shader stage (spec §1.2), so an MD1
// preset in the comp bin gives the fixed-function composite even in a shader mash-up.
TEST(PresetMashup, ShaderVersionsFollowTheirStages) {
  const Preset shaders = marked(1);
  Preset md1;
  md1.version = 100;
  md1.compPsVersion = kPs3_0;  // not effective below 200
  const Preset m = mashUp({&md1, &md1, &md1, &shaders, &md1});
  EXPECT_EQ(m.warpPsVersion, kPs2_0);
  EXPECT_EQ(m.compPsVersion, kPsNone);
  EXPECT_TRUE(m.compShader.empty());
  EXPECT_GE(m.version, 201);  // both versions written apart
}

TEST(PresetMashup, OnlyMd1PartsStayMd1) {
  Preset md1;
  md1.version = 100;
  const Preset m = mashUp({&md1, &md1, &md1, &md1, &md1});
  EXPECT_EQ(m.version, 100);
  EXPECT_EQ(m.warpPsVersion, kPsNone);
}

// The mash-up is a real preset: written and read back, it is the same preset.
TEST(PresetMashup, WritesAndReadsBackUnchanged) {
  const Preset a = marked(0), b = marked(1), c = marked(2), d = marked(3), e = marked(4);
  const Preset m = mashUp({&a, &b, &c, &d, &e});
  core::Expected<Preset> back = parsePresetText(writePreset(m), "mash");
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, m);
}

}  // namespace
}  // namespace phosphene::milk
