// render::MotionVectorPass on GL 3.3 core and GL ES 3.0: the FrameState's segments become
// 1-pixel alpha-blended lines in the motion-vector colour (spec §4.7).
#include <gtest/gtest.h>

#include "GlTestContext.hpp"
#include "OverlayTestCanvas.hpp"
#include "render/MotionVectorPass.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;

constexpr int kW = 80, kH = 60;

class MotionVectorPassGl : public ::testing::TestWithParam<GlApi> {
 protected:
  platform::RgbaImage drawFrame(const gl::Capabilities& caps, const preset::FrameState& frame,
                                float bg) {
    render::MotionVectorPass pass;
    const auto init = pass.init(caps.dialect());
    EXPECT_TRUE(init.empty()) << init.front().format();
    auto canvas = makeCanvas(kW, kH, caps.dialect());
    if (!canvas) return {};
    canvas->bindAndClear(bg, bg, bg);
    pass.draw(frame, canvas->info);
    EXPECT_TRUE(pass.lastErrors().empty()) << pass.lastErrors().front().format();
    return canvas->read();
  }
};

preset::FrameState vectors(const preset::Rgba& colour) {
  preset::FrameState f;
  f.motionVectors.colour = colour;
  // Three vectors: horizontal in row 10 (px 10..20), vertical in column 60 (rows 30..40), and a
  // short one of two pixels (MD2 stretches tiny vectors to one texel; the preset stage did that).
  auto p = [](int x, int row) { return preset::Vec2{clipXOfPixel(kW, x), clipYOfRow(kH, row)}; };
  f.motionVectors.segments = {p(10, 10), p(20, 10), p(60, 30), p(60, 40), p(30, 50), p(32, 50)};
  return f;
}

TEST_P(MotionVectorPassGl, SegmentsAreOnePixelLinesInTheirColour) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const auto img = drawFrame(ctx->caps(), vectors({1, 1, 0, 1}), 0.0f);
  const Rgba8 yellow{255, 255, 0, 255}, black{0, 0, 0, 255};
  // Endpoints sit on pixel centres, where the diamond-exit rule may go either way: check the
  // inside of each vector, and the count to within those end pixels.
  for (int x = 11; x < 19; ++x) EXPECT_TRUE(near(pixel(img, x, 10), yellow)) << x;
  for (int row = 31; row < 39; ++row) EXPECT_TRUE(near(pixel(img, 60, row), yellow)) << row;
  EXPECT_TRUE(near(pixel(img, 31, 50), yellow) || near(pixel(img, 30, 50), yellow));
  // Line list: nothing joins one vector to the next, and lines are one pixel thin.
  int lit = 0;
  for (int y = 0; y < kH; ++y)
    for (int x = 0; x < kW; ++x) lit += differs(pixel(img, x, y), black);
  EXPECT_GE(lit, 10 + 10 + 2 - 2);
  EXPECT_LE(lit, 10 + 10 + 2 + 2);
  EXPECT_TRUE(near(pixel(img, 40, 20), black));
  EXPECT_TRUE(near(pixel(img, 15, 11), black));
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

// MD2 DrawMotionVectors: SRCALPHA / INVSRCALPHA with mv_a as the alpha.
TEST_P(MotionVectorPassGl, AlphaBlendsOverTheCanvas) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const float a = 102.0f / 255.0f;  // mv_a 0.4, quantised
  const auto img = drawFrame(ctx->caps(), vectors({1, 1, 1, a}), 0.0f);
  EXPECT_NEAR(pixel(img, 15, 10)[0], 102, 2);
  const auto none = drawFrame(ctx->caps(), preset::FrameState{}, 0.5f);
  EXPECT_TRUE(near(pixel(none, 15, 10), {128, 128, 128, 255}));
}

INSTANTIATE_TEST_SUITE_P(Api, MotionVectorPassGl, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
