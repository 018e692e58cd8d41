// Darken-centre spot and borders (spec §4.6, MD2 milkdropfs.cpp DrawSprites).
#include "preset/SpriteGeometry.hpp"

#include <gtest/gtest.h>

namespace phosphene::preset {
namespace {

constexpr float kTol = 1e-5f;

TEST(SpriteGeometry, DarkenCentreDiamond) {
  FrameVars v;
  v.darkenCenter = 1.0;
  SpriteGeometry g;
  buildSpriteGeometry(v, aspectFactors(800, 600), g);
  EXPECT_TRUE(g.darkenCentre);
  EXPECT_FLOAT_EQ(g.centreFan[0].colour.a, 23.0f / 255.0f);  // (int)(3/32·255)
  EXPECT_FLOAT_EQ(g.centreFan[1].colour.a, 0.0f);
  EXPECT_FLOAT_EQ(g.centreFan[1].x, -0.0375f);  // 0.05 × aspectY 0.75
  EXPECT_FLOAT_EQ(g.centreFan[2].y, 0.05f);
  EXPECT_FLOAT_EQ(g.centreFan[5].x, g.centreFan[1].x);
  v.darkenCenter = 0.0;
  buildSpriteGeometry(v, {}, g);
  EXPECT_FALSE(g.darkenCentre);
}

// MD2 DrawSprites: each border is 4 trapezoids (inner, outer corners), turned by 90° each time,
// drawn only when its alpha > 0.001; the inner border sits inside the outer one.
TEST(SpriteGeometry, BordersAreMitredBands) {
  FrameVars v;
  v.obSize = 0.1;
  v.obA = 0.5;
  v.obR = 1.0;
  v.ibSize = 0.05;
  v.ibA = 0.0;
  SpriteGeometry g;
  buildSpriteGeometry(v, {}, g);
  ASSERT_TRUE(g.outer.visible);
  EXPECT_FALSE(g.inner.visible);
  EXPECT_FLOAT_EQ(g.outer.colour.r, 1.0f);
  EXPECT_FLOAT_EQ(g.outer.colour.a, 127.0f / 255.0f);
  // Right band: (0.9, 0.9), (1, 1), (1, −1), (0.9, −0.9).
  const auto& right = g.outer.quads[0];
  EXPECT_FLOAT_EQ(right[0].x, 0.9f);
  EXPECT_FLOAT_EQ(right[1].y, 1.0f);
  EXPECT_FLOAT_EQ(right[2].y, -1.0f);
  EXPECT_FLOAT_EQ(right[3].y, -0.9f);
  // The next one is turned 90°: the top band.
  const auto& top = g.outer.quads[1];
  EXPECT_NEAR(top[0].x, -0.9f, kTol);
  EXPECT_NEAR(top[0].y, 0.9f, kTol);
  EXPECT_NEAR(top[2].x, 1.0f, kTol);
  EXPECT_NEAR(top[2].y, 1.0f, kTol);
  EXPECT_NEAR(g.outer.quads[3][1].y, -1.0f, kTol);  // bottom band reaches y = −1
  // Inner band spans 1 − ob − ib .. 1 − ob.
  EXPECT_FLOAT_EQ(g.inner.quads[0][0].x, 0.85f);
  EXPECT_FLOAT_EQ(g.inner.quads[0][1].x, 0.9f);
  v.ibA = 0.0011;
  buildSpriteGeometry(v, {}, g);
  EXPECT_TRUE(g.inner.visible);
}

}  // namespace
}  // namespace phosphene::preset
