// The quad of milkdropfs.cpp DrawUserSprites: corners, flips, the three aspect corrections,
// repeat, clamps and the vertex colour of each blend mode. MD2's projection is
// D3DXMatrixOrthoLH(2, -2) (support.cpp), so its y runs down; the quad here is in GL clip space.
#include <gtest/gtest.h>

#include "sprite/SpriteGeometry.hpp"

namespace phosphene::sprite {
namespace {

TEST(SpriteGeometry, DefaultsCoverTheSquareViewWithASquareImage) {
  const SpriteQuad q = spriteQuad({}, 64, 64, 480, 480);
  // Vertex 0 is the top-left corner and samples the image's top-left texel.
  EXPECT_FLOAT_EQ(q.screen[0].x, -1.0f);
  EXPECT_FLOAT_EQ(q.screen[0].y, 1.0f);
  EXPECT_FLOAT_EQ(q.screen[0].u, 0.0f);
  EXPECT_FLOAT_EQ(q.screen[0].v, 0.0f);
  EXPECT_FLOAT_EQ(q.screen[3].x, 1.0f);
  EXPECT_FLOAT_EQ(q.screen[3].y, -1.0f);
  EXPECT_FLOAT_EQ(q.screen[3].u, 1.0f);
  EXPECT_FLOAT_EQ(q.screen[3].v, 1.0f);
  EXPECT_TRUE(q.burnIn);  // burn defaults to 1 (texmgr.cpp RunInitCode)
  EXPECT_EQ(q.blend, SpriteBlend::Alpha);
}

TEST(SpriteGeometry, PositionSizeAndAspect) {
  SpriteOutputs o;
  o.x = 0.75;  // clip 0.5
  o.y = 0.25;  // clip -0.5 in MD2's y-down space: above the centre
  o.sx = o.sy = 0.1;
  // A 2:1 image on a 2:1 view: first the image is squashed (y × 0.5), then after the translation
  // y (position included) is stretched by the view's aspect 2.
  const SpriteQuad q = spriteQuad(o, 128, 64, 640, 320);
  EXPECT_NEAR(q.screen[0].x, 0.4f, 1e-6);
  EXPECT_NEAR(q.screen[3].x, 0.6f, 1e-6);
  EXPECT_NEAR(q.screen[0].y, -((-0.5f - 0.05f) * 2.0f), 1e-6);
  EXPECT_NEAR(q.screen[3].y, -((-0.5f + 0.05f) * 2.0f), 1e-6);
}

TEST(SpriteGeometry, FlipsMoveCornersNotTexcoords) {
  SpriteOutputs o;
  o.flipx = 1;
  const SpriteQuad q = spriteQuad(o, 8, 8, 100, 100);
  EXPECT_FLOAT_EQ(q.screen[0].x, 1.0f);
  EXPECT_FLOAT_EQ(q.screen[0].u, 0.0f);
  o.flipx = 0;
  o.flipy = 1;
  const SpriteQuad f = spriteQuad(o, 8, 8, 100, 100);
  EXPECT_FLOAT_EQ(f.screen[0].y, -1.0f);
  EXPECT_FLOAT_EQ(f.screen[0].v, 0.0f);
}

TEST(SpriteGeometry, RepeatScalesTexcoordsAroundTheCentreAndIsClamped) {
  SpriteOutputs o;
  o.repeatx = 3;
  o.repeaty = 1000;  // clamped to 100
  const SpriteQuad q = spriteQuad(o, 8, 8, 100, 100);
  EXPECT_FLOAT_EQ(q.screen[0].u, -1.0f);
  EXPECT_FLOAT_EQ(q.screen[1].u, 2.0f);
  EXPECT_FLOAT_EQ(q.screen[0].v, -49.5f);
}

TEST(SpriteGeometry, BlendModeColours) {
  SpriteOutputs o;
  o.r = 1.0;
  o.g = 0.5;
  o.b = 2.0;  // clamped to 1
  o.a = 0.5;
  o.blendmode = 1;  // decal: rgb × a, alpha 1
  SpriteQuad q = spriteQuad(o, 8, 8, 100, 100);
  EXPECT_EQ(q.blend, SpriteBlend::Decal);
  EXPECT_NEAR(q.colour[0], 127.0f / 255.0f, 1e-6);  // (int)(0.5·255) = 127
  EXPECT_NEAR(q.colour[2], 127.0f / 255.0f, 1e-6);
  EXPECT_FLOAT_EQ(q.colour[3], 1.0f);
  o.blendmode = 3;  // srccolor: white
  q = spriteQuad(o, 8, 8, 100, 100);
  EXPECT_FLOAT_EQ(q.colour[1], 1.0f);
  o.blendmode = 9.7;  // clamped to 4
  EXPECT_EQ(spriteQuad(o, 8, 8, 100, 100).blend, SpriteBlend::ColorKey);
  o.blendmode = -3;
  EXPECT_EQ(spriteQuad(o, 8, 8, 100, 100).blend, SpriteBlend::Alpha);
}

TEST(SpriteGeometry, FinalBurnIsFittedToFourByThree) {
  SpriteOutputs o;
  o.done = 1;
  o.sx = o.sy = 0.5;
  // 640×360: aspect 640 / (360·4/3) = 4/3 ≥ 1, so the burn quad's y is divided by it.
  const SpriteQuad q = spriteQuad(o, 8, 8, 640, 360);
  EXPECT_FLOAT_EQ(q.burn[0].x, q.screen[0].x);
  EXPECT_NEAR(q.burn[0].y, q.screen[0].y * 0.75f, 1e-6);
  o.done = 0;  // not done: the burn quad is the screen quad
  const SpriteQuad live = spriteQuad(o, 8, 8, 640, 360);
  EXPECT_FLOAT_EQ(live.burn[0].y, live.screen[0].y);
}

}  // namespace
}  // namespace phosphene::sprite
