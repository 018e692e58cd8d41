// render::Renderer: whole frames in MD2's order from synthetic FrameStates (golden images),
// render-to-texture, canvas resizes, and the host GL state the call must restore.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "GlTestContext.hpp"
#include "GoldenImage.hpp"
#include "SyntheticFrame.hpp"
#include "audio/FrameAudio.hpp"
#include "clock/FrameClock.hpp"
#include "eel/Eel.hpp"
#include "gl/Framebuffer.hpp"
#include "gl/ShaderProgram.hpp"
#include "milk/PresetReader.hpp"
#include "preset/Runtime.hpp"
#include "render/Renderer.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;
using render::Renderer;
using render::RenderTarget;

/// Frame n of a small synthetic "preset": zoom + rotation + a little built-in warp with decay, a
/// hexagon circling the centre, a sine built-in wave, a yellow custom wave of dots, an outer
/// border and the darken-centre spot, echo mirrored in x.
preset::FrameState sceneFrame(int n, int width, int height, int gridX = 24, int gridY = 18) {
  auto vars = neutralVars();
  vars.zoom = 1.03;
  vars.rot = 0.03;
  vars.warp = 0.6;
  vars.decay = 0.96;
  vars.gamma = 1.5;
  vars.echoAlpha = 0.25;
  vars.echoZoom = 1.2;
  vars.echoOrient = 1;
  vars.obSize = 0.02;
  vars.obR = 0.2;
  vars.obG = 0.3;
  vars.obB = 0.9;
  vars.obA = 1.0;
  vars.darkenCenter = 1.0;
  preset::FrameState frame;
  frame.vars = vars;
  frame.inputs.time = n / 30.0;
  frame.inputs.frame = n;
  computeMesh(frame, width, height, gridX, gridY);

  const double phase = n * 0.35;
  preset::ShapeInstance hex;
  hex.sides = 6;
  hex.x = 0.5 + 0.28 * std::cos(phase);
  hex.y = 0.5 + 0.28 * std::sin(phase);
  hex.rad = 0.09;
  hex.ang = phase;
  hex.r = 1.0, hex.g = 0.35, hex.b = 0.1, hex.a = 1.0;
  hex.r2 = 0.9, hex.g2 = 0.1, hex.b2 = 0.6, hex.a2 = 0.6;
  hex.borderA = 0.8;
  frame.customShapes[0].instances = {hex};

  auto& wave = frame.builtinWave;
  wave.visible = true;
  wave.colour = {0.2f, 1.0f, 0.6f, 0.9f};
  wave.points.clear();
  for (int i = 0; i < 96; ++i) {
    const float x = -0.9f + 1.8f * static_cast<float>(i) / 95.0f;
    wave.points.push_back({x, -0.45f + 0.18f * std::sin(6.0f * x + static_cast<float>(phase))});
  }
  wave.secondLineStart = wave.points.size();

  auto& dots = frame.customWaves[0];
  dots.visible = true;
  dots.dots = true;
  dots.points.clear();
  for (int i = 0; i < 24; ++i) {
    const float a = static_cast<float>(i) / 24.0f * 2.0f * std::numbers::pi_v<float>;
    dots.points.push_back(
        {0.55f * std::cos(a + static_cast<float>(phase)), 0.55f * std::sin(a), {1, 1, 0.2f, 1}});
  }
  return frame;
}

class RendererGl : public ::testing::TestWithParam<GlApi> {
 protected:
  static platform::RgbaImage renderScene(Renderer& renderer, int frames, int w, int h, int outW,
                                         int outH) {
    auto out = gl::Framebuffer::create({outW, outH});
    EXPECT_TRUE(out.ok());
    if (!out) return {};
    for (int n = 0; n < frames; ++n) {
      const auto errors = renderer.draw(sceneFrame(n, w, h), {out->id(), 0, outW, outH});
      EXPECT_TRUE(errors.empty()) << errors.front().format();
    }
    return readFramebuffer(*out);
  }
};

