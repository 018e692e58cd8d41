// render::CompositePass: MD2's built-in composite (spec §4.8, §8.6). The draw plan is checked
// against ShowToUser_NoShaders' arithmetic without GL; the pixels on GL 3.3 core and ES 3.0.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "GlTestContext.hpp"
#include "GoldenImage.hpp"
#include "SyntheticFrame.hpp"
#include "gl/Framebuffer.hpp"
#include "render/CompositePass.hpp"
#include "render/GlStateGuard.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;
using render::BuiltinStyle;
using render::CompositePass;
using render::planFixedComposite;

constexpr std::array<float, 4> kNoRandom{};

float byte01(int b) {
  return static_cast<float>(b) / 255.0f;
}

// ---- the plan (no GL) -------------------------------------------------------------------------

// milkdropfs.cpp ShowToUser_NoShaders, no echo: N = (int)(gamma − 0.001) + 1 draws, all with
// colour 1 except the last, gamma − (N − 1); the first replaces, the rest add.
TEST(CompositePlan, GammaWithoutEchoIsRepeatedAdditiveDraws) {
  auto vars = neutralVars();
  vars.gamma = 2.5;
  auto plan = planFixedComposite(vars, 0.0, kNoRandom);
  ASSERT_EQ(plan.count, 3);
  EXPECT_FLOAT_EQ(plan.draws[0].corner[0][0], 1.0f);
  EXPECT_FLOAT_EQ(plan.draws[1].corner[2][1], 1.0f);
  EXPECT_FLOAT_EQ(plan.draws[2].corner[3][2], byte01(127));  // (int)(0.5·255)
  for (int i = 0; i < plan.count; ++i) EXPECT_EQ(plan.draws[i].layer, 0);

  vars.gamma = 2.0;
  EXPECT_EQ(planFixedComposite(vars, 0.0, kNoRandom).count, 2);
  vars.gamma = 0.5;  // gamma < 1 scales here
  plan = planFixedComposite(vars, 0.0, kNoRandom);
  ASSERT_EQ(plan.count, 1);
  EXPECT_FLOAT_EQ(plan.draws[0].corner[0][0], byte01(127));
  vars.gamma = 9.0;  // RunPerFrameEquations clamps gamma to [0, 8]
  EXPECT_EQ(planFixedComposite(vars, 0.0, kNoRandom).count, 8);
}

// Echo on: each layer once with its mix, then (int)(gamma − 0.0001) more draws (the last with
// the fractional remainder), so gamma < 1 acts as 1 in this branch.
TEST(CompositePlan, EchoLayersAndTheirGammaCopies) {
  auto vars = neutralVars();
  vars.echoAlpha = 0.3;
  vars.gamma = 2.0;
  auto plan = planFixedComposite(vars, 0.0, kNoRandom);
  ASSERT_EQ(plan.count, 4);
  EXPECT_EQ(plan.draws[0].layer, 0);
  EXPECT_EQ(plan.draws[1].layer, 0);
  EXPECT_EQ(plan.draws[2].layer, 1);
  EXPECT_EQ(plan.draws[3].layer, 1);
  EXPECT_FLOAT_EQ(plan.draws[0].corner[0][0], byte01(178));  // (int)(0.7·255)
  EXPECT_FLOAT_EQ(plan.draws[1].corner[0][0], byte01(178));  // redraw factor 2 − 1 = 1
  EXPECT_FLOAT_EQ(plan.draws[2].corner[0][0], byte01(76));   // (int)(0.3·255)

  vars.gamma = 0.5;
  plan = planFixedComposite(vars, 0.0, kNoRandom);
  ASSERT_EQ(plan.count, 2);  // no redraws: gamma < 1 is ignored with echo on
  EXPECT_FLOAT_EQ(plan.draws[0].corner[0][0], byte01(178));

  vars.echoZoom = 0.0;  // clamped to 0.001
  EXPECT_FLOAT_EQ(planFixedComposite(vars, 0.0, kNoRandom).echoZoom, 0.001f);
}

