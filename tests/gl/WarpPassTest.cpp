// render::WarpPass on GL 3.3 core and ES 3.0: the previous canvas drawn through the warp mesh
// with decay, wrap/clamp and bilinear sampling (spec §4.4, §8.6).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "GlTestContext.hpp"
#include "GoldenImage.hpp"
#include "ImageMetrics.hpp"
#include "SyntheticFrame.hpp"
#include "gl/Framebuffer.hpp"
#include "render/GlStateGuard.hpp"
#include "render/WarpPass.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;
using render::BuiltinStyle;
using render::WarpPass;

constexpr int kW = 64, kH = 48;

// A smooth pattern with distinct channels: red rises left → right, green top → bottom.
std::array<std::uint8_t, 4> gradient(int x, int row) {
  return {static_cast<std::uint8_t>(x * 4), static_cast<std::uint8_t>(row * 5), 90, 255};
}

class WarpPassGl : public ::testing::TestWithParam<GlApi> {
 protected:
  platform::RgbaImage warp(WarpPass& pass, const preset::FrameState& frame,
                           const gl::Texture2D& source, BuiltinStyle style) {
    auto fb = gl::Framebuffer::create({kW, kH});
    EXPECT_TRUE(fb.ok());
    if (!fb) return {};
    fb->bind();
    render::GlStateGuard::setPassDefaults();
    pass.draw(frame, source, style);
    EXPECT_TRUE(pass.lastErrors().empty()) << pass.lastErrors().front().format();
    return readFramebuffer(*fb);
  }
};

TEST_P(WarpPassGl, IdentityMeshKeepsTheImage) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  WarpPass pass;
  ASSERT_TRUE(pass.init(ctx->caps().dialect()).empty());
  const auto source = makeImageTexture(kW, kH, gradient);
  const auto out =
      warp(pass, makeFrame(neutralVars(), kW, kH), source, BuiltinStyle::FixedFunction);
  ASSERT_EQ(out.width, kW);
  for (int row = 0; row < kH; ++row)
    for (int x = 0; x < kW; ++x) {
      const auto want = gradient(x, row);
      const auto got = rgbaAt(out, x, row);
      for (int c = 0; c < 3; ++c)
        ASSERT_NEAR(got[static_cast<std::size_t>(c)], want[static_cast<std::size_t>(c)], 1)
            << "pixel " << x << "," << row << " channel " << c;
    }
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

TEST_P(WarpPassGl, DecayIsTheQuantisedVertexColourInFixedFunction) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  WarpPass pass;
  ASSERT_TRUE(pass.init(ctx->caps().dialect()).empty());
  const auto source = makeImageTexture(kW, kH, [](int, int) {
    return std::array<std::uint8_t, 4>{200, 100, 21, 255};
  });
  auto vars = neutralVars();
  vars.decay = 0.98;
  // WarpedBlit_NoShaders: cDecay = D3DCOLOR_RGBA_01(fDecay, ...) = (int)(0.98·255) = 249.
  EXPECT_FLOAT_EQ(WarpPass::effectiveDecay(0.98, BuiltinStyle::FixedFunction), 249.0f / 255.0f);
  auto out = warp(pass, makeFrame(vars, kW, kH), source, BuiltinStyle::FixedFunction);
  auto p = rgbaAt(out, kW / 2, kH / 2);
  EXPECT_NEAR(p[0], std::lround(200.0 * 249.0 / 255.0), 1);  // 195
  EXPECT_NEAR(p[1], std::lround(100.0 * 249.0 / 255.0), 1);  // 98
  // No dithering: 21·(1 − 249/255) < 0.5, so a channel at 21 never darkens further (spec §4.4).
  EXPECT_EQ(p[2], 21);

  // The generated warp shader (PS > 0, empty block) multiplies by decay printed as "%.2f".
  EXPECT_FLOAT_EQ(WarpPass::effectiveDecay(0.984, BuiltinStyle::GeneratedShader), 0.98f);
  out = warp(pass, makeFrame(vars, kW, kH), source, BuiltinStyle::GeneratedShader);
  p = rgbaAt(out, kW / 2, kH / 2);
  EXPECT_NEAR(p[0], 196, 1);  // 200·0.98

  // D3DCOLOR_RGBA masks each byte: decay 1.01 → 257 & 0xFF = 1 → nearly black (milkdropfs.cpp).
  vars.decay = 1.01;
  EXPECT_FLOAT_EQ(WarpPass::effectiveDecay(1.01, BuiltinStyle::FixedFunction), 1.0f / 255.0f);
  out = warp(pass, makeFrame(vars, kW, kH), source, BuiltinStyle::FixedFunction);
  p = rgbaAt(out, kW / 2, kH / 2);
  EXPECT_LE(p[0], 1);
}

