// Rendering through the public C API, as a host does: presets from files and text, into a host
// framebuffer and a host texture, GL state restored, two engines side by side, resizes.
#include <gtest/gtest.h>

#include <phosphene/phosphene.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "BeatAudio.hpp"
#include "CApiFrames.hpp"
#include "GlTestContext.hpp"
#include "HostTarget.hpp"
#include "PngImage.hpp"
#include "gl/Gl.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;

const std::string kPresetDir = PHOSPHENE_SOURCE_DIR "/presets/";

struct EngineHandle {
  phosphene_engine* engine = nullptr;
  explicit EngineHandle(uint64_t seed = 1) {
    phosphene_engine_desc desc;
    phosphene_engine_desc_init(&desc);
    desc.fps = 30.0;
    desc.seed = seed;
    desc.log_min_level = PHOSPHENE_LOG_ERROR;
    EXPECT_EQ(phosphene_engine_create(&desc, &engine), PHOSPHENE_OK);
  }
  ~EngineHandle() { phosphene_engine_destroy(engine); }
  EngineHandle(const EngineHandle&) = delete;
  EngineHandle& operator=(const EngineHandle&) = delete;
};

double meanRgb(const platform::RgbaImage& image) {
  double sum = 0;
  for (std::size_t i = 0; i < image.pixels.size(); i += 4)
    sum += image.pixels[i] + image.pixels[i + 1] + image.pixels[i + 2];
  return sum / (3.0 * image.width * image.height);
}

double meanAbsDiff(const platform::RgbaImage& a, const platform::RgbaImage& b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.pixels.size(); ++i)
    sum += std::abs(static_cast<int>(a.pixels[i]) - static_cast<int>(b.pixels[i]));
  return sum / static_cast<double>(a.pixels.size());
}

void savePng(const std::string& name, const platform::RgbaImage& image) {
  std::string error;
  platform::writePng(std::string(PHOSPHENE_BINARY_DIR) + "/" + name + ".png", image, error);
}

class CApiRenderGl : public ::testing::TestWithParam<GlApi> {};

TEST_P(CApiRenderGl, OurPresetsDrawANonBlackChangingImageIntoAHostFramebuffer) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  for (const char* name : {"phosphene-aurora", "phosphene-tunnel", "phosphene-starfield"}) {
    SCOPED_TRACE(name);
    EngineHandle e;
    ASSERT_EQ(loadFileNow(e.engine, kPresetDir + name + ".milk"), PHOSPHENE_OK)
        << phosphene_engine_last_error(e.engine);
    HostTarget target(64, 48);
    platform::RgbaImage early, late;
    for (int frame = 0; frame < 24; ++frame) {
      feedBeatAudio(e.engine, frame);
      ASSERT_EQ(renderTo(e.engine, target.fbo, 64, 48), PHOSPHENE_OK)
          << phosphene_engine_last_error(e.engine);
      if (frame == 11) early = target.read();
    }
    late = target.read();
    savePng(std::string("capi_") + name + "_" + (GetParam() == GlApi::Es30 ? "es3" : "gl33"), late);
    EXPECT_GT(meanRgb(late), 8.0) << "the preset drew (almost) nothing";
    EXPECT_GT(meanAbsDiff(early, late), 1.0) << "the image does not change over time";
    EXPECT_TRUE(context->debugErrors().empty()) << context->debugErrors().front();
  }
}

TEST_P(CApiRenderGl, RendersIntoAHostTextureAndRestoresHostState) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  EngineHandle e;
  ASSERT_EQ(loadFileNow(e.engine, kPresetDir + "phosphene-tunnel.milk"), PHOSPHENE_OK);
  HostTarget target(64, 48);
  HostTarget other(8, 8);
  glBindFramebuffer(GL_FRAMEBUFFER, other.fbo);
  glViewport(1, 2, 3, 4);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);
  glEnable(GL_SCISSOR_TEST);
  glActiveTexture(GL_TEXTURE2);
  for (int frame = 0; frame < 8; ++frame) {
    feedBeatAudio(e.engine, frame);
    ASSERT_EQ(renderToTexture(e.engine, target.texture, 64, 48), PHOSPHENE_OK)
        << phosphene_engine_last_error(e.engine);
  }
  GLint fbo = 0, viewport[4] = {}, active = 0, src = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &fbo);
  glGetIntegerv(GL_VIEWPORT, viewport);
  glGetIntegerv(GL_ACTIVE_TEXTURE, &active);
  glGetIntegerv(GL_BLEND_SRC_RGB, &src);
  EXPECT_EQ(static_cast<GLuint>(fbo), other.fbo);
  EXPECT_EQ(viewport[0], 1);
  EXPECT_EQ(viewport[3], 4);
  EXPECT_EQ(active, GL_TEXTURE2);
  EXPECT_TRUE(glIsEnabled(GL_BLEND));
  EXPECT_TRUE(glIsEnabled(GL_SCISSOR_TEST));
  EXPECT_EQ(src, GL_ONE);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glActiveTexture(GL_TEXTURE0);
  EXPECT_GT(meanRgb(target.read()), 8.0);
}

