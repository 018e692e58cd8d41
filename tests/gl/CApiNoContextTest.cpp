// Render calls on a thread where the host's context is not current, after the engine has already
// made its GL objects: the call must refuse with PHOSPHENE_ERROR_NO_CONTEXT and a clear last error.
// Before gl::hasCurrentContext, such a call went on into GL: calls whose entry points libepoxy
// had resolved were silently dropped by the driver, and the first one it had not aborted the
// host inside libepoxy ("Couldn't find current GLX or EGL context"). And the check must not
// refuse a context that is current.
#include <gtest/gtest.h>

#include <phosphene/phosphene.h>

#include <cstdint>
#include <string>
#include <thread>

#include "CApiFrames.hpp"
#include "GlTestContext.hpp"
#include "gl/CurrentContext.hpp"
#include "gl/Gl.hpp"
// After gl/Gl.hpp: epoxy's EGL header, which agrees with its GL one (<EGL/egl.h> does not);
// a GLES-only build (PHOSPHENE_GLES_ONLY) has no epoxy and takes EGL's own, linked by the test.
#if defined(PHOSPHENE_GL_EPOXY)
#include <epoxy/egl.h>
#else
#include <EGL/egl.h>
#endif

namespace phosphene::gltest {
namespace {

using platform::GlApi;

constexpr const char* kPreset =
    "[preset00]\nzoom=1.02\nwave_mode=2\nper_frame_1=wave_r = 0.5 + 0.5*sin(time);\n";

// A warp shader reading a noise volume and blur1: the first frame with it makes GL objects (3D
// textures, sampler objects, blur targets) whose entry points libepoxy has not resolved yet.
constexpr const char* kShaderPreset =
    "[preset00]\nMILKDROP_PRESET_VERSION=201\nPSVERSION=2\nPSVERSION_WARP=2\n"
    "PSVERSION_COMP=2\nwarp_1=`shader_body {\n"
    "warp_2=`ret = tex3D(sampler_noisevol_hq, float3(uv, time)).xyz * 0.5 +\n"
    "warp_3=`GetBlur1(uv) * 0.5;\nwarp_4=`}\n";

struct Engine {
  phosphene_engine* engine = nullptr;
  Engine() {
    phosphene_engine_desc desc;
    phosphene_engine_desc_init(&desc);
    desc.log_min_level = PHOSPHENE_LOG_ERROR;
    EXPECT_EQ(phosphene_engine_create(&desc, &engine), PHOSPHENE_OK);
    EXPECT_EQ(loadTextNow(engine, kPreset), PHOSPHENE_OK);
    EXPECT_EQ(phosphene_engine_set_drawable_size(engine, 32, 24), PHOSPHENE_OK);
  }
  ~Engine() { phosphene_engine_destroy(engine); }
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
};

// A framebuffer of the host's, so the calls have somewhere real to draw.
struct HostFramebuffer {
  GLuint texture = 0, fbo = 0;
  HostFramebuffer() {
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 32, 24, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindTexture(GL_TEXTURE_2D, 0);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  }
  ~HostFramebuffer() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &texture);
  }
  HostFramebuffer(const HostFramebuffer&) = delete;
  HostFramebuffer& operator=(const HostFramebuffer&) = delete;
};

class CApiNoContext : public ::testing::TestWithParam<GlApi> {};

TEST_P(CApiNoContext, RenderOnAThreadWithoutTheContextRefusesAfterTheEngineHasGlObjects) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Engine e;
  HostFramebuffer host;
  EXPECT_TRUE(gl::hasCurrentContext());
  ASSERT_EQ(phosphene_engine_render(e.engine, 0.0, nullptr), PHOSPHENE_OK)
      << phosphene_engine_last_error(e.engine);

  // A shader preset: its first frame needs GL entry points not used so far.
  ASSERT_EQ(loadTextNow(e.engine, kShaderPreset), PHOSPHENE_OK)
      << phosphene_engine_last_error(e.engine);

  struct Outcome {
    bool current = true;
    phosphene_result bound{}, framebuffer{}, texture{}, advance{}, draw{};
    std::string error;
    uint64_t framesBefore = 0, framesAfter = 0;
  } outcome;
  std::thread([&] {
    outcome.current = gl::hasCurrentContext();
    phosphene_engine_get_time(e.engine, nullptr, &outcome.framesBefore);
    outcome.bound = phosphene_engine_render(e.engine, 0.0, nullptr);
    outcome.framebuffer = renderTo(e.engine, host.fbo, 32, 24);
    outcome.texture = renderToTexture(e.engine, host.texture, 32, 24);
    outcome.error = phosphene_engine_last_error(e.engine);
    phosphene_engine_get_time(e.engine, nullptr, &outcome.framesAfter);
    // advance needs no context (it steps the shader preset); only the draw does.
    outcome.advance = phosphene_engine_advance(e.engine, 0.0);
    const phosphene_render_target t = framebufferTarget(host.fbo, 32, 24);
    outcome.draw = phosphene_engine_draw(e.engine, &t);
  }).join();
  EXPECT_FALSE(outcome.current);
  EXPECT_EQ(outcome.bound, PHOSPHENE_ERROR_NO_CONTEXT);
  EXPECT_EQ(outcome.framebuffer, PHOSPHENE_ERROR_NO_CONTEXT);
  EXPECT_EQ(outcome.texture, PHOSPHENE_ERROR_NO_CONTEXT);
  EXPECT_EQ(outcome.error, "phosphene_engine_render: no GL context is current on this thread");
  EXPECT_EQ(outcome.framesAfter, outcome.framesBefore) << "a refused render advanced the frame";
  EXPECT_EQ(outcome.advance, PHOSPHENE_OK);
  EXPECT_EQ(outcome.draw, PHOSPHENE_ERROR_NO_CONTEXT);

  // Back on the context's thread the same engine draws the frame advanced over there, and
  // renders on.
  const phosphene_render_target t = framebufferTarget(host.fbo, 32, 24);
  EXPECT_EQ(phosphene_engine_draw(e.engine, &t), PHOSPHENE_OK)
      << phosphene_engine_last_error(e.engine);
  EXPECT_EQ(renderTo(e.engine, host.fbo, 32, 24), PHOSPHENE_OK)
      << phosphene_engine_last_error(e.engine);
  EXPECT_TRUE(context->debugErrors().empty()) << context->debugErrors().front();
}

// A host that binds the other EGL client API after making its context current still has that
// context current (EGL 1.5 shares one slot for GL and ES; EGL 1.4 keeps one per API, which the
// check also looks through), and rendering must go on.
TEST_P(CApiNoContext, AContextCurrentUnderTheOtherBoundApiStillCounts) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Engine e;
  HostFramebuffer host;
  const EGLenum bound = eglQueryAPI();
  const EGLenum other = bound == EGL_OPENGL_API ? EGL_OPENGL_ES_API : EGL_OPENGL_API;
  ASSERT_EQ(eglBindAPI(other), EGL_TRUE);
  EXPECT_TRUE(gl::hasCurrentContext());
  EXPECT_EQ(eglQueryAPI(), other) << "the check must leave the bound API as it found it";
  EXPECT_EQ(renderTo(e.engine, host.fbo, 32, 24), PHOSPHENE_OK)
      << phosphene_engine_last_error(e.engine);
  eglBindAPI(bound);
}

INSTANTIATE_TEST_SUITE_P(Api, CApiNoContext, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
