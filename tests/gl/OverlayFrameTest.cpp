// All four overlay passes in one synthetic frame, in the Renderer's order (spec §4.1: motion
// vectors, then shapes, custom waves + built-in wave, sprites), compared with a golden image; and
// a busy frame at 640×480 whose per-pass draw times are printed (never asserted).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "GlTestContext.hpp"
#include "OverlayTestCanvas.hpp"
#include "preset/BuiltinWaveform.hpp"
#include "preset/WarpMesh.hpp"
#include "render/MotionVectorPass.hpp"
#include "render/ShapePass.hpp"
#include "render/SpritePass.hpp"
#include "render/WavePass.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;
constexpr double kPi = std::numbers::pi;

struct Passes {
  render::MotionVectorPass motion;
  render::ShapePass shapes;
  render::WavePass waves;
  render::SpritePass sprites;

  bool init(gl::GlslDialect d) {
    for (const auto& diags : {motion.init(d), shapes.init(d), waves.init(d), sprites.init(d)}) {
      EXPECT_TRUE(diags.empty()) << diags.front().format();
      if (!diags.empty()) return false;
    }
    return true;
  }
};

// The "previous canvas" textured shapes read: diagonal colour bands.
gl::Texture2D stripeTexture(int w, int h) {
  std::vector<std::uint8_t> px(static_cast<std::size_t>(w) * h * 4);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      std::uint8_t* p = &px[(static_cast<std::size_t>(y) * w + x) * 4];
      const int band = ((x + y) * 8 / w) % 3;
      p[0] = band == 0 ? 255 : 40;
      p[1] = band == 1 ? 255 : 40;
      p[2] = band == 2 ? 255 : 40;
      p[3] = 255;
    }
  auto tex = gl::Texture2D::create({w, h});
  EXPECT_TRUE(tex.ok());
  tex->uploadRgba8(px.data());
  return std::move(*tex);
}

preset::ShapeInstance shape(int sides, double x, double y, double rad) {
  preset::ShapeInstance s;
  s.sides = sides, s.x = x, s.y = y, s.rad = rad;
  return s;
}

/// A frame with every feature; `busy` multiplies the counts for the timing run.
preset::FrameState syntheticFrame(int w, int h, bool busy) {
  preset::FrameState f;
  const auto aspect = preset::aspectFactors(w, h);

  // Motion vectors: a grid of short vectors pointing away from the centre.
  const int nx = busy ? 64 : 12, ny = busy ? 48 : 9;
  f.motionVectors.colour = {0.6f, 0.6f, 1.0f, 0.8f};
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const float x = (i + 0.5f) / nx * 2 - 1, y = (j + 0.5f) / ny * 2 - 1;
      f.motionVectors.segments.push_back({x, y});
      f.motionVectors.segments.push_back({x * 1.06f, y * 1.06f});
    }

  // Shape 0: gradient hexagon with a thick white border, upper left.
  auto hex = shape(6, 0.28, 0.7, 0.17);
  hex.r = 1, hex.g = 0.2, hex.b = 0.1, hex.a = 1;
  hex.r2 = 0.1, hex.g2 = 0.2, hex.b2 = 1, hex.a2 = 0.3;
  hex.borderR = hex.borderG = hex.borderB = 1, hex.borderA = 1, hex.thickOutline = true;
  // Shape 1: textured square, upper right, zoomed and turned texture.
  auto tex = shape(4, 0.72, 0.68, 0.22);
  tex.textured = true, tex.texZoom = 1.5, tex.texAng = 0.4, tex.ang = 0.2;
  tex.r = tex.g = tex.b = tex.a = 1, tex.r2 = tex.g2 = tex.b2 = tex.a2 = 1;
  tex.borderA = 0;
  // Shape 2: additive triangles across the bottom; overlaps brighten.
  std::vector<preset::ShapeInstance> tris;
  const int triCount = busy ? 250 : 6;
  for (int k = 0; k < triCount; ++k) {
    auto t = shape(3 + (busy ? k % 10 : 0), 0.15 + 0.7 * k / std::max(1, triCount - 1), 0.2, 0.09);
    t.additive = true, t.ang = 0.5 * k;
    t.r = 0.2, t.g = 0.9, t.b = 0.3, t.a = 0.6, t.r2 = 0, t.g2 = 0.3, t.b2 = 0.9, t.a2 = 0.2;
    t.borderA = busy && k % 2 ? 0.5 : 0.0, t.thickOutline = k % 4 == 1;
    tris.push_back(t);
  }
  f.customShapes[0].instances.assign(busy ? 250 : 1, hex);
  f.customShapes[1].instances.assign(busy ? 250 : 1, tex);
  f.customShapes[2].instances = tris;
  if (busy) f.customShapes[3].instances = tris;

  // Custom waves: a thick cyan sine, a yellow dotted circle, an additive magenta zigzag, and (busy)
  // a fourth plain line. 512 points each when busy.
  const int n = busy ? 512 : 96;
  auto& sine = f.customWaves[0];
  auto& ring = f.customWaves[1];
  auto& zig = f.customWaves[2];
  sine.visible = ring.visible = zig.visible = true;
  sine.thick = true;
  ring.dots = true;
  zig.additive = true;
  for (int i = 0; i < n; ++i) {
    const float t = static_cast<float>(i) / static_cast<float>(n - 1);
    sine.points.push_back({t * 1.8f - 0.9f,
                           -0.25f + 0.15f * std::sin(t * 6 * static_cast<float>(kPi)),
                           {0.2f, 1, 1, 1}});
    const float a = t * 2 * static_cast<float>(kPi);
    ring.points.push_back(
        {0.5f * std::cos(a) * aspect.aspectY, 0.5f * std::sin(a), {1, 1, 0.2f, 1}});
    zig.points.push_back(
        {t * 1.6f - 0.8f, 0.05f + ((i / 8) % 2 ? 0.08f : -0.08f), {1, 0.2f, 1, 0.7f}});
  }
  if (busy) {
    f.customWaves[3] = sine;
    f.customWaves[3].thick = false;
  }

  // Built-in wave: mode 0 (the circle) from a synthetic stereo signal, as the preset stage builds
  // it.
  std::vector<float> left(preset::kAudioSamplesPerFrame), right(left.size());
  for (std::size_t i = 0; i < left.size(); ++i) {
    const double t = static_cast<double>(i) / static_cast<double>(left.size());
    left[i] = static_cast<float>(0.3 * std::sin(2 * kPi * 4 * t));
    right[i] = static_cast<float>(0.12 * std::sin(2 * kPi * 7 * t));
  }
  preset::BuiltinWaveParams p;
  p.mode = busy ? 7 : 0;
  p.r = 1, p.g = 0.5, p.b = 0.1, p.a = 0.9;
  p.thick = busy ? 1.0 : 0.0;
  p.time = 2.0;
  p.canvasWidth = w, p.canvasHeight = h;
  p.aspectX = aspect.aspectX, p.aspectY = aspect.aspectY;
  preset::BuiltinWaveform builder;
  builder.build(p, left, right, f.builtinWave);

  // Sprites: darken centre, an orange outer border and a half-transparent green inner one.
  f.vars.darkenCenter = 1;
  f.vars.obSize = 0.03, f.vars.obR = 1, f.vars.obG = 0.5, f.vars.obB = 0, f.vars.obA = 1;
  f.vars.ibSize = 0.03, f.vars.ibR = 0, f.vars.ibG = 1, f.vars.ibB = 0.3, f.vars.ibA = 0.5;
  return f;
}

