// render::ShapePass on GL 3.3 core and GL ES 3.0: custom shapes land where and as big as spec
// §7.2 says, blend as their flags say, and textured shapes read the previous canvas.
#include <gtest/gtest.h>

#include <numbers>

#include "GlTestContext.hpp"
#include "OverlayTestCanvas.hpp"
#include "render/ShapePass.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;

preset::ShapeInstance solid(double r, double g, double b, double a) {
  preset::ShapeInstance s;
  s.sides = 4;
  s.x = 0.5, s.y = 0.5, s.rad = 0.2, s.ang = 0.0;
  s.r = r, s.g = g, s.b = b, s.a = a;
  s.r2 = r, s.g2 = g, s.b2 = b, s.a2 = a;
  s.borderA = 0.0;
  return s;
}

class ShapePassGl : public ::testing::TestWithParam<GlApi> {
 protected:
  platform::RgbaImage drawShapes(const gl::Capabilities& caps, int w, int h,
                                 const std::vector<preset::ShapeInstance>& shapes,
                                 std::array<float, 3> background = {0, 0, 0},
                                 const gl::Texture2D* previous = nullptr) {
    render::ShapePass pass;
    const auto init = pass.init(caps.dialect());
    EXPECT_TRUE(init.empty()) << init.front().format();
    auto canvas = makeCanvas(w, h, caps.dialect());
    if (!canvas) return {};
    canvas->info.previousCanvas = previous;
    preset::FrameState frame;
    frame.customShapes[0].instances = shapes;
    canvas->bindAndClear(background[0], background[1], background[2]);
    pass.draw(frame, canvas->info);
    EXPECT_TRUE(pass.lastErrors().empty()) << pass.lastErrors().front().format();
    return canvas->read();
  }
};

// MD2 DrawCustomShapes: first rim vertex at ang + 45°, x scaled by aspectY (= H/W on a wide
// canvas), so a 4-sided shape with ang 0 is an axis-aligned square, square in PIXELS, of
// half-side rad·cos45°.
TEST_P(ShapePassGl, RedSquareAtRightPlaceAndSize) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  auto s = solid(1, 0, 0, 1);
  s.x = 0.25, s.y = 0.75;  // y = 1 is the top: this is the upper-left quadrant
  const auto img = drawShapes(ctx->caps(), 80, 60, {s});
  ASSERT_EQ(img.width, 80);
  // Centre clip (-0.5, +0.5) = pixel (20, 15) from the top. Half-side 0.2·0.7071·30 = 4.24 px in
  // y and 0.2·0.7071·0.75·40 = 4.24 px in x.
  const Rgba8 red{255, 0, 0, 255}, black{0, 0, 0, 255};
  EXPECT_TRUE(near(pixel(img, 20, 15), red)) << str(pixel(img, 20, 15));
  for (int d : {-3, 3}) {
    EXPECT_TRUE(near(pixel(img, 20 + d, 15), red)) << d;
    EXPECT_TRUE(near(pixel(img, 20, 15 + d), red)) << d;
    EXPECT_TRUE(near(pixel(img, 20 + d, 15 + d), red)) << "corner " << d;  // square, not diamond
  }
  for (int d : {-6, 6}) {
    EXPECT_TRUE(near(pixel(img, 20 + d, 15), black)) << d;
    EXPECT_TRUE(near(pixel(img, 20, 15 + d), black)) << d;
  }
  // Nothing in the other quadrants.
  EXPECT_TRUE(near(pixel(img, 60, 15), black));
  EXPECT_TRUE(near(pixel(img, 20, 45), black));
  int lit = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) lit += pixel(img, x, y)[0] > 128;
  EXPECT_GE(lit, 7 * 7);  // 8.5 px square: 8×8 or 9×9 pixels
  EXPECT_LE(lit, 9 * 9);
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

TEST_P(ShapePassGl, GradientFromCentreColourToEdgeColour) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  auto s = solid(1, 0, 0, 1);
  s.r2 = 0, s.g2 = 0, s.b2 = 1, s.a2 = 1;
  s.sides = 40;
  s.rad = 0.45;
  const auto img = drawShapes(ctx->caps(), 80, 60, {s});
  const auto centre = pixel(img, 40, 30);
  EXPECT_GT(centre[0], 230) << str(centre);
  EXPECT_LT(centre[2], 25) << str(centre);
  // Radius in y: 0.45·30 = 13.5 px. Halfway is a mix, near the rim mostly edge colour.
  const auto half = pixel(img, 40, 30 - 7);
  EXPECT_NEAR(half[0], 127, 25) << str(half);
  EXPECT_NEAR(half[2], 127, 25) << str(half);
  const auto rim = pixel(img, 40, 30 - 12);
  EXPECT_GT(rim[2], 190) << str(rim);
  EXPECT_LT(rim[0], 65) << str(rim);
  EXPECT_TRUE(near(pixel(img, 40, 30 - 16), {0, 0, 0, 255}));
}

