// render::WavePass on GL 3.3 core and GL ES 3.0: custom waves (lines, dots, thick, additive) and
// the built-in waveform (all 8 modes, dots, the 4-pass rule, mode 7's two strips).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "GlTestContext.hpp"
#include "OverlayTestCanvas.hpp"
#include "preset/BuiltinWaveform.hpp"
#include "preset/WarpMesh.hpp"
#include "render/WavePass.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;

constexpr int kW = 80, kH = 60;

preset::WavePoint at(int px, int row, const preset::Rgba& c) {
  return {clipXOfPixel(kW, px), clipYOfRow(kH, row), c};
}

const preset::Rgba kGreen{0, 1, 0, 1};

int countLit(const platform::RgbaImage& img, const Rgba8& background = {0, 0, 0, 255}) {
  int n = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) n += differs(pixel(img, x, y), background);
  return n;
}

class WavePassGl : public ::testing::TestWithParam<GlApi> {
 protected:
  platform::RgbaImage drawFrame(const gl::Capabilities& caps, const preset::FrameState& frame,
                                int w = kW, int h = kH, std::array<float, 3> bg = {0, 0, 0}) {
    render::WavePass pass;
    const auto init = pass.init(caps.dialect());
    EXPECT_TRUE(init.empty()) << init.front().format();
    auto canvas = makeCanvas(w, h, caps.dialect());
    if (!canvas) return {};
    canvas->bindAndClear(bg[0], bg[1], bg[2]);
    pass.draw(frame, canvas->info);
    EXPECT_TRUE(pass.lastErrors().empty()) << pass.lastErrors().front().format();
    return canvas->read();
  }
  static preset::FrameState customWave(std::vector<preset::WavePoint> points, bool dots = false,
                                       bool thick = false, bool additive = false) {
    preset::FrameState f;
    auto& w = f.customWaves[2];
    w.visible = true;
    w.dots = dots, w.thick = thick, w.additive = additive;
    w.points = std::move(points);
    return f;
  }
};

TEST_P(WavePassGl, CustomWaveLinePassesThroughExpectedPixels) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  // A horizontal run in the upper part (row 15 from the top) and a vertical one at column 60.
  auto frame = customWave({at(10, 15, kGreen), at(30, 15, kGreen), at(70, 15, kGreen)});
  frame.customWaves[0].visible = true;
  frame.customWaves[0].points = {at(60, 30, kGreen), at(60, 55, kGreen)};
  const auto img = drawFrame(ctx->caps(), frame);
  for (int x = 12; x <= 68; ++x)
    EXPECT_TRUE(near(pixel(img, x, 15), {0, 255, 0, 255})) << x << " " << str(pixel(img, x, 15));
  for (int row = 32; row <= 53; ++row) EXPECT_TRUE(near(pixel(img, 60, row), {0, 255, 0, 255}));
  for (int x = 0; x < kW; ++x) {
    EXPECT_FALSE(differs(pixel(img, x, 13), {0, 0, 0, 255})) << x;
    EXPECT_FALSE(differs(pixel(img, x, 17), {0, 0, 0, 255})) << x;
  }
  EXPECT_FALSE(differs(pixel(img, 40, 45), {0, 0, 0, 255}));
  // One pixel wide: about 60 + 25 pixels.
  EXPECT_NEAR(countLit(img), 60 + 25, 4);
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

// MD2 DrawCustomWaves: dot size = (canvas width >= 1024 ? 2 : 1) + (bDrawThick ? 1 : 0) pixels.
TEST(WavePassDotSize, FollowsMilkDrop) {
  EXPECT_EQ(render::WavePass::customDotSize(640, false), 1);
  EXPECT_EQ(render::WavePass::customDotSize(1023, false), 1);
  EXPECT_EQ(render::WavePass::customDotSize(1024, false), 2);
  EXPECT_EQ(render::WavePass::customDotSize(640, true), 2);
  EXPECT_EQ(render::WavePass::customDotSize(1920, true), 3);
}

TEST_P(WavePassGl, DotsLightOnlyTheirPointsLinesJoinThem) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  std::vector<preset::WavePoint> pts;
  for (int x = 8; x <= 72; x += 8) pts.push_back(at(x, 30, kGreen));  // 9 points
  const auto lines = drawFrame(ctx->caps(), customWave(pts));
  const auto dots = drawFrame(ctx->caps(), customWave(pts, true));
  const auto fatDots = drawFrame(ctx->caps(), customWave(pts, true, true));
  EXPECT_TRUE(differs(pixel(lines, 12, 30), {0, 0, 0, 255}));
  EXPECT_FALSE(differs(pixel(dots, 12, 30), {0, 0, 0, 255}));
  for (int x = 8; x <= 72; x += 8) EXPECT_TRUE(near(pixel(dots, x, 30), {0, 255, 0, 255})) << x;
  EXPECT_EQ(countLit(dots), 9);         // 1×1 pixel each below 1024 wide
  EXPECT_EQ(countLit(fatDots), 9 * 4);  // thick dots: 2×2, drawn once (no 4-pass for dots)
  EXPECT_GE(countLit(lines), 72 - 8 - 1);
}

