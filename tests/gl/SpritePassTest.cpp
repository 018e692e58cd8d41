// render::SpritePass on GL 3.3 core and GL ES 3.0: the darken-centre spot and the outer / inner
// borders (spec §4.6, MD2 milkdropfs.cpp DrawSprites).
#include <gtest/gtest.h>

#include "GlTestContext.hpp"
#include "OverlayTestCanvas.hpp"
#include "render/SpritePass.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;

class SpritePassGl : public ::testing::TestWithParam<GlApi> {
 protected:
  platform::RgbaImage drawFrame(const gl::Capabilities& caps, const preset::FrameState& frame,
                                int w, int h, float bg) {
    render::SpritePass pass;
    const auto init = pass.init(caps.dialect());
    EXPECT_TRUE(init.empty()) << init.front().format();
    auto canvas = makeCanvas(w, h, caps.dialect());
    if (!canvas) return {};
    canvas->bindAndClear(bg, bg, bg);
    pass.draw(frame, canvas->info);
    EXPECT_TRUE(pass.lastErrors().empty()) << pass.lastErrors().front().format();
    return canvas->read();
  }
};

// A black spot of alpha 3/32 (stored as 23/255) fading to 0 at half-size 0.05: on white, the
// centre darkens by at most 23 levels and nothing beyond the spot changes.
TEST_P(SpritePassGl, DarkenCentreDarkensOnlyTheCentre) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  preset::FrameState frame;
  frame.vars.darkenCenter = 1.0;
  const auto img = drawFrame(ctx->caps(), frame, 160, 120, 1.0f);
  const auto centre = pixel(img, 80, 60);
  EXPECT_LT(centre[0], 250) << str(centre);
  EXPECT_GE(centre[0], 255 - 23 - 1) << str(centre);
  EXPECT_EQ(centre[0], centre[1]);  // black: grey stays grey
  // Half-size 0.05 → 3 pixels in y, 3 pixels in x (×aspectY 0.75 on 160 wide).
  for (auto [x, y] : {std::pair{80, 55}, {80, 65}, {75, 60}, {85, 60}, {10, 10}})
    EXPECT_TRUE(near(pixel(img, x, y), {255, 255, 255, 255})) << x << "," << y;
  frame.vars.darkenCenter = 0.0;
  const auto off = drawFrame(ctx->caps(), frame, 160, 120, 1.0f);
  EXPECT_TRUE(near(pixel(off, 80, 60), {255, 255, 255, 255}));
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

// ob_size / ib_size are fractions of the half-screen: 0.1 on 80×60 = 4 columns, 3 rows each.
TEST_P(SpritePassGl, BordersOccupyTheEdgesWithTheRightSize) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  preset::FrameState frame;
  auto& v = frame.vars;
  v.obSize = 0.1, v.obR = 1, v.obG = 0, v.obB = 0, v.obA = 1;
  v.ibSize = 0.1, v.ibR = 0, v.ibG = 0, v.ibB = 1, v.ibA = 1;
  const auto img = drawFrame(ctx->caps(), frame, 80, 60, 0.0f);
  const Rgba8 red{255, 0, 0, 255}, blue{0, 0, 255, 255}, black{0, 0, 0, 255};
  for (int x = 0; x < 80; ++x) {
    const Rgba8 want = (x < 4 || x >= 76) ? red : (x < 8 || x >= 72) ? blue : black;
    EXPECT_TRUE(near(pixel(img, x, 30), want)) << "column " << x << " " << str(pixel(img, x, 30));
  }
  for (int y = 0; y < 60; ++y) {
    const Rgba8 want = (y < 3 || y >= 57) ? red : (y < 6 || y >= 54) ? blue : black;
    EXPECT_TRUE(near(pixel(img, 40, y), want)) << "row " << y << " " << str(pixel(img, 40, y));
  }
  EXPECT_TRUE(near(pixel(img, 1, 1), red));
  EXPECT_TRUE(near(pixel(img, 78, 58), red));
  EXPECT_TRUE(near(pixel(img, 5, 4), blue));

  // A border with alpha 0 is not drawn; a half-transparent one blends.
  v.ibA = 0;
  v.obA = 0.5;
  const auto faint = drawFrame(ctx->caps(), frame, 80, 60, 0.0f);
  EXPECT_TRUE(near(pixel(faint, 5, 30), black));
  EXPECT_NEAR(pixel(faint, 1, 30)[0], 127, 2);
}

// MD2 rasterises with Direct3D 9's rule: pixel centres on integer window coordinates, so clip −1
// is the centre of column 0 and row 0, and a band there of any width covers them (a centre on a
// left or top edge is inside). GL's centres are half a pixel further in; without the 2-D passes'
// half-pixel shift a border of 0.005 (0.24 px at 96 wide) covered nothing and presets lit only by
// it stayed black (docs/compatibility.md #4; milkdropfs.cpp DrawSprites draws the bands from ±1).
TEST_P(SpritePassGl, SubPixelBordersCoverWhatDirect3D9Covers) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  preset::FrameState frame;
  auto& v = frame.vars;
  v.obSize = 0.005, v.obR = 1, v.obG = 1, v.obB = 1, v.obA = 1;
  const auto img = drawFrame(ctx->caps(), frame, 96, 72, 0.0f);
  const Rgba8 white{255, 255, 255, 255}, black{0, 0, 0, 255};
  // The left and top bands ([0, 0.24] and [0, 0.18] px) hold the centres of column 0 and row 0;
  // the right and bottom ones ([95.76, 96], [71.82, 72]) hold none.
  for (int y = 0; y < 72; ++y) {
    EXPECT_TRUE(near(pixel(img, 0, y), white)) << "column 0, row " << y;
    if (y > 0) {
      EXPECT_TRUE(near(pixel(img, 95, y), black)) << "column 95, row " << y;
    }
  }
  for (int x = 0; x < 96; ++x) {
    EXPECT_TRUE(near(pixel(img, x, 0), white)) << "row 0, column " << x;
    if (x > 0) {
      EXPECT_TRUE(near(pixel(img, x, 71), black)) << "row 71, column " << x;
    }
  }
  EXPECT_TRUE(near(pixel(img, 1, 1), black));

  // An inner band of 0.005 inside a black outer border of 0.01 at 160×120: x ∈ [0.8, 1.2] px holds
  // D3D9's centre 1 (GL's 0.5 and 1.5 lie outside), so column 1 is lit between the top and bottom
  // bands; y ∈ [0.6, 0.9] holds no centre in either rule, so row 0 and row 1 stay dark there.
  v.obSize = 0.01, v.obR = 0, v.obG = 0, v.obB = 0, v.obA = 1;
  v.ibSize = 0.005, v.ibR = 1, v.ibG = 1, v.ibB = 0, v.ibA = 1;
  const auto inner = drawFrame(ctx->caps(), frame, 160, 120, 0.0f);
  const Rgba8 yellow{255, 255, 0, 255};
  EXPECT_TRUE(near(pixel(inner, 1, 60), yellow)) << str(pixel(inner, 1, 60));
  EXPECT_TRUE(near(pixel(inner, 0, 60), black)) << str(pixel(inner, 0, 60));
  EXPECT_TRUE(near(pixel(inner, 2, 60), black)) << str(pixel(inner, 2, 60));
  EXPECT_TRUE(near(pixel(inner, 80, 1), black)) << str(pixel(inner, 80, 1));
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

INSTANTIATE_TEST_SUITE_P(Api, SpritePassGl, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
