// cli::SpectrumView (render --diagnostic) on GL 3.3 core and GL ES 3.0: a golden image of a
// fixed analysis frame, and the properties that do not need a golden.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "GlTestContext.hpp"
#include "GoldenImage.hpp"
#include "SpectrumView.hpp"
#include "gl/Framebuffer.hpp"

namespace phosphene::gltest {
namespace {

using cli::SpectrumViewInput;
using platform::GlApi;

// A made-up but music-like frame: falling spectrum with a bump at ~1 kHz, two sine waveforms,
// loud bass, quiet treble, a beat.
std::unique_ptr<SpectrumViewInput> fixedFrame() {
  auto in = std::make_unique<SpectrumViewInput>();
  for (int c = 0; c < 2; ++c) {
    for (int i = 0; i < SpectrumViewInput::kWaveformSamples; ++i) {
      const double t = static_cast<double>(i) / SpectrumViewInput::kWaveformSamples;
      in->waveform[c][i] = static_cast<float>(
          (c == 0 ? 70.0 : 45.0) * std::sin(2 * std::numbers::pi * (c == 0 ? 3.0 : 5.0) * t));
    }
    for (int b = 0; b < SpectrumViewInput::kSpectrumBins; ++b) {
      const double bump = std::exp(-0.5 * std::pow((b - 24.0) / 4.0, 2));
      in->spectrum[c][b] = static_cast<float>(1.5 / (1.0 + b / 4.0) + 0.4 * bump);
    }
  }
  in->bass = 1.6f;
  in->mid = 0.9f;
  in->treb = 0.4f;
  in->bassAtt = 1.2f;
  in->midAtt = 1.0f;
  in->trebAtt = 0.6f;
  in->beat = true;
  return in;
}

class SpectrumViewGl : public ::testing::TestWithParam<GlApi> {
 protected:
  platform::RgbaImage draw(const SpectrumViewInput& in, int w, int h, cli::SpectrumView& view) {
    auto fb = gl::Framebuffer::create({w, h});
    EXPECT_TRUE(fb.ok());
    if (!fb) return {};
    fb->bind();
    const auto errors = view.draw(in, w, h);
    EXPECT_TRUE(errors.empty()) << errors.front().format();
    return readFramebuffer(*fb);
  }
};

TEST_P(SpectrumViewGl, FixedFrameMatchesGolden) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  auto view = cli::SpectrumView::create();
  ASSERT_TRUE(view.ok()) << view.diagnostics().front().format();
  const auto image = draw(*fixedFrame(), 160, 120, *view);
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
  // Thin extruded waveform lines make edge pixels the most fragile part across Mesa versions.
  const auto result = compareWithGolden("spectrum_view", image, {40.0, 0.99});
  EXPECT_TRUE(result.passed) << result.message;
}

TEST_P(SpectrumViewGl, SameInputSamePixelsAndBeatLampResponds) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  auto view = cli::SpectrumView::create();
  ASSERT_TRUE(view.ok());
  auto in = fixedFrame();
  const auto a = draw(*in, 96, 72, *view);
  const auto b = draw(*in, 96, 72, *view);
  EXPECT_EQ(a.pixels, b.pixels);  // no state carried between frames
  in->beat = false;
  const auto c = draw(*in, 96, 72, *view);
  EXPECT_NE(a.pixels, c.pixels);
  // The lamp sits top right (x 0.68..0.95, y 0.84..0.95 in NDC): bright on a beat, dim without.
  const auto* lit = a.at(87, 4);
  const auto* dim = c.at(87, 4);
  EXPECT_GT(lit[0] + lit[1], 400);
  EXPECT_LT(dim[0] + dim[1], 150);
}

TEST_P(SpectrumViewGl, NonFiniteInputDrawsWithoutErrors) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  auto view = cli::SpectrumView::create();
  ASSERT_TRUE(view.ok());
  auto in = fixedFrame();
  in->spectrum[0][3] = std::nanf("");
  in->waveform[1][10] = INFINITY;
  in->bass = -INFINITY;
  in->treb = 1e30f;
  const auto image = draw(*in, 64, 48, *view);
  EXPECT_EQ(image.width, 64);
  EXPECT_TRUE(ctx->debugErrors().empty());
}

INSTANTIATE_TEST_SUITE_P(Api, SpectrumViewGl, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
