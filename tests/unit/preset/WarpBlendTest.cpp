// Warp-mesh blending (MD2 milkdropfs.cpp ComputeGridAlphaValues, second pass).
#include "preset/WarpBlend.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace phosphene::preset {
namespace {

TEST(WarpBlend, MixesPerVertexWithThePattern) {
  std::vector<Vec2> uv{{1, 1}, {1, 1}, {1, 1}};
  const std::vector<Vec2> old{{0, 0}, {0, 0}, {0, 0}};
  // Uniform pattern (a = 1, c = 0), a wipe vertex that is late (c = −0.5), one that is early.
  const std::vector<float> a{1.0f, 1.0f, 1.0f}, c{0.0f, -0.5f, 0.8f};
  std::vector<float> alpha;
  ASSERT_TRUE(blendWarpUv(uv, old, a, c, 0.4f, alpha));
  EXPECT_FLOAT_EQ(uv[0].x, 0.4f);
  EXPECT_FLOAT_EQ(uv[1].x, 0.0f);              // clamped at 0: still the old preset
  EXPECT_FLOAT_EQ(uv[2].y, 1.0f);              // clamped at 1: already the new preset
  EXPECT_FLOAT_EQ(alpha[0], 102.0f / 255.0f);  // (DWORD)(0.4·255) in the Diffuse alpha byte
  EXPECT_FLOAT_EQ(alpha[1], 0.0f);
  EXPECT_FLOAT_EQ(alpha[2], 1.0f);
}

TEST(WarpBlend, RefusesMismatchedSizes) {
  std::vector<Vec2> uv{{1, 1}, {1, 1}};
  const std::vector<Vec2> old{{0, 0}};
  const std::vector<float> a{1.0f, 1.0f}, c{0.0f, 0.0f};
  std::vector<float> alpha;
  EXPECT_FALSE(blendWarpUv(uv, old, a, c, 0.5f, alpha));
  EXPECT_FLOAT_EQ(uv[0].x, 1.0f);
  EXPECT_TRUE(alpha.empty());
}

}  // namespace
}  // namespace phosphene::preset
