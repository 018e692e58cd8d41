// Features `phosphene info` reports; sampler naming rules of spec §8.3 (vis_milk2/plugin.cpp
// CShaderParams::CacheParams).

#include <gtest/gtest.h>

#include "milk/PresetFeatures.hpp"

namespace phosphene::milk {
namespace {

TEST(PresetFeatures, SamplerNamesIgnoreCommentsAndKeywords) {
  const auto names = samplerNames(
      "sampler sampler_worms; // sampler sampler_commented\n"
      "/* sampler_block */ sampler2D sampler_fc_main;\n"
      "float3 x = tex2D(sampler_worms, uv).xyz + tex2D(mysampler_x, uv);\n"
      "sampler_state s;\n");
  ASSERT_EQ(names.size(), 2u);
  EXPECT_EQ(names[0], "sampler_worms");
  EXPECT_EQ(names[1], "sampler_fc_main");
}

TEST(PresetFeatures, DefineAliasesResolveToTheirTarget) {
  const auto names = samplerNames(
      "#define sampler_pic sampler_rand00\nsampler2D sampler_pic;\n"
      "float3 a = tex2D(sampler_pic, uv).xyz;\n");
  ASSERT_EQ(names.size(), 1u);
  EXPECT_EQ(names[0], "sampler_rand00");
}

TEST(PresetFeatures, TexturesCodesAndRandomPicks) {
  Preset p;
  p.version = 201;
  p.warpPsVersion = p.compPsVersion = 2;
  p.warpShader.lines = {{"sampler sampler_pw_noise_lq; sampler sampler_rand03_smalltiled;", 1},
                        {"sampler sampler_my_tex; sampler sampler_clouds2;", 2},
                        {"shader_body { ret = tex2D(sampler_blur1, uv).xyz; }", 3}};
  p.compShader.lines = {{"sampler sampler_clouds2; sampler sampler_rand16;", 4}};
  const PresetFeatures f = describeFeatures(p);
  EXPECT_TRUE(f.warpShader);
  EXPECT_TRUE(f.compShader);
  ASSERT_EQ(f.textures.size(), 4u);
  EXPECT_EQ(f.textures[0].name, "rand03_smalltiled");
  EXPECT_TRUE(f.textures[0].random);
  EXPECT_EQ(f.textures[1].name, "tex");  // "my_" is removed like a state code (MD2 quirk)
  EXPECT_EQ(f.textures[2].name, "clouds2");
  EXPECT_EQ(f.textures[3].name, "rand16");  // slots are 00..15: an ordinary name
  EXPECT_FALSE(f.textures[3].random);
  ASSERT_EQ(f.builtinSamplers.size(), 2u);
  EXPECT_EQ(f.builtinSamplers[0], "noise_lq");
  EXPECT_EQ(f.builtinSamplers[1], "blur1");
}

TEST(PresetFeatures, CountsAndBlocks) {
  Preset p;
  p.waves[1].enabled = 1;
  p.shapes[0].enabled = 1;
  p.shapes[0].instances = 5;
  p.shapes[2].enabled = 2;
  p.perFrame.lines = {{"a=1;", 1}, {"b=22;", 2}};
  p.warpShader.lines = {{"shader_body{}", 3}};  // version 0: no warp shader runs
  const PresetFeatures f = describeFeatures(p);
  EXPECT_FALSE(f.warpShader);
  EXPECT_EQ(f.wavesEnabled, 1);
  EXPECT_EQ(f.shapesEnabled, 2);
  EXPECT_EQ(f.shapeInstances, 6);
  ASSERT_EQ(f.blocks.size(), 2u);
  EXPECT_EQ(f.blocks[0].name, "per_frame_");
  EXPECT_EQ(f.blocks[0].lines, 2u);
  EXPECT_EQ(f.blocks[0].chars, 9u);
  EXPECT_EQ(f.blocks[1].name, "warp_");
}

}  // namespace
}  // namespace phosphene::milk