TEST_P(RendererGl, FeedbackSceneMatchesGolden) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  Renderer renderer;
  const auto init = renderer.init(ctx->caps().dialect());
  ASSERT_TRUE(init.empty()) << init.front().format();
  const auto image = renderScene(renderer, 16, 160, 120, 160, 120);
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
  // GL 3.3 and ES 3.0 differ by ~60 dB here; 16 frames of feedback can amplify one-level
  // rounding differences between Mesa versions, hence the margin.
  const auto result = compareWithGolden("renderer_feedback_scene", image, {38.0, 0.97});
  EXPECT_TRUE(result.passed) << result.message;
}

// A landscape canvas shown in a portrait output at another size: the composite stretches the
// canvas over the whole target.
TEST_P(RendererGl, CanvasShownAtAnotherSizeMatchesGolden) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  Renderer renderer;
  ASSERT_TRUE(renderer.init(ctx->caps().dialect()).empty());
  const auto image = renderScene(renderer, 8, 96, 72, 90, 120);
  EXPECT_EQ(renderer.canvas().width(), 96);
  EXPECT_EQ(renderer.canvas().height(), 72);
  const auto result = compareWithGolden("renderer_canvas_to_portrait", image, {38.0, 0.97});
  EXPECT_TRUE(result.passed) << result.message;
}

TEST_P(RendererGl, SameFramesGiveTheSamePixelsAndTheImageEvolves) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  Renderer a, b;
  ASSERT_TRUE(a.init(ctx->caps().dialect()).empty());
  ASSERT_TRUE(b.init(ctx->caps().dialect()).empty());
  const auto first = renderScene(a, 6, 80, 60, 80, 60);
  const auto second = renderScene(b, 6, 80, 60, 80, 60);
  EXPECT_EQ(first.pixels, second.pixels);  // deterministic; two renderers share nothing
  const auto later = renderScene(a, 1, 80, 60, 80, 60);  // a's 7th frame (scene frame 0 again)
  EXPECT_NE(first.pixels, later.pixels);                 // feedback carried over
}

TEST_P(RendererGl, RenderToTextureEqualsRenderToFramebuffer) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  Renderer viaFbo, viaTexture;
  ASSERT_TRUE(viaFbo.init(ctx->caps().dialect()).empty());
  ASSERT_TRUE(viaTexture.init(ctx->caps().dialect()).empty());
  auto fb = gl::Framebuffer::create({64, 48});
  auto hostTexture = gl::Texture2D::create({64, 48});
  auto readBack = gl::Framebuffer::create({64, 48});  // only for its FBO name
  ASSERT_TRUE(fb.ok() && hostTexture.ok() && readBack.ok());
  for (int n = 0; n < 4; ++n) {
    EXPECT_TRUE(viaFbo.draw(sceneFrame(n, 64, 48), {fb->id(), 0, 64, 48}).empty());
    EXPECT_TRUE(viaTexture.draw(sceneFrame(n, 64, 48), {0, hostTexture->id(), 64, 48}).empty());
  }
  // Read the host texture through a framebuffer of our own.
  GLuint readFbo = 0;
  glGenFramebuffers(1, &readFbo);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, readFbo);
  glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                         hostTexture->id(), 0);
  std::vector<std::uint8_t> fromTexture(64 * 48 * 4);
  glReadPixels(0, 0, 64, 48, GL_RGBA, GL_UNSIGNED_BYTE, fromTexture.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &readFbo);
  std::vector<std::uint8_t> fromFbo;
  fb->readRgba8(fromFbo);
  EXPECT_EQ(fromTexture, fromFbo);
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