// Dots light the pixels whose D3D9 centres (integer window coordinates) lie in the square of
// their size around them, [X - size/2, X + size/2) x [Y - size/2, Y + size/2): 256 dots at
// scattered sub-pixel positions, each alone in a 4x4 cell, one pixel (thin) and 2x2 (thick, below
// 1024 wide). Positions stay 1/32 pixel clear of where the square's edges cross a centre, in GL or
// in D3D9: GL's shift is 1/64 pixel short of half a pixel (ColorVertexBatch::submit), so the two
// part in a band 1/64 pixel wide there.
TEST_P(WavePassGl, DotsLightThePixelsD3D9Lights) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  constexpr int kSide = 64, kCell = 4;
  for (const bool thick : {false, true}) {
    const int size = render::WavePass::customDotSize(kSide, thick);
    std::vector<preset::WavePoint> dots;
    std::vector<std::pair<int, int>> expected;  // the first (top-left) pixel of each square
    std::uint32_t seed = 12345;
    const auto fraction = [&seed] {  // in [0.03, 0.45] or [0.55, 0.97]
      seed = seed * 1664525u + 1013904223u;
      const float u = static_cast<float>(seed >> 8) / static_cast<float>(1u << 24);
      return u < 0.5f ? 0.03f + 0.84f * u : 0.55f + 0.84f * (u - 0.5f);
    };
    const float half = 0.5f * static_cast<float>(size);
    for (int cy = 0; cy < kSide / kCell; ++cy) {
      for (int cx = 0; cx < kSide / kCell; ++cx) {
        const float x = static_cast<float>(cx * kCell + 1) + fraction();
        const float y = static_cast<float>(cy * kCell + 1) + fraction();
        dots.push_back({x / kSide * 2.0f - 1.0f, 1.0f - y / kSide * 2.0f, kGreen});
        expected.emplace_back(static_cast<int>(std::ceil(x - half)),
                              static_cast<int>(std::ceil(y - half)));
      }
    }
    const auto img = drawFrame(ctx->caps(), customWave(dots, true, thick), kSide, kSide);
    EXPECT_EQ(countLit(img), static_cast<int>(dots.size()) * size * size) << size;
    for (const auto& [px, row] : expected)
      for (int dy = 0; dy < size; ++dy)
        for (int dx = 0; dx < size; ++dx)
          EXPECT_TRUE(near(pixel(img, px + dx, row + dy), {0, 255, 0, 255}))
              << size << ": " << px + dx << "," << row + dy;
  }
}

// A dot wider than a pixel whose centre is off the canvas still lights the part of its square on
// it, as D3D9 draws it (GL would drop such a dot drawn as a point). Thick dots are 2x2 pixels
// below 1024 wide: one centred 0.8 pixel left of the canvas (D3D9 square [-1.8, 0.2)) lights
// column 0, one 0.2 pixel short of the right edge after GL's half-pixel shift lights the last.
TEST_P(WavePassGl, WideDotsAtTheCanvasEdgeLightTheirOnCanvasPart) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const auto clipX = [](float d3dX) { return d3dX / kW * 2.0f - 1.0f; };
  const auto clipY = [](float d3dY) { return 1.0f - d3dY / kH * 2.0f; };
  const std::vector<preset::WavePoint> pts{{clipX(-0.8f), clipY(30.6f), kGreen},
                                           {clipX(kW - 0.2f), clipY(10.6f), kGreen}};
  const auto img = drawFrame(ctx->caps(), customWave(pts, true, true));
  EXPECT_EQ(countLit(img), 4);
  for (const auto& [x, row] :
       {std::pair{0, 30}, std::pair{0, 31}, std::pair{kW - 1, 10}, std::pair{kW - 1, 11}})
    EXPECT_TRUE(near(pixel(img, x, row), {0, 255, 0, 255})) << x << "," << row;
}