// MD2: SRCBLEND = SRCALPHA, DESTBLEND = ONE (additive) or INVSRCALPHA.
TEST_P(ShapePassGl, AdditiveVersusNormalBlendOverGrey) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const float grey = 128.0f / 255.0f;
  auto s = solid(1, 0, 0, 0.5);  // quantised: a = 127/255
  const double a = 127.0 / 255.0;
  const auto normal = drawShapes(ctx->caps(), 64, 48, {s}, {grey, grey, grey});
  s.additive = true;
  const auto additive = drawShapes(ctx->caps(), 64, 48, {s}, {grey, grey, grey});
  const auto n = pixel(normal, 32, 24), ad = pixel(additive, 32, 24);
  EXPECT_NEAR(n[0], 255 * a + 128 * (1 - a), 2) << str(n);
  EXPECT_NEAR(n[1], 128 * (1 - a), 2) << str(n);
  EXPECT_NEAR(ad[0], std::min(255.0, 255 * a + 128), 2) << str(ad);
  EXPECT_NEAR(ad[1], 128, 2) << str(ad);
  // Outside the shape both leave the grey alone.
  EXPECT_TRUE(near(pixel(normal, 2, 2), {128, 128, 128, 255}));
  EXPECT_TRUE(near(pixel(additive, 2, 2), {128, 128, 128, 255}));
}

// A texture whose texel colour is `colourAt(clip x, clip y)` (centre of each texel), alpha 0
// everywhere: the texture's alpha must not matter.
template <typename F>
gl::Texture2D patternTexture(int w, int h, F colourAt) {
  std::vector<std::uint8_t> px(static_cast<std::size_t>(w) * h * 4);
  for (int row = 0; row < h; ++row) {  // GL order: row 0 is the bottom
    for (int x = 0; x < w; ++x) {
      const std::array<std::uint8_t, 3> c =
          colourAt(clipXOfPixel(w, x), clipYOfRow(h, h - 1 - row));
      std::uint8_t* p = &px[(static_cast<std::size_t>(row) * w + x) * 4];
      p[0] = c[0], p[1] = c[1], p[2] = c[2], p[3] = 0;
    }
  }
  auto tex = gl::Texture2D::create({w, h});
  EXPECT_TRUE(tex.ok());
  tex->uploadRgba8(px.data());
  return std::move(*tex);
}

// Top-left red, top-right green, bottom-left blue, bottom-right white.
gl::Texture2D quadrantTexture(int w, int h) {
  return patternTexture(w, h, [](float x, float y) {
    using C = std::array<std::uint8_t, 3>;
    if (y > 0) return x < 0 ? C{255, 0, 0} : C{0, 255, 0};
    return x < 0 ? C{0, 0, 255} : C{255, 255, 255};
  });
}