TEST_P(RendererGl, ResizeReallocatesOnlyTheCanvases) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  Renderer renderer;
  ASSERT_TRUE(renderer.init(ctx->caps().dialect()).empty());
  auto out = gl::Framebuffer::create({64, 48});
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(renderer.draw(sceneFrame(0, 64, 48), {out->id(), 0, 64, 48}).empty());
  const GLuint a = renderer.canvas().previous().color().id();
  const GLuint b = renderer.canvas().current().color().id();
  EXPECT_TRUE(renderer.draw(sceneFrame(1, 64, 48), {out->id(), 0, 64, 48}).empty());
  // Same size: the same two textures, swapped.
  EXPECT_EQ(renderer.canvas().previous().color().id(), b);
  EXPECT_EQ(renderer.canvas().current().color().id(), a);
  // The output size alone does not touch the canvases.
  auto bigOut = gl::Framebuffer::create({128, 96});
  ASSERT_TRUE(bigOut.ok());
  EXPECT_TRUE(renderer.draw(sceneFrame(2, 64, 48), {bigOut->id(), 0, 128, 96}).empty());
  EXPECT_EQ(renderer.canvas().width(), 64);
  EXPECT_EQ(renderer.canvas().framesSinceResize(), 3);
  // A new canvas size reallocates both, cleared, and the mesh follows the frame's sizes.
  EXPECT_TRUE(renderer.draw(sceneFrame(3, 80, 60, 8, 6), {bigOut->id(), 0, 128, 96}).empty());
  EXPECT_EQ(renderer.canvas().width(), 80);
  EXPECT_EQ(renderer.canvas().height(), 60);
  EXPECT_EQ(renderer.canvas().framesSinceResize(), 1);
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

TEST_P(RendererGl, AFrameWithoutAMeshShowsBlackNotAStaleCanvas) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  Renderer renderer;
  ASSERT_TRUE(renderer.init(ctx->caps().dialect()).empty());
  auto out = gl::Framebuffer::create({64, 48});
  ASSERT_TRUE(out.ok());
  for (int n = 0; n < 3; ++n)
    EXPECT_TRUE(renderer.draw(sceneFrame(n, 64, 48), {out->id(), 0, 64, 48}).empty());
  preset::FrameState empty;  // no mesh, nothing to draw
  empty.vars = neutralVars();
  empty.inputs.canvasWidth = 64;
  empty.inputs.canvasHeight = 48;
  EXPECT_TRUE(renderer.draw(empty, {out->id(), 0, 64, 48}).empty());
  const auto image = readFramebuffer(*out);
  for (std::size_t i = 0; i < image.pixels.size(); i += 4) ASSERT_EQ(image.pixels[i], 0) << i;
}

// RenderFrame (milkdropfs.cpp) draws the motion vectors into VS0 before the warp reads it, and on
// the first frame after a resize clears VS0 right AFTER drawing them: frame 0 never shows its
// vectors; from frame 1 on they reach the screen in the same frame, through the warp.
TEST_P(RendererGl, MotionVectorsAreWarpedInAndClearedOnTheFirstFrame) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  Renderer renderer;
  ASSERT_TRUE(renderer.init(ctx->caps().dialect()).empty());
  auto out = gl::Framebuffer::create({64, 48});
  ASSERT_TRUE(out.ok());
  auto frame = makeFrame(neutralVars(), 64, 48);
  frame.vars.decay = 1.0;
  frame.motionVectors.colour = {1.0f, 1.0f, 1.0f, 1.0f};
  // A horizontal line across the middle row's centre (row 24 from the top is y ≈ −0.02).
  frame.motionVectors.segments = {{-0.8f, -0.0208f}, {0.8f, -0.0208f}};
  auto litInMiddleRow = [&] {
    const auto image = readFramebuffer(*out);
    int lit = 0;
    for (int x = 0; x < 64; ++x)
      for (int row = 22; row <= 25; ++row)
        if (rgbaAt(image, x, row)[0] > 200) ++lit;
    return lit;
  };
  EXPECT_TRUE(renderer.draw(frame, {out->id(), 0, 64, 48}).empty());
  EXPECT_EQ(litInMiddleRow(), 0);
  EXPECT_TRUE(renderer.draw(frame, {out->id(), 0, 64, 48}).empty());
  EXPECT_GT(litInMiddleRow(), 40);
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