// The square's edges exactly on GL pixel centres (D3D9 position i + 0.5 + 1/64, after the shift
// that puts D3D9's pixel centres under GL's): D3D9 has no tie there and lights pixel i + 1. GL
// lights exactly one pixel: row + 1 as D3D9 does, and for the column GL's left-edge rule takes
// i (the 1/64-pixel band where the two rasterisers part).
TEST_P(WavePassGl, OnePixelDotOnAGlTieLightsOnePixel) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  constexpr int kSide = 64;  // a power of two keeps every coordinate exact in float
  const float sixtyFourth = 1.0f / 64.0f;
  for (const auto& [column, row] : {std::pair{20, 30}, std::pair{0, 62}, std::pair{41, 7}}) {
    const float d3dX = static_cast<float>(column) + 0.5f + sixtyFourth;
    const float d3dY = static_cast<float>(row) + 0.5f + sixtyFourth;
    const preset::WavePoint p{d3dX / kSide * 2.0f - 1.0f, 1.0f - d3dY / kSide * 2.0f, kGreen};
    const auto img = drawFrame(ctx->caps(), customWave({p}, true), kSide, kSide);
    EXPECT_EQ(countLit(img), 1) << column << "," << row;
    EXPECT_TRUE(near(pixel(img, column, row + 1), {0, 255, 0, 255})) << column << "," << row;
  }
}

// "Thick" = the strip drawn 4 times with cumulative shifts (0,0), (+1,0), (+1,+1), (0,+1) canvas
// pixels in MD2's y-down space (milkdropfs.cpp DrawCustomWaves): one pixel right and one DOWN.
TEST_P(WavePassGl, ThickLinesAreTwoPixelsWideRightAndDown) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const std::vector<preset::WavePoint> horizontal{at(10, 20, kGreen), at(70, 20, kGreen)};
  const std::vector<preset::WavePoint> vertical{at(40, 30, kGreen), at(40, 55, kGreen)};
  const auto thinH = drawFrame(ctx->caps(), customWave(horizontal));
  const auto thickH = drawFrame(ctx->caps(), customWave(horizontal, false, true));
  const auto thinV = drawFrame(ctx->caps(), customWave(vertical));
  const auto thickV = drawFrame(ctx->caps(), customWave(vertical, false, true));
  const Rgba8 bg{0, 0, 0, 255};
  EXPECT_TRUE(differs(pixel(thinH, 40, 20), bg));
  EXPECT_FALSE(differs(pixel(thinH, 40, 21), bg));
  EXPECT_TRUE(differs(pixel(thickH, 40, 20), bg));
  EXPECT_TRUE(differs(pixel(thickH, 40, 21), bg));  // one row further down
  EXPECT_FALSE(differs(pixel(thickH, 40, 19), bg));
  EXPECT_TRUE(differs(pixel(thickV, 40, 40), bg));
  EXPECT_TRUE(differs(pixel(thickV, 41, 40), bg));  // one column further right
  EXPECT_FALSE(differs(pixel(thickV, 39, 40), bg));
  EXPECT_FALSE(differs(pixel(thinV, 41, 40), bg));
  EXPECT_GT(countLit(thickH), countLit(thinH) * 19 / 10);
}

TEST_P(WavePassGl, AdditiveWaveAddsNormalWaveMixes) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const preset::Rgba halfRed{1, 0, 0, 127.0f / 255.0f};
  const std::vector<preset::WavePoint> pts{at(10, 20, halfRed), at(70, 20, halfRed)};
  const float grey = 128.0f / 255.0f;
  const auto normal = drawFrame(ctx->caps(), customWave(pts), kW, kH, {grey, grey, grey});
  const auto additive =
      drawFrame(ctx->caps(), customWave(pts, false, false, true), kW, kH, {grey, grey, grey});
  const double a = 127.0 / 255.0;
  const auto n = pixel(normal, 40, 20), ad = pixel(additive, 40, 20);
  EXPECT_NEAR(n[0], 255 * a + 128 * (1 - a), 2) << str(n);
  EXPECT_NEAR(n[1], 128 * (1 - a), 2) << str(n);
  EXPECT_NEAR(ad[0], 255, 2) << str(ad);  // 127 + 128
  EXPECT_NEAR(ad[1], 128, 2) << str(ad);
}

