// MD2's sampler naming rules (spec §8.3; plugin.cpp CShaderParams::CacheParams).

#include <gtest/gtest.h>

#include "shader/ResourceNames.hpp"

namespace phosphene::shader {
namespace {

TEST(ClassifySampler, MainAndItsStateVariants) {
  auto r = classifySampler("sampler_main");
  EXPECT_EQ(r.kind, TextureKind::Main);
  EXPECT_FALSE(r.explicitState);
  EXPECT_EQ(r.wrap, TextureWrap::Wrap);
  r = classifySampler("sampler_pc_main");
  EXPECT_EQ(r.kind, TextureKind::Main);
  EXPECT_EQ(r.filter, TextureFilter::Point);
  EXPECT_EQ(r.wrap, TextureWrap::Clamp);
  // The code is case-insensitive and either letter order.
  r = classifySampler("sampler_CF_main");
  EXPECT_EQ(r.filter, TextureFilter::Bilinear);
  EXPECT_EQ(r.wrap, TextureWrap::Clamp);
  r = classifySampler("sampler_wp_main");
  EXPECT_EQ(r.filter, TextureFilter::Point);
  EXPECT_EQ(r.wrap, TextureWrap::Wrap);
}

TEST(ClassifySampler, BlurDefaultsToClampUnlessACodeSaysOtherwise) {
  auto r = classifySampler("sampler_blur2");
  EXPECT_EQ(r.kind, TextureKind::Blur);
  EXPECT_EQ(r.blurLevel, 2);
  EXPECT_EQ(r.wrap, TextureWrap::Clamp);
  r = classifySampler("sampler_fw_blur3");
  EXPECT_EQ(r.blurLevel, 3);
  EXPECT_EQ(r.wrap, TextureWrap::Wrap);
}

TEST(ClassifySampler, NoiseTextures) {
  EXPECT_EQ(classifySampler("sampler_noise_lq").kind, TextureKind::Noise);
  EXPECT_EQ(classifySampler("sampler_noise_lq_lite").kind, TextureKind::Noise);
  EXPECT_EQ(classifySampler("sampler_pw_noise_hq").kind, TextureKind::Noise);
  EXPECT_EQ(classifySampler("sampler_noisevol_hq").kind, TextureKind::NoiseVolume);
  EXPECT_EQ(classifySampler("sampler_fw_noisevol_lq").root, "noisevol_lq");
}

TEST(ClassifySampler, RandomSlotsAndPrefixes) {
  auto r = classifySampler("sampler_rand00_smalltiled");
  EXPECT_EQ(r.kind, TextureKind::Random);
  EXPECT_EQ(r.randomSlot, 0);
  EXPECT_EQ(r.randomPrefix, "smalltiled");
  r = classifySampler("sampler_rand15");
  EXPECT_EQ(r.kind, TextureKind::Random);
  EXPECT_EQ(r.randomSlot, 15);
  // Numbers above 15 are ordinary names.
  EXPECT_EQ(classifySampler("sampler_rand16").kind, TextureKind::User);
}

TEST(ClassifySampler, UserTexturesAndTheUnknownStateCodeQuirk) {
  auto r = classifySampler("sampler_clouds2");
  EXPECT_EQ(r.kind, TextureKind::User);
  EXPECT_EQ(r.root, "clouds2");
  // MD2 drops three characters whenever the third is '_', even for an unknown code.
  r = classifySampler("sampler_my_tex");
  EXPECT_EQ(r.root, "tex");
  EXPECT_FALSE(r.explicitState);
  // Without the prefix the same rules apply (a sampler #defined to `main` reads the canvas).
  EXPECT_EQ(classifySampler("main").kind, TextureKind::Main);
}

}  // namespace
}  // namespace phosphene::shader