// The list in GlStateGuard.hpp: set every item to an unusual value, render, read them back.
TEST_P(RendererGl, HostGlStateIsRestored) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  Renderer renderer;
  ASSERT_TRUE(renderer.init(ctx->caps().dialect()).empty());
  auto hostProgram = gl::ShaderProgram::create(ctx->caps().dialect(), R"(
#ifdef VERTEX_SHADER
void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }
#endif
#ifdef FRAGMENT_SHADER
layout(location = 0) out vec4 c;
void main() { c = vec4(1.0); }
#endif
)",
                                               "host");
  ASSERT_TRUE(hostProgram.ok());
  auto hostVao = gl::VertexArray::create();
  auto hostBuffer = gl::Buffer::create(GL_ARRAY_BUFFER, 64, nullptr);
  auto hostIndices = gl::Buffer::create(GL_ELEMENT_ARRAY_BUFFER, 64, nullptr);
  auto hostFb = gl::Framebuffer::create({32, 32});
  auto readFb = gl::Framebuffer::create({16, 16});
  auto target = gl::Texture2D::create({64, 48});
  ASSERT_TRUE(hostVao.ok() && hostBuffer.ok() && hostIndices.ok() && hostFb.ok() && readFb.ok() &&
              target.ok());
  std::vector<gl::Texture2D> unitTextures;
  for (int i = 0; i < 4; ++i) unitTextures.push_back(std::move(*gl::Texture2D::create({4, 4})));
  GLuint sampler = 0;
  glGenSamplers(1, &sampler);

  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, hostFb->id());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, readFb->id());
  glViewport(3, 5, 17, 19);
  hostProgram->use();
  hostVao->bind();
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, hostIndices->id());  // the host VAO's own state
  glBindBuffer(GL_ARRAY_BUFFER, hostBuffer->id());
  for (int i = 0; i < 4; ++i) {
    glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + i));
    glBindTexture(GL_TEXTURE_2D, unitTextures[static_cast<std::size_t>(i)].id());
  }
  glBindSampler(0, sampler);
  glBindSampler(3, sampler);
  glActiveTexture(GL_TEXTURE2);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_DST_COLOR, GL_SRC_ALPHA, GL_ONE_MINUS_DST_ALPHA, GL_CONSTANT_COLOR);
  glBlendEquationSeparate(GL_FUNC_REVERSE_SUBTRACT, GL_FUNC_SUBTRACT);
  glBlendColor(0.1f, 0.2f, 0.3f, 0.4f);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_CULL_FACE);
  glEnable(GL_SCISSOR_TEST);
  glScissor(1, 1, 2, 2);
  glEnable(GL_STENCIL_TEST);
  glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
  // Desktop GL sizes points by glPointSize while GL_PROGRAM_POINT_SIZE is off: the scene's
  // one-pixel dots (GL points) must stay one pixel.
#if !defined(PHOSPHENE_GL_NATIVE_GLES3)
  const bool desktop = !ctx->caps().es;
  if (desktop) glPointSize(6.0f);