// nVideoEchoOrientation = (int)echo_orient % 4 with C's remainder: odd flips u, ≥ 2 flips v, and
// a negative odd value (−1 % 4 = −1) still flips u but never v.
TEST(CompositePlan, OrientationFlips) {
  auto vars = neutralVars();
  vars.echoAlpha = 0.5;
  const std::array<std::pair<double, std::pair<bool, bool>>, 7> cases{{{0, {false, false}},
                                                                       {1, {true, false}},
                                                                       {2, {false, true}},
                                                                       {3, {true, true}},
                                                                       {5.7, {true, false}},
                                                                       {-1, {true, false}},
                                                                       {-2, {false, false}}}};
  for (const auto& [orient, flips] : cases) {
    vars.echoOrient = orient;
    const auto plan = planFixedComposite(vars, 0.0, kNoRandom);
    EXPECT_EQ(plan.flipU, flips.first) << orient;
    EXPECT_EQ(plan.flipV, flips.second) << orient;
  }
}

// Hue shader corners (spec §4.8): normalised so the largest channel maps to 1, others ≥ 0.5;
// mixed with white by fShader; 0 leaves the colours white.
TEST(CompositePlan, HueShaderCorners) {
  const auto hue = render::hueCornerColours(12.3, {0.1f, 0.2f, 0.3f, 0.4f});
  for (const auto& corner : hue) {
    EXPECT_FLOAT_EQ(*std::max_element(corner.begin(), corner.end()), 1.0f);
    for (float c : corner) EXPECT_GE(c, 0.5f);
  }
  auto vars = neutralVars();
  vars.hueShader = 0.5;
  const auto plan = planFixedComposite(vars, 12.3, {0.1f, 0.2f, 0.3f, 0.4f});
  for (std::size_t k = 0; k < 4; ++k)
    for (std::size_t c = 0; c < 3; ++c) {
      const float mixed = hue[k][c] * 0.5f + 0.5f;
      EXPECT_FLOAT_EQ(plan.draws[0].corner[k][c], byte01(static_cast<int>(mixed * 255.0f)));
    }
}

// The shader merges MD2's draws into two colour slots per layer; that relies on every layer
// using at most two distinct vertex colours (mix·s for all draws but the last, the gamma
// remainder for the last).
TEST(CompositePlan, AtMostTwoDistinctColoursPerLayer) {
  for (double alpha : {0.0, 0.3, 0.75}) {
    for (double gamma = 0.0; gamma <= 8.0; gamma += 0.37) {
      auto vars = neutralVars();
      vars.echoAlpha = alpha;
      vars.gamma = gamma;
      vars.hueShader = 0.6;
      const auto plan = planFixedComposite(vars, 3.0, kNoRandom);
      for (int layer = 0; layer < 2; ++layer) {
        std::vector<std::array<std::array<float, 3>, 4>> distinct;
        for (int i = 0; i < plan.count; ++i) {
          const auto& d = plan.draws[static_cast<std::size_t>(i)];
          if (d.layer == layer &&
              std::find(distinct.begin(), distinct.end(), d.corner) == distinct.end())
            distinct.push_back(d.corner);
        }
        EXPECT_LE(distinct.size(), 2u) << "alpha " << alpha << " gamma " << gamma;
      }
    }
  }
}

// ---- pixels ------------------------------------------------------------------------------------

constexpr int kW = 64, kH = 48;

// MD2's 8-bit store after a draw (saturate, round to nearest).
int store8(double x) {
  return static_cast<int>(std::lround(std::clamp(x, 0.0, 255.0)));
}

// Quadrants: top-left red, top-right green, bottom-left blue, bottom-right white.
std::array<std::uint8_t, 4> quadrants(int x, int row) {
  const bool right = x >= kW / 2, bottom = row >= kH / 2;
  if (!right && !bottom) return {255, 0, 0, 255};
  if (right && !bottom) return {0, 255, 0, 255};
  if (!right) return {0, 0, 255, 255};
  return {255, 255, 255, 255};
}

class CompositePassGl : public ::testing::TestWithParam<GlApi> {
 protected:
  platform::RgbaImage composite(CompositePass& pass, const preset::FrameVars& vars,
                                const gl::Texture2D& canvas, int outW, int outH,
                                BuiltinStyle style = BuiltinStyle::FixedFunction) {
    auto fb = gl::Framebuffer::create({outW, outH});
    EXPECT_TRUE(fb.ok());
    if (!fb) return {};
    fb->bind();
    render::GlStateGuard::setPassDefaults();
    preset::FrameState frame;
    frame.vars = vars;
    pass.draw(frame, canvas, style);
    EXPECT_TRUE(pass.lastErrors().empty()) << pass.lastErrors().front().format();
    return readFramebuffer(*fb);
  }
};