TEST_P(WarpPassGl, ZoomAboveOneMagnifiesAboutTheCentre) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  WarpPass pass;
  ASSERT_TRUE(pass.init(ctx->caps().dialect()).empty());
  const auto source = makeImageTexture(kW, kH, gradient);
  auto vars = neutralVars();
  vars.zoom = 2.0;
  const auto out = warp(pass, makeFrame(vars, kW, kH), source, BuiltinStyle::FixedFunction);
  // Output pixel x shows the source at 0.5 + (u − 0.5)/2: red rises half as fast.
  for (int x : {4, 16, 32, 47, 60}) {
    const double u = (x + 0.5) / kW;
    const double srcX = (0.5 + (u - 0.5) / 2.0) * kW - 0.5;  // texel-centre coordinates
    EXPECT_NEAR(rgbaAt(out, x, kH / 2)[0], 4.0 * srcX, 2.0) << "x " << x;
  }
  const double slopeOut = (rgbaAt(out, 48, 20)[0] - rgbaAt(out, 16, 20)[0]) / 32.0;
  EXPECT_NEAR(slopeOut, 2.0, 0.15);  // source slope is 4 per pixel
}

TEST_P(WarpPassGl, WrapAndClampDifferAtTheEdges) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  WarpPass pass;
  ASSERT_TRUE(pass.init(ctx->caps().dialect()).empty());
  // Left half red, right half blue.
  const auto source = makeImageTexture(kW, kH, [](int x, int) {
    return x < kW / 2 ? std::array<std::uint8_t, 4>{255, 0, 0, 255}
                      : std::array<std::uint8_t, 4>{0, 0, 255, 255};
  });
  auto vars = neutralVars();
  vars.dx = 0.25;  // u −= dx: the left edge reads u < 0
  vars.wrap = 1.0;
  const auto wrapped = warp(pass, makeFrame(vars, kW, kH), source, BuiltinStyle::FixedFunction);
  vars.wrap = 0.0;
  const auto clamped = warp(pass, makeFrame(vars, kW, kH), source, BuiltinStyle::FixedFunction);
  // Column 4 reads u ≈ 0.07 − 0.25 < 0: wrapped to 0.82 (blue) or clamped to 0 (red).
  EXPECT_GT(rgbaAt(wrapped, 4, 10)[2], 240);
  EXPECT_LT(rgbaAt(wrapped, 4, 10)[0], 15);
  EXPECT_GT(rgbaAt(clamped, 4, 10)[0], 240);
  EXPECT_LT(rgbaAt(clamped, 4, 10)[2], 15);
  // Away from the edge both agree (column 40 reads u ≈ 0.38: red).
  EXPECT_EQ(rgbaAt(wrapped, 40, 10), rgbaAt(clamped, 40, 10));
  // MD2 wraps only when wrap > 0.5 (the snap point), e.g. 0.5 itself clamps.
  EXPECT_FALSE(WarpPass::wraps(0.5));
  EXPECT_TRUE(WarpPass::wraps(0.51));
}

TEST_P(WarpPassGl, BilinearFilteringBlendsNeighbouringTexels) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  WarpPass pass;
  ASSERT_TRUE(pass.init(ctx->caps().dialect()).empty());
  // Alternating black and white columns; a half-texel shift lands between them → grey.
  const auto source = makeImageTexture(kW, kH, [](int x, int) {
    const std::uint8_t v = x % 2 ? 255 : 0;
    return std::array<std::uint8_t, 4>{v, v, v, 255};
  });
  auto vars = neutralVars();
  vars.dx = 0.5 / kW;
  const auto out = warp(pass, makeFrame(vars, kW, kH), source, BuiltinStyle::FixedFunction);
  for (int x = 4; x < kW - 4; ++x) EXPECT_NEAR(rgbaAt(out, x, 20)[0], 128, 3) << x;
}

TEST_P(WarpPassGl, MeshSizeChangesAndUnchangedSizesReuseBuffers) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  WarpPass pass;
  ASSERT_TRUE(pass.init(ctx->caps().dialect()).empty());
  const auto source = makeImageTexture(kW, kH, gradient);
  auto vars = neutralVars();
  vars.rot = 0.3;
  // The same frame through a coarse and a fine mesh: both rotate; finer mesh is closer to exact.
  const auto coarse =
      warp(pass, makeFrame(vars, kW, kH, 4, 3), source, BuiltinStyle::FixedFunction);
  const auto fine =
      warp(pass, makeFrame(vars, kW, kH, 48, 36), source, BuiltinStyle::FixedFunction);
  const auto fineAgain =
      warp(pass, makeFrame(vars, kW, kH, 48, 36), source, BuiltinStyle::FixedFunction);
  EXPECT_EQ(fine.pixels, fineAgain.pixels);
  // Rotation is affine, so any mesh gives the same picture up to interpolation rounding.
  EXPECT_GT(psnr(coarse, fine), 35.0);
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