#endif

  for (int n = 0; n < 3; ++n)
    EXPECT_TRUE(renderer.draw(sceneFrame(n, 64, 48), {0, target->id(), 64, 48}).empty());

  auto geti = [](GLenum name) {
    GLint v = 0;
    glGetIntegerv(name, &v);
    return v;
  };
  EXPECT_EQ(geti(GL_DRAW_FRAMEBUFFER_BINDING), static_cast<GLint>(hostFb->id()));
  EXPECT_EQ(geti(GL_READ_FRAMEBUFFER_BINDING), static_cast<GLint>(readFb->id()));
  GLint viewport[4];
  glGetIntegerv(GL_VIEWPORT, viewport);
  EXPECT_EQ(viewport[0], 3);
  EXPECT_EQ(viewport[1], 5);
  EXPECT_EQ(viewport[2], 17);
  EXPECT_EQ(viewport[3], 19);
  EXPECT_EQ(geti(GL_CURRENT_PROGRAM), static_cast<GLint>(hostProgram->id()));
  EXPECT_EQ(geti(GL_VERTEX_ARRAY_BINDING), static_cast<GLint>(hostVao->id()));
  EXPECT_EQ(geti(GL_ELEMENT_ARRAY_BUFFER_BINDING), static_cast<GLint>(hostIndices->id()));
  EXPECT_EQ(geti(GL_ARRAY_BUFFER_BINDING), static_cast<GLint>(hostBuffer->id()));
  EXPECT_EQ(geti(GL_ACTIVE_TEXTURE), GL_TEXTURE2);
  for (int i = 0; i < 4; ++i) {
    glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + i));
    EXPECT_EQ(geti(GL_TEXTURE_BINDING_2D),
              static_cast<GLint>(unitTextures[static_cast<std::size_t>(i)].id()))
        << "unit " << i;
    EXPECT_EQ(geti(GL_SAMPLER_BINDING), (i == 0 || i == 3) ? static_cast<GLint>(sampler) : 0)
        << "unit " << i;
  }
  glActiveTexture(GL_TEXTURE2);
  EXPECT_TRUE(glIsEnabled(GL_BLEND));
  EXPECT_EQ(geti(GL_BLEND_SRC_RGB), GL_DST_COLOR);
  EXPECT_EQ(geti(GL_BLEND_DST_RGB), GL_SRC_ALPHA);
  EXPECT_EQ(geti(GL_BLEND_SRC_ALPHA), GL_ONE_MINUS_DST_ALPHA);
  EXPECT_EQ(geti(GL_BLEND_DST_ALPHA), GL_CONSTANT_COLOR);
  EXPECT_EQ(geti(GL_BLEND_EQUATION_RGB), GL_FUNC_REVERSE_SUBTRACT);
  EXPECT_EQ(geti(GL_BLEND_EQUATION_ALPHA), GL_FUNC_SUBTRACT);
  GLfloat blendColor[4];
  glGetFloatv(GL_BLEND_COLOR, blendColor);
  EXPECT_FLOAT_EQ(blendColor[3], 0.4f);
  EXPECT_TRUE(glIsEnabled(GL_DEPTH_TEST));
  EXPECT_TRUE(glIsEnabled(GL_CULL_FACE));
  EXPECT_TRUE(glIsEnabled(GL_SCISSOR_TEST));
  EXPECT_TRUE(glIsEnabled(GL_STENCIL_TEST));
  GLboolean mask[4];
  glGetBooleanv(GL_COLOR_WRITEMASK, mask);
  EXPECT_TRUE(mask[0]);
  EXPECT_FALSE(mask[1]);
  EXPECT_TRUE(mask[2]);
  EXPECT_FALSE(mask[3]);
#if !defined(PHOSPHENE_GL_NATIVE_GLES3)
  if (desktop) {
    EXPECT_FALSE(glIsEnabled(GL_PROGRAM_POINT_SIZE));
    GLfloat pointSize = 0.0f;
    glGetFloatv(GL_POINT_SIZE, &pointSize);
    EXPECT_EQ(pointSize, 6.0f);
  }
#endif

  // The odd host state did not leak into the picture: same as a renderer drawn from clean state.
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_STENCIL_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
#if !defined(PHOSPHENE_GL_NATIVE_GLES3)
  if (desktop) glPointSize(1.0f);