TEST_P(CompositePassGl, GammaOneCopiesAndGammaTwoDoublesWithSaturation) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  CompositePass pass;
  {
    const auto e = pass.init(ctx->caps().dialect());
    ASSERT_TRUE(e.empty()) << e.front().format();
  }
  const auto canvas = makeImageTexture(kW, kH, [](int x, int row) {
    return std::array<std::uint8_t, 4>{static_cast<std::uint8_t>(x * 4),
                                       static_cast<std::uint8_t>(row * 5), 100, 255};
  });
  auto vars = neutralVars();
  const auto same = composite(pass, vars, canvas, kW, kH);
  vars.gamma = 2.0;
  const auto doubled = composite(pass, vars, canvas, kW, kH);
  for (int row = 0; row < kH; row += 5)
    for (int x = 0; x < kW; x += 3) {
      EXPECT_NEAR(rgbaAt(same, x, row)[0], x * 4, 1);
      EXPECT_NEAR(rgbaAt(same, x, row)[1], row * 5, 1);
      EXPECT_NEAR(rgbaAt(doubled, x, row)[0], store8(2.0 * x * 4), 1);
      EXPECT_NEAR(rgbaAt(doubled, x, row)[2], 200, 1);
    }
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

TEST_P(CompositePassGl, EchoOrientations) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  CompositePass pass;
  {
    const auto e = pass.init(ctx->caps().dialect());
    ASSERT_TRUE(e.empty()) << e.front().format();
  }
  const auto canvas = makeImageTexture(kW, kH, quadrants);
  auto vars = neutralVars();
  vars.echoAlpha = 0.5;
  vars.echoZoom = 1.0;                                  // the echo is the whole canvas, mirrored
  const int mixByte = static_cast<int>(0.5f * 255.0f);  // both layers: colour (int)(0.5·255)
  for (int orient = 0; orient < 4; ++orient) {
    vars.echoOrient = orient;
    const auto out = composite(pass, vars, canvas, kW, kH);
    for (const auto& [x, row] : {std::pair{8, 8}, {56, 8}, {8, 40}, {56, 40}}) {
      const int ex = orient % 2 ? kW - 1 - x : x;
      const int erow = orient >= 2 ? kH - 1 - row : row;
      const auto a = quadrants(x, row);
      const auto b = quadrants(ex, erow);
      const auto got = rgbaAt(out, x, row);
      for (std::size_t c = 0; c < 3; ++c) {
        const int first = store8(a[c] * mixByte / 255.0);
        const int want = store8(first + b[c] * mixByte / 255.0);
        EXPECT_NEAR(got[c], want, 1) << "orient " << orient << " at " << x << "," << row;
      }
    }
  }
}

TEST_P(CompositePassGl, EchoZoomMagnifiesAboutTheCentreAndInheritsTheWarpAddressMode) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  CompositePass pass;
  {
    const auto e = pass.init(ctx->caps().dialect());
    ASSERT_TRUE(e.empty()) << e.front().format();
  }
  const auto ramp = makeImageTexture(kW, kH, [](int x, int) {
    return std::array<std::uint8_t, 4>{static_cast<std::uint8_t>(x * 4), 0, 0, 255};
  });
  auto vars = neutralVars();
  vars.echoAlpha = 1.0;  // layer 0 gets colour 0: only the echo shows
  vars.echoZoom = 4.0;   // uv 0.375 .. 0.625
  auto out = composite(pass, vars, ramp, kW, kH);
  auto rampAt = [](double u) { return 4.0 * std::clamp(u * kW - 0.5, 0.0, kW - 1.0); };
  for (int x : {0, 10, 31, 50, 63}) {
    const double u = 0.5 + ((x + 0.5) / kW - 0.5) / 4.0;
    EXPECT_NEAR(rgbaAt(out, x, 20)[0], rampAt(u), 2.0) << x;
  }
  // echo_zoom 0.5 reads u from −0.5 to 1.5. ShowToUser_NoShaders sets no address mode, so it
  // keeps the one WarpedBlit_NoShaders set from `wrap` (milkdropfs.cpp): column 2 reads
  // u ≈ −0.44, i.e. 0.56 when wrapping and 0 when clamping.
  vars.echoZoom = 0.5;
  vars.wrap = 1.0;
  out = composite(pass, vars, ramp, kW, kH);
  const double u2 = 0.5 + ((2.5 / kW) - 0.5) * 2.0;
  EXPECT_NEAR(rgbaAt(out, 2, 20)[0], rampAt(u2 + 1.0), 3.0);
  vars.wrap = 0.0;
  out = composite(pass, vars, ramp, kW, kH);
  EXPECT_LE(rgbaAt(out, 2, 20)[0], 1);
}