// With rad = 1 and tex_zoom = 1 the texture coordinates of spec §7.2 equal the screen position,
// so the shape shows the previous canvas in place, upright. MD2 RenderFrame's texture stage set-up
// (COLOROP MODULATE diffuse×texture, ALPHAOP SELECTARG1 diffuse; milkdropfs.cpp) means vertex
// colours tint the texture and the vertex alpha alone is the alpha.
TEST_P(ShapePassGl, TexturedShapeSamplesThePreviousCanvas) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const auto tex = quadrantTexture(64, 48);
  auto s = solid(1, 1, 1, 1);
  s.textured = true;
  s.rad = 1.0;
  s.sides = 4;
  const auto img = drawShapes(ctx->caps(), 64, 48, {s}, {0, 0, 0}, &tex);
  EXPECT_TRUE(near(pixelAtClip(img, -0.4f, 0.4f), {255, 0, 0, 0}))
      << str(pixelAtClip(img, -0.4f, 0.4f));
  EXPECT_TRUE(near(pixelAtClip(img, 0.4f, 0.4f), {0, 255, 0, 0}));
  EXPECT_TRUE(near(pixelAtClip(img, -0.4f, -0.4f), {0, 0, 255, 0}));
  EXPECT_TRUE(near(pixelAtClip(img, 0.4f, -0.4f), {255, 255, 255, 0}));

  // Vertex colour yellow: blue becomes black, white becomes yellow.
  s.b = 0, s.b2 = 0;
  const auto tinted = drawShapes(ctx->caps(), 64, 48, {s}, {0, 0, 0}, &tex);
  EXPECT_TRUE(near(pixelAtClip(tinted, -0.4f, -0.4f), {0, 0, 0, 0}));
  EXPECT_TRUE(near(pixelAtClip(tinted, 0.4f, -0.4f), {255, 255, 0, 0}));

  // tex_ang = π turns the texture half a turn: the top-left now shows the bottom-right (white).
  s = solid(1, 1, 1, 1);
  s.textured = true, s.rad = 1.0, s.texAng = std::numbers::pi;
  const auto turned = drawShapes(ctx->caps(), 64, 48, {s}, {0, 0, 0}, &tex);
  EXPECT_TRUE(near(pixelAtClip(turned, -0.4f, 0.4f), {255, 255, 255, 0}, 4))
      << str(pixelAtClip(turned, -0.4f, 0.4f));
  EXPECT_TRUE(near(pixelAtClip(turned, 0.4f, -0.4f), {255, 0, 0, 0}, 4));

  // tex_zoom = 2 shows the middle half of the canvas over the whole shape: with a white box of
  // half-size 0.25 in the middle, clip (0.4, 0) samples (0.2, 0) and is white; unzoomed, black.
  const auto box = patternTexture(64, 48, [](float x, float y) {
    const std::uint8_t v = (std::abs(x) < 0.25f && std::abs(y) < 0.25f) ? 255 : 0;
    return std::array<std::uint8_t, 3>{v, v, v};
  });
  s = solid(1, 1, 1, 1);
  s.textured = true, s.rad = 1.0;
  const auto plain = drawShapes(ctx->caps(), 64, 48, {s}, {0, 0, 0}, &box);
  s.texZoom = 2.0;
  const auto zoomed = drawShapes(ctx->caps(), 64, 48, {s}, {0, 0, 0}, &box);
  EXPECT_TRUE(near(pixelAtClip(plain, 0.4f, 0.0f), {0, 0, 0, 0}));
  EXPECT_TRUE(near(pixelAtClip(zoomed, 0.4f, 0.0f), {255, 255, 255, 0}));
  EXPECT_TRUE(near(pixelAtClip(zoomed, 0.0f, -0.4f), {255, 255, 255, 0}));
  EXPECT_TRUE(near(pixelAtClip(zoomed, 0.0f, 0.65f), {0, 0, 0, 0}));  // samples y = 0.325
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

// The canvas is read with wrap addressing. MD2 does not set it for this draw: it inherits stage
// 0's address mode from the preceding warp/blur pass (milkdropfs.cpp WarpedBlit_NoShaders sets it
// from the preset's wrap flag), so it varies; spec §7.2 settles on bilinear + wrap.
TEST_P(ShapePassGl, TexturedShapeWrapsOutsideTheCanvas) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const auto tex = quadrantTexture(64, 48);
  auto s = solid(1, 1, 1, 1);
  s.textured = true, s.rad = 1.0, s.texZoom = 0.45;
  const auto img = drawShapes(ctx->caps(), 64, 48, {s}, {0, 0, 0}, &tex);
  // Pixel (48, 16) is clip (0.5, 0.333) with D3D9's pixel centres (integer window coordinates,
  // which the 2-D passes reproduce); at tex_zoom 0.45 it samples (1.11, 0.74): past the right
  // edge, which wraps to the left (red) half; clamping would give green.
  EXPECT_TRUE(near(pixel(img, 48, 16), {255, 0, 0, 0}, 6)) << str(pixel(img, 48, 16));
  EXPECT_TRUE(near(pixel(img, 40, 16), {0, 255, 0, 0}, 6)) << str(pixel(img, 40, 16));
}

int litInRow(const platform::RgbaImage& img, int row) {
  int n = 0;
  for (int x = 0; x < img.width; ++x) n += pixel(img, x, row)[1] > 100;
  return n;
}
int litInColumn(const platform::RgbaImage& img, int x) {
  int n = 0;
  for (int y = 0; y < img.height; ++y) n += pixel(img, x, y)[1] > 100;
  return n;
}

