// apps/platform/HeadlessContext: the EGL contexts every GL test and the CLI renderer stand on.
#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <thread>
#include <vector>

#include "HeadlessContext.hpp"
#include "gl/Capabilities.hpp"
#include "gl/Framebuffer.hpp"
#include "gl/Gl.hpp"

namespace phosphene::platform {
namespace {

// Skips the test when there is no EGL display at all; fails on any other error.
#define CREATE_OR_SKIP(var, options)                                             \
  auto var = HeadlessContext::create(options);                                   \
  if (!var && var.diagnostics().front().id == core::DiagnosticId::GlUnavailable) \
    GTEST_SKIP() << var.diagnostics().front().format();                          \
  ASSERT_TRUE(var.ok()) << var.diagnostics().front().format()

// Clears a small FBO to a colour and reads one pixel back: the context really renders.
std::array<std::uint8_t, 4> clearAndRead(float r, float g, float b) {
  auto fb = gl::Framebuffer::create({4, 4});
  EXPECT_TRUE(fb.ok());
  if (!fb) return {};
  fb->bind();
  glClearColor(r, g, b, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  std::vector<std::uint8_t> pixels;
  fb->readRgba8(pixels);
  return {pixels[0], pixels[1], pixels[2], pixels[3]};
}

TEST(HeadlessContext, SurfacelessCoreAndEsContextsCoexist) {
  HeadlessOptions core33;
  core33.display = EglDisplayChoice::Surfaceless;
  CREATE_OR_SKIP(a, core33);
  EXPECT_NE(a->description().find("surfaceless"), std::string::npos) << a->description();
  HeadlessOptions es;
  es.api = GlApi::Es30;
  es.display = EglDisplayChoice::Surfaceless;
  CREATE_OR_SKIP(b, es);

  ASSERT_TRUE(a->makeCurrent());
  auto capsA = gl::probeCapabilities();
  ASSERT_TRUE(capsA.ok());
  EXPECT_FALSE(capsA->es);
  EXPECT_EQ(clearAndRead(1, 0, 0), (std::array<std::uint8_t, 4>{255, 0, 0, 255}));

  ASSERT_TRUE(b->makeCurrent());
  auto capsB = gl::probeCapabilities();
  ASSERT_TRUE(capsB.ok());
  EXPECT_TRUE(capsB->es);
  EXPECT_EQ(clearAndRead(0, 0, 1), (std::array<std::uint8_t, 4>{0, 0, 255, 255}));
  EXPECT_EQ(b->api(), GlApi::Es30);
}

TEST(HeadlessContext, SurvivesAMove) {
  CREATE_OR_SKIP(ctx, HeadlessOptions{});
  HeadlessContext moved = std::move(*ctx);
  ASSERT_TRUE(moved.makeCurrent());
  EXPECT_EQ(clearAndRead(0, 1, 0), (std::array<std::uint8_t, 4>{0, 255, 0, 255}));
  EXPECT_FALSE(ctx->makeCurrent());  // the moved-from object owns nothing
}

TEST(HeadlessContext, DefaultDisplayWithPbufferFallback) {
  // The path taken where Mesa's surfaceless platform is missing. Without X or Wayland, Mesa's
  // default display may itself be unavailable: that is a skip, not a failure.
  HeadlessOptions o;
  o.display = EglDisplayChoice::DefaultWithPbuffer;
  CREATE_OR_SKIP(ctx, o);
  EXPECT_NE(ctx->description().find("pbuffer"), std::string::npos) << ctx->description();
  EXPECT_EQ(clearAndRead(1, 1, 0), (std::array<std::uint8_t, 4>{255, 255, 0, 255}));
}

TEST(HeadlessContext, NoContextCurrentIsReportedByTheProbe) {
  // A thread with no current context: the probe reports GL001 instead of crashing.
  std::optional<core::Expected<gl::Capabilities>> caps;
  std::thread([&] { caps.emplace(gl::probeCapabilities()); }).join();
  ASSERT_TRUE(caps.has_value());
  if (caps->ok()) GTEST_SKIP() << "this EGL makes a context current on new threads";
  EXPECT_EQ(caps->diagnostics().front().id, core::DiagnosticId::GlUnavailable);
}

}  // namespace
}  // namespace phosphene::platform