// All 8 built-in modes, built by preset::BuiltinWaveform from a synthetic stereo signal: the wave
// is visible, and every on-screen vertex has a lit pixel within one pixel of it.
TEST_P(WavePassGl, BuiltinWaveModesLightTheirPoints) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  constexpr int w = 160, h = 120;
  std::vector<float> left(preset::kAudioSamplesPerFrame), right(left.size());
  for (std::size_t i = 0; i < left.size(); ++i) {
    const double t = static_cast<double>(i) / static_cast<double>(left.size());
    left[i] = static_cast<float>(0.35 * std::sin(2 * std::numbers::pi * 3 * t));
    right[i] = static_cast<float>(0.3 * std::cos(2 * std::numbers::pi * 5 * t));
  }
  const auto aspect = preset::aspectFactors(w, h);
  preset::BuiltinWaveform builder;
  for (int mode = 0; mode < preset::kBuiltinWaveModes; ++mode) {
    preset::BuiltinWaveParams p;
    p.mode = mode;
    p.r = 1, p.g = 0.8, p.b = 0.2, p.a = 1.0;
    p.x = 0.5, p.y = 0.5, p.mystery = 0.1;
    p.time = 1.3;
    p.canvasWidth = w, p.canvasHeight = h;
    p.aspectX = aspect.aspectX, p.aspectY = aspect.aspectY;
    p.trebleImm = 1.0;  // mode 3's alpha grows with the treble level
    preset::FrameState frame;
    builder.build(p, left, right, frame.builtinWave);
    ASSERT_TRUE(frame.builtinWave.visible) << "mode " << mode;
    const auto img = drawFrame(ctx->caps(), frame, w, h);
    EXPECT_GT(countLit(img), 40) << "mode " << mode;
    int checked = 0, missed = 0;
    for (const auto& v : frame.builtinWave.points) {
      if (std::abs(v.x) > 0.97f || std::abs(v.y) > 0.97f) continue;
      const int px = pixelX(img, v.x), row = pixelRow(img, v.y);
      bool lit = false;
      for (int dy = -1; dy <= 1 && !lit; ++dy)
        for (int dx = -1; dx <= 1 && !lit; ++dx) {
          const int x = px + dx, y = row + dy;
          if (x >= 0 && y >= 0 && x < w && y < h) lit = differs(pixel(img, x, y), {0, 0, 0, 255});
        }
      ++checked;
      missed += !lit;
    }
    EXPECT_GT(checked, 20) << "mode " << mode;
    EXPECT_EQ(missed, 0) << "mode " << mode << ": " << missed << " of " << checked;
  }
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

preset::FrameState builtinDot(bool fourPasses) {
  preset::FrameState f;
  auto& b = f.builtinWave;
  b.visible = true;
  b.dots = true;
  b.fourPasses = fourPasses;
  b.colour = {1, 1, 1, 1};
  b.points = {{clipXOfPixel(kW, 30), clipYOfRow(kH, 20)}};
  b.secondLineStart = 1;
  return f;
}

// DrawWave draws dots (and thick lines) 4 times, shifted right / down by a pixel, when the canvas
// is at least 512 wide (the preset stage decides: fourPasses); its dots are 1 pixel otherwise.
TEST_P(WavePassGl, BuiltinDotsAreOnePixelOrTwoByTwoWithFourPasses) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const auto one = drawFrame(ctx->caps(), builtinDot(false));
  const auto four = drawFrame(ctx->caps(), builtinDot(true));
  EXPECT_EQ(countLit(one), 1);
  EXPECT_TRUE(near(pixel(one, 30, 20), {255, 255, 255, 255}));
  EXPECT_EQ(countLit(four), 4);
  for (auto [x, y] : {std::pair{30, 20}, {31, 20}, {31, 21}, {30, 21}})
    EXPECT_TRUE(near(pixel(four, x, y), {255, 255, 255, 255})) << x << "," << y;
}

// Mode 7 is two separate strips: nothing joins the end of the first to the start of the second.
TEST_P(WavePassGl, BuiltinSecondLineIsASeparateStrip) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  preset::FrameState f;
  auto& b = f.builtinWave;
  b.visible = true;
  b.colour = {1, 1, 1, 1};
  for (int x = 10; x <= 70; x += 10) b.points.push_back({clipXOfPixel(kW, x), clipYOfRow(kH, 10)});
  b.secondLineStart = b.points.size();
  for (int x = 10; x <= 70; x += 10) b.points.push_back({clipXOfPixel(kW, x), clipYOfRow(kH, 50)});
  const auto img = drawFrame(ctx->caps(), f);
  EXPECT_TRUE(differs(pixel(img, 40, 10), {0, 0, 0, 255}));
  EXPECT_TRUE(differs(pixel(img, 40, 50), {0, 0, 0, 255}));
  for (int row = 12; row <= 48; ++row)
    for (int x = 0; x < kW; ++x) EXPECT_FALSE(differs(pixel(img, x, row), {0, 0, 0, 255})) << x;
}

INSTANTIATE_TEST_SUITE_P(Api, WavePassGl, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
