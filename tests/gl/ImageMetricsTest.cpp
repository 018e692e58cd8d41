// The image metrics the golden tests stand on. No GL needed.
#include <gtest/gtest.h>

#include <cmath>

#include "ImageMetrics.hpp"

namespace phosphene::gltest {
namespace {

// A smooth colour gradient with some texture, so SSIM has structure to compare.
RgbaImage pattern(int w, int h) {
  RgbaImage img(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      auto* p = img.at(x, y);
      p[0] = static_cast<std::uint8_t>(40 + (x * 170) / w);
      p[1] = static_cast<std::uint8_t>(40 + (y * 170) / h);
      p[2] = static_cast<std::uint8_t>(((x / 8 + y / 8) % 2) ? 180 : 70);
      p[3] = 255;
    }
  return img;
}

// Adds +d / -d to every RGB sample in a fixed checkerboard of pixels: MSE is exactly d^2 because no
// sample of pattern() is within d of 0 or 255.
RgbaImage withNoise(const RgbaImage& in, int d) {
  RgbaImage out = in;
  for (int y = 0; y < out.height; ++y)
    for (int x = 0; x < out.width; ++x)
      for (int c = 0; c < 3; ++c) {
        const int sign = (x + y) % 2 ? 1 : -1;  // same sign in R, G, B: luma moves by d too
        out.at(x, y)[c] = static_cast<std::uint8_t>(out.at(x, y)[c] + sign * d);
      }
  return out;
}

TEST(ImageMetrics, IdenticalImagesAreInfinitePsnrAndUnitSsim) {
  const auto a = pattern(64, 48);
  EXPECT_TRUE(std::isinf(psnr(a, a)));
  EXPECT_GT(psnr(a, a), 0);
  EXPECT_DOUBLE_EQ(ssim(a, a), 1.0);
}

TEST(ImageMetrics, AlphaIsIgnored) {
  const auto a = pattern(32, 32);
  auto b = a;
  for (std::size_t i = 3; i < b.pixels.size(); i += 4) b.pixels[i] = 0;
  EXPECT_TRUE(std::isinf(psnr(a, b)));
  EXPECT_DOUBLE_EQ(ssim(a, b), 1.0);
}

TEST(ImageMetrics, KnownNoiseGivesTheExpectedPsnr) {
  const auto a = pattern(64, 48);
  // MSE = d^2  =>  PSNR = 20 log10(255 / d).
  EXPECT_NEAR(psnr(a, withNoise(a, 5)), 20 * std::log10(255.0 / 5), 1e-9);    // 34.15 dB
  EXPECT_NEAR(psnr(a, withNoise(a, 1)), 20 * std::log10(255.0), 1e-9);        // 48.13 dB
  EXPECT_NEAR(psnr(a, withNoise(a, 20)), 20 * std::log10(255.0 / 20), 1e-9);  // 22.11 dB
}

TEST(ImageMetrics, SsimFallsWithNoiseAndStaysInRange) {
  const auto a = pattern(64, 48);
  const double s1 = ssim(a, withNoise(a, 1));
  const double s5 = ssim(a, withNoise(a, 5));
  const double s20 = ssim(a, withNoise(a, 20));
  EXPECT_GT(s1, 0.99);  // a +-1 LSB dither is invisible
  EXPECT_LT(s1, 1.0);
  EXPECT_LT(s5, s1);
  EXPECT_LT(s20, s5);
  EXPECT_GT(s20, 0.0);
  EXPECT_LT(s20, 0.9);  // heavy noise is structurally different
}

TEST(ImageMetrics, InvertedImageHasLowSsim) {
  const auto a = pattern(64, 48);
  auto b = a;
  for (std::size_t i = 0; i < b.pixels.size(); ++i)
    if (i % 4 != 3) b.pixels[i] = static_cast<std::uint8_t>(255 - b.pixels[i]);
  EXPECT_LT(ssim(a, b), 0.2);
  EXPECT_LT(psnr(a, b), 15.0);
}

TEST(ImageMetrics, OneShiftedBarIsCaught) {
  // What a golden must catch: a 4-pixel-wide bar drawn one bar-width to the right.
  RgbaImage a(64, 48), b(64, 48);
  for (auto* img : {&a, &b})
    for (std::size_t i = 3; i < img->pixels.size(); i += 4) img->pixels[i] = 255;
  for (int y = 10; y < 48; ++y)
    for (int x = 0; x < 4; ++x) {
      a.at(20 + x, y)[0] = 255;
      b.at(24 + x, y)[0] = 255;
    }
  EXPECT_LT(psnr(a, b), 25.0);
  EXPECT_LT(ssim(a, b), 0.9);
}

TEST(ImageMetrics, DiffImageShowsAmplifiedDifference) {
  const auto a = pattern(16, 16);
  const auto b = withNoise(a, 5);
  const auto d = diffImage(a, b);
  ASSERT_EQ(d.width, 16);
  EXPECT_EQ(d.at(3, 3)[0], 20);
  EXPECT_EQ(d.at(3, 3)[3], 255);
  EXPECT_EQ(diffImage(a, pattern(8, 8)).width, 0);
}

TEST(ImageMetrics, SizeMismatchIsNaN) {
  EXPECT_TRUE(std::isnan(psnr(pattern(8, 8), pattern(8, 9))));
  EXPECT_TRUE(std::isnan(ssim(pattern(8, 8), pattern(9, 8))));
}

TEST(ImageMetrics, TinyImagesUseAWindowOfTheirSize) {
  const auto a = pattern(5, 3);
  EXPECT_DOUBLE_EQ(ssim(a, a), 1.0);
  EXPECT_LT(ssim(a, withNoise(a, 20)), 1.0);
}

}  // namespace
}  // namespace phosphene::gltest