// Each filter alone on a ramp 0..252, against ShowToUser_NoShaders' blend passes with 8-bit
// rounding after each pass: brighten = 1 − (1 − x)², darken = x², solarize = 2·x(1 − x),
// invert = 1 − x.
TEST_P(CompositePassGl, FiltersMatchMd2BlendArithmetic) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  CompositePass pass;
  {
    const auto e = pass.init(ctx->caps().dialect());
    ASSERT_TRUE(e.empty()) << e.front().format();
  }
  const auto canvas = makeImageTexture(kW, kH, [](int x, int) {
    const auto v = static_cast<std::uint8_t>(x * 4);
    return std::array<std::uint8_t, 4>{v, v, v, 255};
  });
  auto brighten = [](int k) {
    const int inv = 255 - k;
    return 255 - store8(inv * inv / 255.0);
  };
  auto darken = [](int k) { return store8(k * k / 255.0); };
  auto solarize = [](int k) { return store8(2.0 * store8(k * (255 - k) / 255.0)); };
  auto invert = [](int k) { return 255 - k; };
  const std::array<std::pair<double preset::FrameVars::*, std::function<int(int)>>, 4> filters{
      {{&preset::FrameVars::brighten, brighten},
       {&preset::FrameVars::darken, darken},
       {&preset::FrameVars::solarize, solarize},
       {&preset::FrameVars::invert, invert}}};
  for (const auto& [flag, formula] : filters) {
    auto vars = neutralVars();
    vars.*flag = 1.0;
    const auto out = composite(pass, vars, canvas, kW, kH);
    for (int x = 0; x < kW; ++x)
      ASSERT_NEAR(rgbaAt(out, x, 10)[0], formula(x * 4), 1) << "input " << x * 4;
  }
  // All four in MD2's order: brighten, darken, solarize, invert.
  auto vars = neutralVars();
  vars.brighten = vars.darken = vars.solarize = vars.invert = 1.0;
  const auto out = composite(pass, vars, canvas, kW, kH);
  for (int x = 0; x < kW; ++x)
    EXPECT_NEAR(rgbaAt(out, x, 10)[1], invert(solarize(darken(brighten(x * 4)))), 2) << x * 4;
}

// The shader MD2 generates for an empty comp block (PS > 0) uses sqrt and 4x(1 − x) instead.
TEST_P(CompositePassGl, GeneratedShaderFilters) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  CompositePass pass;
  {
    const auto e = pass.init(ctx->caps().dialect());
    ASSERT_TRUE(e.empty()) << e.front().format();
  }
  const auto canvas = makeImageTexture(kW, kH, [](int x, int) {
    const auto v = static_cast<std::uint8_t>(x * 4);
    return std::array<std::uint8_t, 4>{v, v, v, 255};
  });
  auto vars = neutralVars();
  vars.brighten = 1.0;
  auto out = composite(pass, vars, canvas, kW, kH, BuiltinStyle::GeneratedShader);
  for (int x = 0; x < kW; ++x)
    EXPECT_NEAR(rgbaAt(out, x, 10)[0], store8(255.0 * std::sqrt(x * 4 / 255.0)), 1);
  vars.brighten = 0.0;
  vars.solarize = 1.0;
  out = composite(pass, vars, canvas, kW, kH, BuiltinStyle::GeneratedShader);
  for (int x = 0; x < kW; ++x) {
    const double v = x * 4 / 255.0;
    EXPECT_NEAR(rgbaAt(out, x, 10)[0], store8(255.0 * 4.0 * v * (1.0 - v)), 1);
  }
  // gamma is baked with 2 decimals (plugin.cpp GenCompPShaderText): 1.504 → 1.50.
  vars.solarize = 0.0;
  vars.gamma = 1.504;
  out = composite(pass, vars, canvas, kW, kH, BuiltinStyle::GeneratedShader);
  EXPECT_NEAR(rgbaAt(out, 25, 10)[0], store8(100 * 1.5), 1);
}