TEST_P(CApiRenderGl, RenderDrawsIntoTheBoundFramebufferAtTheDrawableSize) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  EngineHandle e;
  ASSERT_EQ(loadFileNow(e.engine, kPresetDir + "phosphene-aurora.milk"), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_render(e.engine, 0.0, nullptr), PHOSPHENE_ERROR_INVALID_ARGUMENT)
      << "drawable size not set yet";
  HostTarget small(64, 48), large(96, 72);
  ASSERT_EQ(phosphene_engine_set_drawable_size(e.engine, 64, 48), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_engine_set_mesh_size(e.engine, 16, 12), PHOSPHENE_OK);
  for (int frame = 0; frame < 12; ++frame) {
    feedBeatAudio(e.engine, frame);
    glBindFramebuffer(GL_FRAMEBUFFER, small.fbo);
    ASSERT_EQ(phosphene_engine_render(e.engine, 0.0, nullptr), PHOSPHENE_OK)
        << phosphene_engine_last_error(e.engine);
  }
  // Resize between frames: the canvas is reallocated and keeps drawing.
  ASSERT_EQ(phosphene_engine_set_drawable_size(e.engine, 96, 72), PHOSPHENE_OK);
  for (int frame = 12; frame < 24; ++frame) {
    feedBeatAudio(e.engine, frame);
    glBindFramebuffer(GL_FRAMEBUFFER, large.fbo);
    ASSERT_EQ(phosphene_engine_render(e.engine, 0.0, nullptr), PHOSPHENE_OK)
        << phosphene_engine_last_error(e.engine);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  EXPECT_GT(meanRgb(small.read()), 8.0);
  EXPECT_GT(meanRgb(large.read()), 8.0);
  savePng("capi_resized", large.read());
}

TEST_P(CApiRenderGl, TwoEnginesRenderIndependently) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  // Reference: engine A alone.
  platform::RgbaImage alone;
  {
    EngineHandle a(7);
    ASSERT_EQ(loadFileNow(a.engine, kPresetDir + "phosphene-aurora.milk"), PHOSPHENE_OK);
    HostTarget target(64, 48);
    for (int frame = 0; frame < 10; ++frame) {
      feedBeatAudio(a.engine, frame);
      ASSERT_EQ(renderTo(a.engine, target.fbo, 64, 48), PHOSPHENE_OK);
    }
    alone = target.read();
  }
  // The same engine interleaved with a second one running another preset and other audio.
  EngineHandle a(7), b(99);
  ASSERT_EQ(loadFileNow(a.engine, kPresetDir + "phosphene-aurora.milk"), PHOSPHENE_OK);
  ASSERT_EQ(loadFileNow(b.engine, kPresetDir + "phosphene-tunnel.milk"), PHOSPHENE_OK);
  HostTarget ta(64, 48), tb(64, 48);
  for (int frame = 0; frame < 10; ++frame) {
    feedBeatAudio(a.engine, frame);
    feedBeatAudio(b.engine, frame + 3);
    ASSERT_EQ(renderTo(b.engine, tb.fbo, 64, 48), PHOSPHENE_OK);
    ASSERT_EQ(renderTo(a.engine, ta.fbo, 64, 48), PHOSPHENE_OK);
  }
  const platform::RgbaImage withOther = ta.read();
  EXPECT_EQ(withOther.pixels, alone.pixels) << "engine B changed what engine A draws";
  EXPECT_GT(meanAbsDiff(withOther, tb.read()), 1.0);
}

// Polls until the event of `type` for `request`; its diagnostics stay readable until the next poll.
bool findEvent(phosphene_engine* engine, uint64_t request, phosphene_event_type type,
               phosphene_event& out) {
  phosphene_event_init(&out);
  while (phosphene_engine_poll_event(engine, &out) == 1)
    if (out.type == type && out.request_id == request) return true;
  return false;
}