#endif
  Renderer clean;
  ASSERT_TRUE(clean.init(ctx->caps().dialect()).empty());
  auto cleanOut = gl::Framebuffer::create({64, 48});
  ASSERT_TRUE(cleanOut.ok());
  for (int n = 0; n < 3; ++n)
    EXPECT_TRUE(clean.draw(sceneFrame(n, 64, 48), {cleanOut->id(), 0, 64, 48}).empty());
  std::vector<std::uint8_t> expected, actual(64 * 48 * 4);
  cleanOut->readRgba8(expected);
  GLuint readFbo = 0;
  glGenFramebuffers(1, &readFbo);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, readFbo);
  glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target->id(), 0);
  glReadPixels(0, 0, 64, 48, GL_RGBA, GL_UNSIGNED_BYTE, actual.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &readFbo);
  glDeleteSamplers(1, &sampler);
  EXPECT_EQ(actual, expected);
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

// The integration the C API and `phosphene render` will use: Runtime::step → Renderer::draw.
constexpr const char* kRuntimePreset =
    "[preset00]\n"
    "fDecay=0.97\nfGammaAdj=1.8\nzoom=1.02\nrot=0.02\nwarp=0.5\nnWaveMode=2\n"
    "fWaveAlpha=1.0\nwave_x=0.5\nwave_y=0.5\nob_size=0.015\nob_r=0.9\nob_a=1.0\n"
    "per_frame_1=wave_r = 0.5 + 0.5 * sin(time * 3); wave_b = 1 - wave_r;\n"
    "per_pixel_1=zoom = zoom + 0.02 * sin(rad * 8 - time * 2);\n"
    "shapecode_0_enabled=1\nshapecode_0_sides=5\nshapecode_0_rad=0.12\n"
    "shape_0_per_frame1=x = 0.5 + 0.25 * sin(time * 2); y = 0.5 + 0.25 * cos(time * 2);\n";

TEST_P(RendererGl, DrivesAPresetFromTheRuntime) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  core::Diagnostics diags;
  const auto preset = milk::parsePreset(kRuntimePreset, diags);
  auto globals = std::make_unique<eel::Globals>();
  preset::Runtime runtime(preset, *globals);
  Renderer renderer;
  ASSERT_TRUE(renderer.init(ctx->caps().dialect()).empty());
  renderer.setStages(
      render::PresetStages::fromPsVersions(preset.warpPsVersion, preset.compPsVersion));
  clock::FrameClock clock(30.0);
  audio::FrameAudio audio;
  preset::StepInputs inputs;
  inputs.meshX = 24;
  inputs.meshY = 18;
  inputs.canvasWidth = 96;
  inputs.canvasHeight = 72;
  auto out = gl::Framebuffer::create({96, 72});
  ASSERT_TRUE(out.ok());
  platform::RgbaImage previous;
  int changedFrames = 0;
  for (int n = 0; n < 20; ++n) {
    clock.advance(0.0);
    for (int i = 0; i < audio::kWaveformSamples; ++i) {
      const float t = static_cast<float>(i + n * 97);
      audio.waveform[0][static_cast<std::size_t>(i)] = 60.0f * std::sin(0.07f * t);
      audio.waveform[1][static_cast<std::size_t>(i)] = 60.0f * std::cos(0.05f * t);
    }
    const auto errors = renderer.draw(runtime.step(audio, clock, inputs), {out->id(), 0, 96, 72});
    ASSERT_TRUE(errors.empty()) << errors.front().format();
    auto image = readFramebuffer(*out);
    if (!previous.pixels.empty() && image.pixels != previous.pixels) ++changedFrames;
    previous = std::move(image);
  }
  EXPECT_EQ(changedFrames, 19);  // never frozen
  long lit = 0;
  for (std::size_t i = 0; i < previous.pixels.size(); i += 4)
    if (previous.pixels[i] + previous.pixels[i + 1] + previous.pixels[i + 2] > 60) ++lit;
  EXPECT_GT(lit, 96 * 72 / 20) << "the frame is (nearly) black";
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
}

INSTANTIATE_TEST_SUITE_P(Apis, RendererGl, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