// Border: a 1-pixel line strip around the rim in the border colour; "thick" redraws it shifted
// by (+1,0), (+1,+1), (0,+1) pixels (milkdropfs.cpp DrawCustomShapes), so each side is 2 wide.
TEST_P(ShapePassGl, BorderAndThickOutline) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  auto s = solid(0, 0, 0, 0);  // invisible fill
  s.rad = 0.5;
  s.borderR = 0, s.borderG = 1, s.borderB = 0, s.borderA = 1;
  const auto thin = drawShapes(ctx->caps(), 80, 60, {s});
  s.thickOutline = true;
  const auto thick = drawShapes(ctx->caps(), 80, 60, {s});
  s.borderA = 0;
  const auto none = drawShapes(ctx->caps(), 80, 60, {s});
  // Through the middle row the outline crosses twice: 2 pixels thin, 4 thick.
  EXPECT_EQ(litInRow(thin, 30), 2);
  EXPECT_EQ(litInRow(thick, 30), 4);
  EXPECT_EQ(litInColumn(thin, 40), 2);
  EXPECT_EQ(litInColumn(thick, 40), 4);
  EXPECT_EQ(litInRow(none, 30), 0);
  // The inside stays clear.
  EXPECT_TRUE(near(pixel(thick, 40, 30), {0, 0, 0, 255}));
}

// MD2 sets the destination blend once per instance, before the fill, so an additive shape's
// border is additive too (milkdropfs.cpp DrawCustomShapes).
TEST_P(ShapePassGl, BorderBlendsLikeItsShape) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const float grey = 128.0f / 255.0f;
  auto s = solid(0, 0, 0, 0);
  s.rad = 0.5;
  s.borderR = 0, s.borderG = 1, s.borderB = 0, s.borderA = 127.0 / 255.0;
  const auto normal = drawShapes(ctx->caps(), 80, 60, {s}, {grey, grey, grey});
  s.additive = true;
  const auto additive = drawShapes(ctx->caps(), 80, 60, {s}, {grey, grey, grey});
  // The left edge of the outline crosses row 30 at column 29 (see BorderAndThickOutline).
  const auto n = pixel(normal, 29, 30), a = pixel(additive, 29, 30);
  EXPECT_NEAR(n[0], 64, 2) << str(n);  // grey · (1 − α)
  EXPECT_NEAR(n[1], 191, 2) << str(n);
  EXPECT_NEAR(a[0], 128, 2) << str(a);  // grey kept
  EXPECT_NEAR(a[1], 255, 2) << str(a);
}

TEST_P(ShapePassGl, InstancesDrawInOrderAndLeaveBlendStateAlone) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  // Host-style blend state that the pass must put back.
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_ONE, GL_ZERO, GL_ZERO, GL_ONE);
  render::ShapePass pass;
  ASSERT_TRUE(pass.init(ctx->caps().dialect()).empty());
  auto canvas = makeCanvas(64, 48, ctx->caps().dialect());
  ASSERT_TRUE(canvas);
  canvas->fb.bind();
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  preset::FrameState frame;
  auto a = solid(1, 0, 0, 1), b = solid(0, 0, 1, 1);
  b.rad = 0.1;  // the later, smaller blue square covers the red one's centre
  frame.customShapes[1].instances = {a};
  frame.customShapes[2].instances = {b};
  pass.draw(frame, canvas->info);
  GLint v = 0;
  EXPECT_TRUE(glIsEnabled(GL_BLEND));
  glGetIntegerv(GL_BLEND_SRC_RGB, &v);
  EXPECT_EQ(v, GL_ONE);
  glGetIntegerv(GL_BLEND_DST_RGB, &v);
  EXPECT_EQ(v, GL_ZERO);
  glGetIntegerv(GL_BLEND_SRC_ALPHA, &v);
  EXPECT_EQ(v, GL_ZERO);
  glGetIntegerv(GL_BLEND_DST_ALPHA, &v);
  EXPECT_EQ(v, GL_ONE);
  glDisable(GL_BLEND);
  const auto img = canvas->read();
  EXPECT_TRUE(near(pixel(img, 32, 24), {0, 0, 255, 255})) << str(pixel(img, 32, 24));
  EXPECT_TRUE(near(pixel(img, 34, 24), {255, 0, 0, 255}));  // red half-side 3.4 px, blue 1.7
}

INSTANTIATE_TEST_SUITE_P(Api, ShapePassGl, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