TEST_P(CApiRenderGl, BadPresetTextFailsWithDiagnosticsAndTheEngineStaysUsable) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  EngineHandle e;
  HostTarget target(64, 48);
  // No preset is no error: the frame is black.
  EXPECT_EQ(renderTo(e.engine, target.fbo, 64, 48), PHOSPHENE_OK)
      << phosphene_engine_last_error(e.engine);
  EXPECT_LT(meanRgb(target.read()), 1.0);
  const std::string junk = "this is not a preset\n";
  uint64_t request = 0;
  // The wait for the load already says it failed; the event says why.
  ASSERT_EQ(loadTextNow(e.engine, junk, "junk", &request), PHOSPHENE_ERROR_PRESET_INVALID);
  EXPECT_EQ(renderTo(e.engine, target.fbo, 64, 48), PHOSPHENE_OK);
  phosphene_event ev;
  ASSERT_TRUE(findEvent(e.engine, request, PHOSPHENE_EVENT_PRESET_LOAD_FAILED, ev));
  ASSERT_GE(ev.diagnostic_count, 1u);
  EXPECT_STREQ(ev.diagnostic_id, "PRE004");
  phosphene_diagnostic d;
  phosphene_diagnostic_init(&d);
  ASSERT_EQ(phosphene_engine_event_diagnostic(e.engine, 0, &d), PHOSPHENE_OK);
  EXPECT_STREQ(d.id, "PRE004");
  EXPECT_EQ(phosphene_engine_current_preset_diagnostic_count(e.engine), 0u);  // none runs
  ASSERT_EQ(loadFileNow(e.engine, "/nonexistent/x.milk", &request), PHOSPHENE_ERROR_IO);
  EXPECT_EQ(renderTo(e.engine, target.fbo, 64, 48), PHOSPHENE_OK);
  ASSERT_TRUE(findEvent(e.engine, request, PHOSPHENE_EVENT_PRESET_LOAD_FAILED, ev));
  EXPECT_STREQ(ev.diagnostic_id, "IO001");
  EXPECT_STREQ(ev.path, "/nonexistent/x.milk");

  // Partly broken code: the broken block is left out and reported; the rest draws.
  const std::string partly =
      "[preset00]\nfDecay=0.9\nzoom=1.02\nwave_r=1\nwave_g=1\nwave_b=1\nfWaveAlpha=1\n"
      "nWaveMode=0\nper_frame_1=wave_r = 0.5 + 0.5*sin(time;\n"
      "per_pixel_1=rot = 0.01;\n";
  ASSERT_EQ(loadTextNow(e.engine, partly, "partly"), PHOSPHENE_OK);
  for (int frame = 0; frame < 6; ++frame) {
    feedBeatAudio(e.engine, frame);
    ASSERT_EQ(renderTo(e.engine, target.fbo, 64, 48), PHOSPHENE_OK)
        << phosphene_engine_last_error(e.engine);
  }
  EXPECT_STREQ(phosphene_engine_current_preset_name(e.engine), "partly");
  const uint32_t count = phosphene_engine_current_preset_diagnostic_count(e.engine);
  bool sawError = false;
  for (uint32_t i = 0; i < count; ++i) {
    ASSERT_EQ(phosphene_engine_current_preset_diagnostic(e.engine, i, &d), PHOSPHENE_OK);
    if (d.severity == PHOSPHENE_LOG_ERROR) sawError = true;
  }
  EXPECT_TRUE(sawError);
  EXPECT_GT(meanRgb(target.read()), 1.0) << "the built-in wave should still draw";

  // A later failure leaves the drawn preset, its diagnostics and its picture.
  ASSERT_EQ(loadTextNow(e.engine, junk, "junk again", &request), PHOSPHENE_ERROR_PRESET_INVALID);
  feedBeatAudio(e.engine, 6);
  ASSERT_EQ(renderTo(e.engine, target.fbo, 64, 48), PHOSPHENE_OK);
  ASSERT_TRUE(findEvent(e.engine, request, PHOSPHENE_EVENT_PRESET_LOAD_FAILED, ev));
  EXPECT_STREQ(ev.diagnostic_id, "PRE004");
  EXPECT_STREQ(phosphene_engine_current_preset_name(e.engine), "partly");
  EXPECT_EQ(phosphene_engine_current_preset_diagnostic_count(e.engine), count);
  EXPECT_GT(meanRgb(target.read()), 1.0);
}

INSTANTIATE_TEST_SUITE_P(Apis, CApiRenderGl, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