// Outside transitions the pass draws one triangle and interpolates the mesh's UVs per pixel
// (WarpGridTexture); with a blend mask it draws the mesh. Both must sample the same place: drawn
// into float targets from a float source that holds each texel's own (s, t) — bilinear sampling
// of that ramp returns the coordinate — the two agree to 1e-5 on a mesh whose UVs are not linear,
// at a size where cells do not line up with pixels. A flipped t or the other diagonal fails.
// (Checked: splitting cells along the other diagonal makes the worst difference 0.002, a
// flipped t 0.8.)
TEST_P(WarpPassGl, PerPixelInterpolationSamplesWhereTheMeshDoes) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  constexpr int w = 97, h = 61;
  WarpPass pass;
  ASSERT_TRUE(pass.init(ctx->caps().dialect()).empty());
  std::vector<float> ramp(static_cast<std::size_t>(w) * h * 4);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      float* p = &ramp[(static_cast<std::size_t>(y) * w + x) * 4];
      p[0] = (static_cast<float>(x) + 0.5f) / w;
      p[1] = (static_cast<float>(y) + 0.5f) / h;
      p[2] = 0.0f;
      p[3] = 1.0f;
    }
  auto source = gl::Texture2D::create({w, h, GL_RGBA32F, GL_LINEAR, GL_CLAMP_TO_EDGE});
  ASSERT_TRUE(source.ok());
  source->bind(0);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w, h, GL_RGBA, GL_FLOAT, ramp.data());
  auto out = gl::Framebuffer::create({w, h, GL_RGBA32F, GL_NEAREST});
  ASSERT_TRUE(out.ok()) << out.diagnostics().front().format();
  auto vars = neutralVars();
  vars.decay = 1.0;
  vars.wrap = 0.0;
  // A coarse mesh (cells of 12×10 pixels) so that the x·y terms make the two ways of splitting
  // a cell differ by far more than the tolerance.
  auto frame = makeFrame(vars, w, h, 8, 6);
  for (int step = 0; step < 2; ++step) {
    frame.mesh.uv.clear();
    for (const preset::Vec2& o : frame.mesh.geometry.uvOrig)  // inside the ramp, not linear
      frame.mesh.uv.push_back(
          {0.15f + 0.5f * o.x + 0.2f * o.x * o.y + 0.04f * std::sin(o.y * 9.0f + step),
           0.1f + 0.6f * o.y * o.y + 0.2f * o.x * o.y});
    const auto drawAndRead = [&](bool masked, bool& usedPixels) {
      frame.mesh.alpha.assign(frame.mesh.geometry.vertexCount(), 1.0f);
      if (masked) frame.mesh.alpha[0] = 0.5f;
      out->bind();
      render::GlStateGuard::setPassDefaults();
      EXPECT_TRUE(pass.draw(frame, *source, BuiltinStyle::GeneratedShader));
      EXPECT_TRUE(pass.lastErrors().empty());
      usedPixels = pass.lastDrawUsedPixels();
      std::vector<float> pixels(static_cast<std::size_t>(w) * h * 4);
      glReadPixels(0, 0, w, h, GL_RGBA, GL_FLOAT, pixels.data());
      return pixels;
    };
    bool pixelMode = false, meshMode = true;
    const auto perPixel = drawAndRead(false, pixelMode);
    const auto mesh = drawAndRead(true, meshMode);
    EXPECT_TRUE(pixelMode);
    EXPECT_FALSE(meshMode);
    float worst = 0.0f, spread = 0.0f;
    for (std::size_t i = 0; i < perPixel.size(); ++i)
      if (i % 4 < 2) {
        worst = std::max(worst, std::abs(perPixel[i] - mesh[i]));
        spread = std::max(spread, std::abs(mesh[i] - mesh[i % 4]));
      }
    // ES: `sampler2D` defaults to lowp in fragment shaders and Mesa returns its reads at half
    // precision, so there a 1e-7 difference in UV can move the result by one fp16 step (2^-11
    // at 0.5..1); desktop GL reads at full precision.
    EXPECT_LT(worst, ctx->caps().es ? 1e-3f : 1e-5f) << "step " << step;
    EXPECT_GT(spread, 0.5f);  // the picture is the warped ramp, not a constant
  }
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

INSTANTIATE_TEST_SUITE_P(Apis, WarpPassGl, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