TEST_P(CompositePassGl, AnyOutputSizeAndPortraitStretch) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  CompositePass pass;
  {
    const auto e = pass.init(ctx->caps().dialect());
    ASSERT_TRUE(e.empty()) << e.front().format();
  }
  // Landscape canvas to a larger target of another aspect: plain stretch, corners keep colours.
  const auto canvas = makeImageTexture(kW, kH, quadrants);
  const auto big = composite(pass, neutralVars(), canvas, 160, 90);
  EXPECT_EQ(rgbaAt(big, 2, 2), (std::array<int, 4>{255, 0, 0, 255}));
  EXPECT_EQ(rgbaAt(big, 157, 2), (std::array<int, 4>{0, 255, 0, 255}));
  EXPECT_EQ(rgbaAt(big, 2, 87), (std::array<int, 4>{0, 0, 255, 255}));
  EXPECT_EQ(rgbaAt(big, 157, 87), (std::array<int, 4>{255, 255, 255, 255}));

  // Portrait canvas 48×64: ShowToUser_NoShaders stretches the quad by H/W in x, so the left
  // edge shows u = 0.5 − 0.5·48/64 = 0.125, not 0.
  const int pw = 48, ph = 64;
  const auto ramp = makeImageTexture(pw, ph, [](int x, int) {
    return std::array<std::uint8_t, 4>{static_cast<std::uint8_t>(x * 5), 0, 0, 255};
  });
  const auto portrait = composite(pass, neutralVars(), ramp, pw, ph);
  const double u0 = 0.5 + ((0.5 / pw) - 0.5) * (48.0 / 64.0);  // pixel 0's centre
  EXPECT_NEAR(rgbaAt(portrait, 0, 30)[0], 5.0 * (u0 * pw - 0.5), 2.0);
  EXPECT_GT(rgbaAt(portrait, 0, 30)[0], 20);  // not the ramp's start
}

// fShader = 1: each quad corner takes its hue colour (ShowToUser_NoShaders' shade[] per vertex:
// 0 bottom-left, 1 bottom-right, 2 top-left, 3 top-right), interpolated across the quad.
TEST_P(CompositePassGl, HueShaderColoursTheCorners) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  CompositePass pass;
  ASSERT_TRUE(pass.init(ctx->caps().dialect()).empty());
  const std::array<float, 4> randStart{0.0f, 0.7f, 2.1f, 4.4f};
  pass.setHueRandom(randStart);
  const auto white = makeImageTexture(kW, kH, [](int, int) {
    return std::array<std::uint8_t, 4>{255, 255, 255, 255};
  });
  auto vars = neutralVars();
  vars.hueShader = 1.0;
  auto fb = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(fb.ok());
  fb->bind();
  render::GlStateGuard::setPassDefaults();
  preset::FrameState frame;
  frame.vars = vars;
  frame.inputs.time = 5.0;
  pass.draw(frame, white);
  const auto out = readFramebuffer(*fb);
  const auto hue = render::hueCornerColours(5.0, randStart);
  const std::array<std::pair<int, int>, 4> cornerPixels{
      {{0, kH - 1}, {kW - 1, kH - 1}, {0, 0}, {kW - 1, 0}}};
  for (std::size_t k = 0; k < 4; ++k)
    for (std::size_t c = 0; c < 3; ++c)
      EXPECT_NEAR(rgbaAt(out, cornerPixels[k].first, cornerPixels[k].second)[c],
                  static_cast<int>(hue[k][c] * 255.0f), 4)
          << "corner " << k << " channel " << c;
}

INSTANTIATE_TEST_SUITE_P(Apis, CompositePassGl, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