class OverlayFrameGl : public ::testing::TestWithParam<GlApi> {};

TEST_P(OverlayFrameGl, AllPassesInOneFrameMatchGolden) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  constexpr int w = 160, h = 120;
  Passes passes;
  ASSERT_TRUE(passes.init(ctx->caps().dialect()));
  const auto previous = stripeTexture(w, h);
  auto canvas = makeCanvas(w, h, ctx->caps().dialect());
  ASSERT_TRUE(canvas);
  canvas->info.previousCanvas = &previous;
  const auto frame = syntheticFrame(w, h, false);
  canvas->bindAndClear(0.08f, 0.08f, 0.12f);
  passes.motion.draw(frame, canvas->info);
  passes.shapes.draw(frame, canvas->info);
  passes.waves.draw(frame, canvas->info);
  passes.sprites.draw(frame, canvas->info);
  for (const auto* errs : {&passes.motion.lastErrors(), &passes.shapes.lastErrors(),
                           &passes.waves.lastErrors(), &passes.sprites.lastErrors()})
    EXPECT_TRUE(errs->empty()) << errs->front().format();
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
  // 1-pixel lines and dots: a rasteriser change moves single pixels, so allow edge noise.
  const auto result = compareWithGolden("overlay_passes", canvas->read(), {38.0, 0.97});
  EXPECT_TRUE(result.passed) << result.message;
}

double medianMs(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Prints ms per draw (CPU submit + glFinish) of each pass for a busy frame at 640×480: 4 shapes ×
// 250 instances, 4 custom waves × 512 points, the thick mode-7 built-in wave, 64×48 motion
// vectors, darken centre and both borders. Measured, never asserted.
TEST_P(OverlayFrameGl, PrintsDrawTimesOfABusyFrame) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  constexpr int w = 640, h = 480, runs = 9;
  Passes passes;
  ASSERT_TRUE(passes.init(ctx->caps().dialect()));
  const auto previous = stripeTexture(w, h);
  auto canvas = makeCanvas(w, h, ctx->caps().dialect());
  ASSERT_TRUE(canvas);
  canvas->info.previousCanvas = &previous;
  const auto frame = syntheticFrame(w, h, true);
  canvas->bindAndClear(0.08f, 0.08f, 0.12f);
  std::vector<double> times[4];
  auto timed = [](std::vector<double>& out, auto&& fn) {
    glFinish();
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    glFinish();
    out.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  };
  for (int r = 0; r < runs; ++r) {
    timed(times[0], [&] { passes.motion.draw(frame, canvas->info); });
    timed(times[1], [&] { passes.shapes.draw(frame, canvas->info); });
    timed(times[2], [&] { passes.waves.draw(frame, canvas->info); });
    timed(times[3], [&] { passes.sprites.draw(frame, canvas->info); });
  }
  EXPECT_TRUE(passes.shapes.lastErrors().empty());
  EXPECT_TRUE(passes.waves.lastErrors().empty());
  std::printf(
      "[overlay 640x480 %s, %s] median ms/draw over %d: motion vectors %.3f, shapes %.3f, "
      "waves %.3f, sprites %.3f\n",
      GetParam() == GlApi::Es30 ? "es3" : "gl33", ctx->caps().renderer.c_str(), runs,
      medianMs(times[0]), medianMs(times[1]), medianMs(times[2]), medianMs(times[3]));
}

INSTANTIATE_TEST_SUITE_P(Api, OverlayFrameGl, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
