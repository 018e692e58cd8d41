// MD2's SmoothWave (milkdropfs.cpp), the refinement of every line wave.
#include "preset/WaveRefine.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace phosphene::preset {
namespace {

TEST(WaveRefine, InsertsOnePointBetweenNeighbours) {
  const std::vector<Vec2> in{{0, 1}, {1, 1}, {2, 1}, {3, 1}};
  std::vector<Vec2> out;
  EXPECT_EQ(refineWave(in, out), 7u);
  ASSERT_EQ(out.size(), 7u);
  EXPECT_FLOAT_EQ(out[0].x, 0.0f);
  EXPECT_FLOAT_EQ(out[2].x, 1.0f);
  EXPECT_FLOAT_EQ(out[6].x, 3.0f);
  // Interior: (−0.15·0 + 1.15·1 + 1.15·2 − 0.15·3)/2 = 1.5, the midpoint.
  EXPECT_FLOAT_EQ(out[3].x, 1.5f);
  // First gap: the point before p0 is p0 → (1.0·0 + 1.15·1 − 0.15·2)/2 = 0.425.
  EXPECT_FLOAT_EQ(out[1].x, 0.425f);
  // Last gap: p[i+2] clamps to p3 → (−0.15·1 + 1.15·2 + 1.0·3)/2 = 2.575.
  EXPECT_FLOAT_EQ(out[5].x, 2.575f);
}

// MD2 milkdropfs.cpp SmoothWave divides by c1+c2+c3+c4 = −0.15+1.15+1.15−0.15 = 2.0 (the spec's
// "/2.15" would shrink a constant wave by 7%): a constant line stays constant.
TEST(WaveRefine, WeightsSumToTwo) {
  const std::vector<Vec2> in{{0, 1}, {1, 1}, {2, 1}};
  std::vector<Vec2> out;
  refineWave(in, out);
  for (const auto& p : out) EXPECT_FLOAT_EQ(p.y, 1.0f);
}

TEST(WaveRefine, EdgeCountsAndAppending) {
  std::vector<Vec2> out{{9, 9}};
  EXPECT_EQ(refineWave(std::vector<Vec2>{}, out), 0u);
  EXPECT_EQ(refineWave(std::vector<Vec2>{{5, 5}}, out), 1u);
  EXPECT_EQ(refineWave(std::vector<Vec2>{{0, 0}, {2, 0}}, out), 3u);
  ASSERT_EQ(out.size(), 5u);
  EXPECT_FLOAT_EQ(out[0].x, 9.0f);  // appended after what was there
  EXPECT_FLOAT_EQ(out[3].x, 1.0f);  // (1.0·0 + 1.0·2)/2 with both ends clamped
}

TEST(WaveRefine, InsertedPointTakesTheColourBeforeIt) {
  const std::vector<WavePoint> in{{0, 0, {1, 0, 0, 1}}, {1, 0, {0, 1, 0, 0.5f}}};
  std::vector<WavePoint> out;
  ASSERT_EQ(refineWave(in, out), 3u);
  EXPECT_FLOAT_EQ(out[1].colour.r, 1.0f);
  EXPECT_FLOAT_EQ(out[1].colour.a, 1.0f);
  EXPECT_FLOAT_EQ(out[2].colour.g, 1.0f);
  EXPECT_FLOAT_EQ(out[1].x, 0.5f);
}

}  // namespace
}  // namespace phosphene::preset
