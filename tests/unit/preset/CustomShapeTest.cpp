// Custom shape instances and geometry (spec §7.2, MD2 milkdropfs.cpp DrawCustomShapes,
// LoadCustomShapePerFrameEvallibVars).
#include "preset/CustomShape.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "preset/ShapeGeometry.hpp"

namespace phosphene::preset {
namespace {

constexpr float kTol = 1e-5f;

TEST(CustomShape, InstanceCountComesFromTheFile) {
  CustomShapeConfig c;
  c.instances = 5;
  EXPECT_EQ(shapeInstanceCount(c), 0);  // disabled
  c.enabled = true;
  EXPECT_EQ(shapeInstanceCount(c), 5);
  c.instances = -3;
  EXPECT_EQ(shapeInstanceCount(c), 0);
  c.instances = 5000;
  EXPECT_EQ(shapeInstanceCount(c), kMaxShapeInstances);
}

TEST(CustomShape, EveryInstanceStartsFromTheFileValues) {
  CustomShapeConfig c;
  c.enabled = true;
  c.instances = 3;
  c.x = 0.25;
  c.rad = 0.3;
  c.sides = 6;
  c.textured = true;
  c.borderA = 0.7;
  auto v = shapeVarsForInstance(c, 2);
  EXPECT_DOUBLE_EQ(v.instance, 2.0);
  EXPECT_DOUBLE_EQ(v.numInst, 3.0);
  EXPECT_DOUBLE_EQ(v.x, 0.25);
  EXPECT_DOUBLE_EQ(v.rad, 0.3);
  EXPECT_DOUBLE_EQ(v.sides, 6.0);
  EXPECT_DOUBLE_EQ(v.textured, 1.0);
  EXPECT_DOUBLE_EQ(v.borderA, 0.7);
  // What instance 0's code wrote is gone for instance 1.
  v = shapeVarsForInstance(c, 0);
  v.x = 0.9;
  v.r = 0.0;
  const auto next = shapeVarsForInstance(c, 1);
  EXPECT_DOUBLE_EQ(next.x, 0.25);
  EXPECT_DOUBLE_EQ(next.r, 1.0);
}

TEST(CustomShape, InstanceFromVarsTruncatesAndClamps) {
  ShapeVars v;
  v.sides = 2.9;
  EXPECT_EQ(shapeInstanceFromVars(v).sides, 3);
  v.sides = 7.9;
  EXPECT_EQ(shapeInstanceFromVars(v).sides, 7);
  v.sides = 150;
  EXPECT_EQ(shapeInstanceFromVars(v).sides, 100);
  v.additive = 0.5;  // (int)0.5 == 0
  v.thick = 1.0;
  v.textured = -1.0;
  const auto s = shapeInstanceFromVars(v);
  EXPECT_FALSE(s.additive);
  EXPECT_TRUE(s.thickOutline);
  EXPECT_TRUE(s.textured);
}

TEST(ShapeGeometry, SquareStartsAt45DegreesAndCloses) {
  ShapeInstance s;
  s.sides = 4;
  s.rad = 0.5;
  ShapeGeometry g;
  buildShapeGeometry(s, {}, 1.0, g);
  ASSERT_EQ(g.fan.size(), 6u);
  EXPECT_FLOAT_EQ(g.fan[0].x, 0.0f);
  EXPECT_FLOAT_EQ(g.fan[0].y, 0.0f);
  // MD2's angle runs in its y-down space: the first rim vertex is to the lower right.
  const float h = 0.5f * std::sqrt(0.5f);
  EXPECT_NEAR(g.fan[1].x, h, kTol);
  EXPECT_NEAR(g.fan[1].y, -h, kTol);
  EXPECT_NEAR(g.fan[2].x, -h, kTol);
  EXPECT_NEAR(g.fan[2].y, -h, kTol);
  EXPECT_FLOAT_EQ(g.fan[5].x, g.fan[1].x);
  EXPECT_FLOAT_EQ(g.fan[5].y, g.fan[1].y);
  // Texture coordinates ignore rad: u = 0.5 + 0.5·cos(45°), v (down) likewise.
  EXPECT_NEAR(g.fan[1].u, 0.5f + 0.5f * std::sqrt(0.5f), kTol);
  EXPECT_NEAR(g.fan[1].v, 0.5f + 0.5f * std::sqrt(0.5f), kTol);
  EXPECT_FLOAT_EQ(g.fan[0].u, 0.5f);
}

TEST(ShapeGeometry, PositionAspectAndTexZoom) {
  ShapeInstance s;
  s.sides = 4;
  s.x = 0.75;
  s.y = 0.75;  // y = 1 is the top
  s.rad = 0.5;
  s.texZoom = 2.0;
  ShapeGeometry g;
  buildShapeGeometry(s, aspectFactors(800, 600), 1.0, g);
  EXPECT_FLOAT_EQ(g.fan[0].x, 0.5f);
  EXPECT_FLOAT_EQ(g.fan[0].y, 0.5f);
  const float h = 0.5f * std::sqrt(0.5f);
  EXPECT_NEAR(g.fan[1].x, 0.5f + h * 0.75f, kTol);  // x × aspectY
  EXPECT_NEAR(g.fan[1].y, 0.5f - h, kTol);
  EXPECT_NEAR(g.fan[1].u, 0.5f + 0.25f * std::sqrt(0.5f) * 0.75f, kTol);
  EXPECT_NEAR(g.fan[1].v, 0.5f + 0.25f * std::sqrt(0.5f), kTol);
}

TEST(ShapeGeometry, ColoursBorderAndBlendFactor) {
  ShapeInstance s;
  s.sides = 3;
  s.r = 1.2;  // wraps to 50
  s.a = 1.0;
  s.a2 = 0.5;
  s.borderA = 0.0;
  ShapeGeometry g;
  buildShapeGeometry(s, {}, 0.5, g);
  EXPECT_FLOAT_EQ(g.fan[0].colour.r, 50.0f / 255.0f);
  EXPECT_FLOAT_EQ(g.fan[0].colour.a, 127.0f / 255.0f);
  EXPECT_FLOAT_EQ(g.fan[1].colour.g, 1.0f);            // rim colour (r2, g2, b2) = (0, 1, 0)
  EXPECT_FLOAT_EQ(g.fan[1].colour.a, 63.0f / 255.0f);  // (int)(0.5·255·0.5)
  EXPECT_TRUE(g.border.empty());
  s.borderA = 0.1;
  buildShapeGeometry(s, {}, 1.0, g);
  ASSERT_EQ(g.border.size(), 4u);  // sides + 1, closed
  EXPECT_FLOAT_EQ(g.border[3].x, g.border[0].x);
  EXPECT_FLOAT_EQ(g.borderColour.a, 25.0f / 255.0f);
}

}  // namespace
}  // namespace phosphene::preset
