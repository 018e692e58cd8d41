// The noise images of MilkDrop 2's shader environment. Facts from MD2's source, plugin.cpp
// (milkdrop2077/MilkDrop3, code/vis_milk2/plugin.cpp): AllocateMyDX9Stuff creates noise_lq 256²
// zoom 1, noise_lq_lite 32² zoom 1, noise_mq 256² zoom 4, noise_hq 256² zoom 8, noisevol_lq 32³
// zoom 1, noisevol_hq 32³ zoom 4; AddNoiseTex/AddNoiseVol draw bytes as rand() % R + R/2 with
// R = 256 (zoom 1) or 216 (zoom > 1) ORed into a 32-bit word without masking, then fill the
// non-lattice texels by cubic interpolation (fCubicInterpolate / dwCubicInterpolate), wrapping.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "render/NoiseImage.hpp"

namespace phosphene::render {
namespace {

int texel(const NoiseImage& im, int x, int y, int z, int ch) {
  return im.rgba[((static_cast<std::size_t>(z) * im.height + y) * im.width + x) * 4 + ch];
}

double meanOf(const NoiseImage& im) {
  double sum = 0;
  for (std::uint8_t b : im.rgba) sum += b;
  return sum / static_cast<double>(im.rgba.size());
}

// Mean |difference| of x-neighbours (wrapping), over all channels of slice z = 0.
double neighbourDifference(const NoiseImage& im) {
  double sum = 0;
  int n = 0;
  for (int y = 0; y < im.height; ++y)
    for (int x = 0; x < im.width; ++x)
      for (int ch = 0; ch < 4; ++ch, ++n)
        sum += std::abs(texel(im, x, y, 0, ch) - texel(im, (x + 1) % im.width, y, 0, ch));
  return sum / n;
}

TEST(NoiseImage, SizesAreMilkDrop2s) {
  struct Expect {
    const char* root;
    int size, depth;
  };
  for (const Expect& e :
       {Expect{"noise_lq", 256, 1}, Expect{"noise_lq_lite", 32, 1}, Expect{"noise_mq", 256, 1},
        Expect{"noise_hq", 256, 1}, Expect{"noisevol_lq", 32, 32}, Expect{"noisevol_hq", 32, 32}}) {
    const NoiseImage im = makeNoiseImage(e.root, 1);
    EXPECT_EQ(im.width, e.size) << e.root;
    EXPECT_EQ(im.height, e.size) << e.root;
    EXPECT_EQ(im.depth, e.depth) << e.root;
    EXPECT_EQ(im.rgba.size(), static_cast<std::size_t>(e.size) * e.size * e.depth * 4) << e.root;
  }
  EXPECT_EQ(noiseSpecs().size(), 6u);
  EXPECT_EQ(findNoiseSpec("noise_mq")->zoom, 4);
  EXPECT_EQ(findNoiseSpec("noise_hq")->zoom, 8);
  EXPECT_EQ(findNoiseSpec("noisevol_hq")->zoom, 4);
  EXPECT_TRUE(findNoiseSpec("noisevol_lq")->volume);
}

TEST(NoiseImage, UnknownRootsGiveNothing) {
  EXPECT_EQ(makeNoiseImage("noise_xq", 1).width, 0);
  EXPECT_TRUE(makeNoiseImage("clouds", 1).rgba.empty());
  EXPECT_FALSE(findNoiseSpec("NOISE_LQ"));  // MD2's texture cache compares case-sensitively
}

TEST(NoiseImage, DeterministicPerSeedAndDifferentAcrossSeedsAndRoots) {
  for (const NoiseSpec& s : noiseSpecs()) {
    EXPECT_EQ(makeNoiseImage(s.root, 42).rgba, makeNoiseImage(s.root, 42).rgba) << s.root;
    EXPECT_NE(makeNoiseImage(s.root, 42).rgba, makeNoiseImage(s.root, 43).rgba) << s.root;
  }
  // noise_lq_lite is not a crop of noise_lq: each root has its own stream.
  const NoiseImage lq = makeNoiseImage("noise_lq", 7), lite = makeNoiseImage("noise_lq_lite", 7);
  int same = 0;
  for (int i = 0; i < 32 * 4; ++i)
    same += lq.rgba[static_cast<std::size_t>(i)] == lite.rgba[static_cast<std::size_t>(i)];
  EXPECT_LT(same, 16);
}

// Zoom 1, R = 256: every byte value equally likely, mean 127.5 (slightly above for the three
// upper channels, whose bit 0 also receives the carry of the channel below: 3/4 set instead of
// 1/2, mean 127.75). Independent texels: neighbours differ by 256/3 ≈ 85 on average.
TEST(NoiseImage, UnzoomedNoiseIsUniformAndUncorrelated) {
  for (const char* root : {"noise_lq", "noisevol_lq"}) {
    const NoiseImage im = makeNoiseImage(root, 3);
    EXPECT_NEAR(meanOf(im), 127.7, 1.5) << root;
    std::array<int, 256> histogram{};
    for (std::uint8_t b : im.rgba) ++histogram[b];
    const double expected = static_cast<double>(im.rgba.size()) / 256.0;
    for (int v = 0; v < 256; v += 2)  // even values: never raised by a carry
      EXPECT_NEAR(histogram[static_cast<std::size_t>(v)], expected * 0.625, expected * 0.15)
          << root << " " << v;
    EXPECT_NEAR(neighbourDifference(im), 85.3, 3.0) << root;
  }
}

// The carry quirk, visible in channel bit 0: B (no channel below) has it set half the time, R,
// G and A three quarters of the time.
TEST(NoiseImage, CarryOfTheChannelBelowSetsBitZero) {
  const NoiseImage im = makeNoiseImage("noise_lq", 9);
  std::array<double, 4> odd{};
  const std::size_t texels = im.rgba.size() / 4;
  for (std::size_t i = 0; i < texels; ++i)
    for (int ch = 0; ch < 4; ++ch)
      odd[static_cast<std::size_t>(ch)] += im.rgba[i * 4 + static_cast<std::size_t>(ch)] & 1;
  for (double& o : odd) o /= static_cast<double>(texels);
  EXPECT_NEAR(odd[2], 0.50, 0.01);  // B
  EXPECT_NEAR(odd[0], 0.75, 0.01);  // R
  EXPECT_NEAR(odd[1], 0.75, 0.01);  // G
  EXPECT_NEAR(odd[3], 0.75, 0.01);  // A
}

// Zoom > 1, R = 216: lattice bytes are v mod 256 for v in 108..323, so 108..255 or 0..67 and
// never 68..107; their mean is about 135, not 127.5.
TEST(NoiseImage, ZoomedLatticeKeepsMilkDrop2sByteRange) {
  for (const char* root : {"noise_mq", "noise_hq", "noisevol_hq"}) {
    const NoiseImage im = makeNoiseImage(root, 5);
    const int zoom = findNoiseSpec(root)->zoom;
    double sum = 0;
    int n = 0;
    for (int z = 0; z < im.depth; z += (im.depth > 1 ? zoom : 1))
      for (int y = 0; y < im.height; y += zoom)
        for (int x = 0; x < im.width; x += zoom)
          for (int ch = 0; ch < 4; ++ch, ++n) {
            const int v = texel(im, x, y, z, ch);
            EXPECT_TRUE(v <= 67 || v >= 108) << root << " lattice byte " << v;
            sum += v;
          }
    EXPECT_NEAR(sum / n, 135.0, 4.0) << root;
    EXPECT_NEAR(meanOf(im), 135.0, 6.0) << root;
  }
}

// The cubic fill makes zoomed noise smooth: neighbour differences fall roughly with the zoom.
TEST(NoiseImage, ZoomedNoiseIsSmootherTheMoreItIsZoomed) {
  const double lq = neighbourDifference(makeNoiseImage("noise_lq", 11));
  const double mq = neighbourDifference(makeNoiseImage("noise_mq", 11));
  const double hq = neighbourDifference(makeNoiseImage("noise_hq", 11));
  EXPECT_GT(lq, 80.0);
  EXPECT_LT(mq, lq / 2.5);
  EXPECT_LT(hq, mq * 0.75);
  EXPECT_GT(hq, 3.0);  // still noise, not flat
}

// Between two lattice texels the value follows MD2's cubic (fCubicInterpolate, clamped to 0..1
// and truncated to a byte by dwCubicInterpolate). Exact up to float contraction differences
// between compilers: at most one step off, and nearly always exact.
TEST(NoiseImage, InterpolatedTexelsFollowTheCubicThroughTheLattice) {
  const NoiseImage im = makeNoiseImage("noise_mq", 13);
  const auto cubic = [](float y0, float y1, float y2, float y3, float t) {
    const float t2 = t * t;
    const float a0 = y3 - y2 - y0 + y1, a1 = y0 - y1 - a0, a2 = y2 - y0, a3 = y1;
    return a0 * t * t2 + a1 * t2 + a2 * t + a3;
  };
  int checked = 0, exact = 0;
  for (int y = 0; y < 256; y += 4)
    for (int x = 1; x < 256; ++x) {
      if (x % 4 == 0) continue;
      const int base = (x / 4) * 4;
      for (int ch = 0; ch < 4; ++ch) {
        const auto at = [&](int xx) {
          return static_cast<float>(texel(im, (xx + 256) % 256, y, 0, ch)) / 255.0f;
        };
        float f = cubic(at(base - 4), at(base), at(base + 4), at(base + 8),
                        static_cast<float>(x % 4) / 4.0f);
        f = std::fmin(std::fmax(f, 0.0f), 1.0f);
        const int want = static_cast<int>(f * 255.0f);
        ASSERT_LE(std::abs(texel(im, x, y, 0, ch) - want), 1) << x << "," << y;
        exact += texel(im, x, y, 0, ch) == want;
        ++checked;
      }
    }
  EXPECT_GT(checked, 40000);
  EXPECT_GT(exact, checked * 99 / 100);
}

// The texture tiles: across the wrap seam texels differ no more than inside.
TEST(NoiseImage, ZoomedNoiseTilesSeamlessly) {
  const NoiseImage im = makeNoiseImage("noise_hq", 17);
  double seam = 0, inside = 0;
  for (int y = 0; y < 256; ++y)
    for (int ch = 0; ch < 4; ++ch) {
      seam += std::abs(texel(im, 255, y, 0, ch) - texel(im, 0, y, 0, ch));
      inside += std::abs(texel(im, 127, y, 0, ch) - texel(im, 128, y, 0, ch));
      seam += std::abs(texel(im, y, 255, 0, ch) - texel(im, y, 0, 0, ch));
      inside += std::abs(texel(im, y, 127, 0, ch) - texel(im, y, 128, 0, ch));
    }
  EXPECT_LT(seam, inside * 1.5 + 256);
}

TEST(NoiseImage, VolumeIsSmoothAlongZToo) {
  const NoiseImage lq = makeNoiseImage("noisevol_lq", 19), hq = makeNoiseImage("noisevol_hq", 19);
  const auto zDifference = [](const NoiseImage& im) {
    double sum = 0;
    int n = 0;
    for (int z = 0; z < 32; ++z)
      for (int y = 0; y < 32; ++y)
        for (int x = 0; x < 32; ++x, ++n)
          sum += std::abs(texel(im, x, y, z, 0) - texel(im, x, y, (z + 1) % 32, 0));
    return sum / n;
  };
  EXPECT_GT(zDifference(lq), 80.0);
  EXPECT_LT(zDifference(hq), zDifference(lq) / 2.5);
}

}  // namespace
}  // namespace phosphene::render
