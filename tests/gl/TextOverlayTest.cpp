// The text overlay of phosphene_overlay.h on headless GL 3.3 core and ES 3.0 contexts: glyphs
// land where they were placed and nowhere else, in their colour, over rectangles drawn in call
// order; the host's GL state comes back unchanged and the engine's next frame is byte-identical
// to one drawn without an overlay; destruction without a context does not abort; the built-in
// bitmap font draws; and a golden image of a small info panel.
#include <gtest/gtest.h>

#include <phosphene/phosphene.h>
#include <phosphene/phosphene_overlay.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "BeatAudio.hpp"
#include "CApiFrames.hpp"
#include "GlTestContext.hpp"
#include "GoldenImage.hpp"
#include "HostTarget.hpp"
#include "gl/CurrentContext.hpp"
#include "gl/Gl.hpp"
#include "gl/ShaderProgram.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;
using platform::RgbaImage;

const std::string kDejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

struct Overlay {
  phosphene_overlay* overlay = nullptr;
  explicit Overlay(const char* font = nullptr, float pixelHeight = 0.0f) {
    phosphene_overlay_desc desc;
    phosphene_overlay_desc_init(&desc);
    desc.font_path = font;
    desc.pixel_height = pixelHeight;
    EXPECT_EQ(phosphene_overlay_create(&desc, &overlay), PHOSPHENE_OK);
  }
  ~Overlay() { phosphene_overlay_destroy(overlay); }
  Overlay(const Overlay&) = delete;
  Overlay& operator=(const Overlay&) = delete;
  operator phosphene_overlay*() const { return overlay; }  // NOLINT: a handle, used as one
};

void clearTarget(const HostTarget& target, float r, float g, float b) {
  glBindFramebuffer(GL_FRAMEBUFFER, target.fbo);
  const GLfloat color[4] = {r, g, b, 1.0f};
  glClearBufferfv(GL_COLOR, 0, color);
}

bool near(const std::uint8_t* px, int r, int g, int b, int tolerance = 2) {
  return std::abs(px[0] - r) <= tolerance && std::abs(px[1] - g) <= tolerance &&
         std::abs(px[2] - b) <= tolerance;
}

class TextOverlay : public ::testing::TestWithParam<GlApi> {};

#if PHOSPHENE_HAVE_FREETYPE
// Red DejaVu text and a green panel on grey: red appears inside the text's measured box, a dark
// outline around the letters, green fills the panel, and every other pixel is untouched.
TEST_P(TextOverlay, GlyphsAppearWhereTheTextWasPlacedInItsColour) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Overlay overlay(kDejaVu.c_str());
  ASSERT_NE(overlay.overlay, nullptr);
  EXPECT_STREQ(phosphene_overlay_font(overlay), kDejaVu.c_str());
  EXPECT_FLOAT_EQ(phosphene_overlay_line_height(overlay), 20.0f);
  constexpr int kW = 160, kH = 60;
  HostTarget target(kW, kH);
  clearTarget(target, 0.5f, 0.5f, 0.5f);
  const char* text = "HHH";
  float tw = 0, th = 0;
  ASSERT_EQ(phosphene_overlay_measure(overlay, text, 1.0f, &tw, &th), PHOSPHENE_OK);
  EXPECT_GT(tw, 30.0f);
  EXPECT_LT(tw, 50.0f);
  EXPECT_FLOAT_EQ(th, 20.0f);
  const phosphene_color red{1, 0, 0, 1}, green{0, 1, 0, 1};
  const float tx = 10, ty = 8;
  const int rx = 100, ry = 30, rw = 40, rh = 20;
  ASSERT_EQ(phosphene_overlay_begin(overlay, kW, kH), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_rect(overlay, rx, ry, rw, rh, &green), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_text(overlay, tx, ty, text, &red, 1.0f), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_end(overlay), PHOSPHENE_OK);
  const RgbaImage image = target.read();

  int redInside = 0, darkInside = 0, changedOutside = 0, greenInPanel = 0;
  const int margin = 3;  // the outline (1 px at 20 px) and antialiasing reach past the advance box
  for (int y = 0; y < kH; ++y) {
    for (int x = 0; x < kW; ++x) {
      const std::uint8_t* px = image.at(x, y);
      const bool inText =
          x >= tx - margin && x < tx + tw + margin && y >= ty - margin && y < ty + th + margin;
      const bool inPanel = x >= rx && x < rx + rw && y >= ry && y < ry + rh;
      if (inPanel) {
        greenInPanel += near(px, 0, 255, 0, 0);
      } else if (inText) {
        redInside += px[0] > 220 && px[1] < 40 && px[2] < 40;
        darkInside += px[0] < 60 && px[1] < 60 && px[2] < 60;
      } else {
        changedOutside += !near(px, 128, 128, 128, 1);
      }
    }
  }
  EXPECT_EQ(greenInPanel, rw * rh);
  EXPECT_GT(redInside, 60);   // three H stems and bars, 20 px tall
  EXPECT_GT(darkInside, 40);  // the outline
  EXPECT_EQ(changedOutside, 0);
  // The H's left stem is solid red at mid-height (DejaVu's H: stem at about x + 1.5..3.5).
  bool stem = false;
  for (int x = static_cast<int>(tx); x < tx + 6; ++x)
    stem = stem || near(image.at(x, static_cast<int>(ty) + 10), 255, 0, 0, 10);
  EXPECT_TRUE(stem);
  EXPECT_TRUE(context->debugErrors().empty()) << context->debugErrors().front();
}

#else
// A build without FreeType reads no font files: a named one is an error, the default is the
// bitmap font.
TEST_P(TextOverlay, WithoutFreeTypeFontFilesAreRefused) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  phosphene_overlay_desc desc;
  phosphene_overlay_desc_init(&desc);
  desc.font_path = kDejaVu.c_str();
  phosphene_overlay* overlay = nullptr;
  EXPECT_EQ(phosphene_overlay_create(&desc, &overlay), PHOSPHENE_ERROR_IO);
  Overlay fallback;
  EXPECT_STREQ(phosphene_overlay_font(fallback), "built-in");
}
#endif

// Alpha blends over the picture (not premultiplied), rectangles draw in call order and text
// drawn later covers the panel below it.
TEST_P(TextOverlay, ColourAndAlphaAreRespectedInCallOrder) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Overlay overlay;
  HostTarget target(64, 32);
  clearTarget(target, 1.0f, 1.0f, 1.0f);
  const phosphene_color halfBlue{0, 0, 1, 0.5f}, black{0, 0, 0, 1}, yellow{1, 1, 0, 1};
  ASSERT_EQ(phosphene_overlay_begin(overlay, 64, 32), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_rect(overlay, 0, 0, 32, 32, &halfBlue), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_rect(overlay, 32, 0, 32, 32, &black), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_rect(overlay, 40, 8, 8, 8, &yellow), PHOSPHENE_OK);  // on top
  ASSERT_EQ(phosphene_overlay_end(overlay), PHOSPHENE_OK);
  const RgbaImage image = target.read();
  EXPECT_TRUE(near(image.at(5, 5), 128, 128, 255)) << int(image.at(5, 5)[0]);
  EXPECT_TRUE(near(image.at(60, 30), 0, 0, 0, 0));
  EXPECT_TRUE(near(image.at(44, 12), 255, 255, 0, 0));
}

// Every piece of state the overlay changes comes back: blend enable, functions and equations,
// viewport, program, vertex array, array buffer, active unit and unit 0's texture, sampler.
TEST_P(TextOverlay, RestoresTheHostsGlState) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Overlay overlay;
  HostTarget target(64, 32);
  auto program = gl::ShaderProgram::create(
      context->caps().dialect(),
      "#ifdef VERTEX_SHADER\nvoid main() { gl_Position = vec4(0.0); }\n#endif\n"
      "#ifdef FRAGMENT_SHADER\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n#endif\n",
      "host");
  ASSERT_TRUE(program);
  GLuint vao = 0, buffer = 0, texture = 0, sampler = 0;
  glGenVertexArrays(1, &vao);
  glGenBuffers(1, &buffer);
  glGenTextures(1, &texture);
  glGenSamplers(1, &sampler);
  glBindFramebuffer(GL_FRAMEBUFFER, target.fbo);
  glUseProgram(program->id());
  glBindVertexArray(vao);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture);
  glBindSampler(0, sampler);
  glActiveTexture(GL_TEXTURE3);
  glViewport(3, 4, 5, 6);
  glDisable(GL_BLEND);
  glBlendFuncSeparate(GL_ONE, GL_ZERO, GL_ZERO, GL_ONE);
  glBlendEquationSeparate(GL_FUNC_SUBTRACT, GL_FUNC_ADD);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 64, 32);

  auto snapshot = [] {
    std::vector<GLint> s;
    for (GLenum e : {GL_VIEWPORT}) {
      GLint v[4];
      glGetIntegerv(e, v);
      s.insert(s.end(), v, v + 4);
    }
    for (GLenum e :
         {GL_CURRENT_PROGRAM, GL_VERTEX_ARRAY_BINDING, GL_ARRAY_BUFFER_BINDING, GL_ACTIVE_TEXTURE,
          GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA, GL_BLEND_DST_ALPHA,
          GL_BLEND_EQUATION_RGB, GL_BLEND_EQUATION_ALPHA, GL_DRAW_FRAMEBUFFER_BINDING}) {
      GLint v = 0;
      glGetIntegerv(e, &v);
      s.push_back(v);
    }
    s.push_back(glIsEnabled(GL_BLEND));
    s.push_back(glIsEnabled(GL_SCISSOR_TEST));
    GLint active = 0, tex0 = 0, sampler0 = 0;
    glGetIntegerv(GL_ACTIVE_TEXTURE, &active);
    glActiveTexture(GL_TEXTURE0);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &tex0);
    glGetIntegerv(GL_SAMPLER_BINDING, &sampler0);
    glActiveTexture(static_cast<GLenum>(active));
    s.push_back(tex0);
    s.push_back(sampler0);
    return s;
  };
  const std::vector<GLint> before = snapshot();
  const phosphene_color white{1, 1, 1, 1};
  ASSERT_EQ(phosphene_overlay_begin(overlay, 64, 32), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_text(overlay, 2, 2, "state", &white, 1.0f), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_end(overlay), PHOSPHENE_OK);
  EXPECT_EQ(snapshot(), before);
  // It drew, despite the host's viewport and disabled blending.
  int lit = 0;
  const RgbaImage image = target.read();
  for (std::size_t i = 0; i < image.pixels.size(); i += 4) lit += image.pixels[i] > 200;
  EXPECT_GT(lit, 20);
  glUseProgram(0);
  glBindVertexArray(0);
  glDeleteSamplers(1, &sampler);
  glDeleteTextures(1, &texture);
  glDeleteBuffers(1, &buffer);
  glDeleteVertexArrays(1, &vao);
  EXPECT_TRUE(context->debugErrors().empty()) << context->debugErrors().front();
}

phosphene_engine* makeEngine() {
  phosphene_engine_desc desc;
  phosphene_engine_desc_init(&desc);
  desc.fps = 30.0;
  desc.seed = 11;
  desc.log_min_level = PHOSPHENE_LOG_ERROR;
  phosphene_engine* engine = nullptr;
  EXPECT_EQ(phosphene_engine_create(&desc, &engine), PHOSPHENE_OK);
  EXPECT_EQ(loadFileNow(engine, PHOSPHENE_SOURCE_DIR "/presets/phosphene-aurora.milk"),
            PHOSPHENE_OK)
      << phosphene_engine_last_error(engine);
  return engine;
}

// Two engines, same preset, seed and audio; one gets an overlay over each of its frames. Every
// following frame of both is byte-identical: the overlay leaves nothing behind that the
// engine's drawing sees.
TEST_P(TextOverlay, EngineFrameAfterAnOverlayIsByteIdentical) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  constexpr int kW = 96, kH = 64;
  phosphene_engine* with = makeEngine();
  phosphene_engine* without = makeEngine();
  ASSERT_TRUE(with && without);
  Overlay overlay;
  HostTarget a(kW, kH), b(kW, kH);
  const phosphene_render_target ta = framebufferTarget(a), tb = framebufferTarget(b);
  for (phosphene_engine* e : {with, without})
    ASSERT_EQ(phosphene_engine_set_drawable_size(e, kW, kH), PHOSPHENE_OK);
  const phosphene_color panel{0, 0, 0, 0.6f}, white{1, 1, 1, 1};
  double overlayChange = 0;
  for (int frame = 0; frame < 12; ++frame) {
    feedBeatAudio(with, frame);
    feedBeatAudio(without, frame);
    // As a player does: advance, draw into its framebuffer, overlay on top.
    for (phosphene_engine* e : {with, without}) {
      ASSERT_EQ(phosphene_engine_advance(e, 0.0), PHOSPHENE_OK) << phosphene_engine_last_error(e);
      ASSERT_EQ(phosphene_engine_draw(e, e == with ? &ta : &tb), PHOSPHENE_OK)
          << phosphene_engine_last_error(e);
    }
    const RgbaImage ia = a.read(), ib = b.read();
    ASSERT_EQ(ia.pixels, ib.pixels) << "frame " << frame;
    // The overlay into the engine's own target, as a player does.
    glBindFramebuffer(GL_FRAMEBUFFER, a.fbo);
    ASSERT_EQ(phosphene_overlay_begin(overlay, kW, kH), PHOSPHENE_OK);
    ASSERT_EQ(phosphene_overlay_rect(overlay, 0, 0, kW, 24, &panel), PHOSPHENE_OK);
    ASSERT_EQ(phosphene_overlay_text(overlay, 4, 2, "Aurora", &white, 1.0f), PHOSPHENE_OK);
    ASSERT_EQ(phosphene_overlay_end(overlay), PHOSPHENE_OK);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    const RgbaImage drawn = a.read();
    for (std::size_t i = 0; i < drawn.pixels.size(); ++i)
      overlayChange += std::abs(drawn.pixels[i] - ia.pixels[i]);
  }
  EXPECT_GT(overlayChange, 1000.0);  // the overlay did draw each frame
  phosphene_engine_destroy(with);
  phosphene_engine_destroy(without);
  EXPECT_TRUE(context->debugErrors().empty()) << context->debugErrors().front();
}

// A garbage collector or a host's shutdown order: no context on the calling thread.
TEST_P(TextOverlay, WithoutAContextCallsRefuseAndDestroyDoesNotAbort) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  phosphene_overlay* overlay = nullptr;
  ASSERT_EQ(phosphene_overlay_create(nullptr, &overlay), PHOSPHENE_OK);
  HostTarget target(32, 32);
  glBindFramebuffer(GL_FRAMEBUFFER, target.fbo);
  const phosphene_color white{1, 1, 1, 1};
  ASSERT_EQ(phosphene_overlay_begin(overlay, 32, 32), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_text(overlay, 0, 0, "x", &white, 1.0f), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_end(overlay), PHOSPHENE_OK);
  bool current = true;
  phosphene_result created = PHOSPHENE_OK, ended = PHOSPHENE_OK, measured = PHOSPHENE_ERROR_GL;
  phosphene_overlay* other = reinterpret_cast<phosphene_overlay*>(1);
  std::thread([&] {
    current = gl::hasCurrentContext();
    created = phosphene_overlay_create(nullptr, &other);
    float w = 0;
    measured =
        phosphene_overlay_measure(overlay, "\xC3\x84 measure needs no GL", 1.0f, &w, nullptr);
    phosphene_overlay_begin(overlay, 32, 32);
    phosphene_overlay_text(overlay, 0, 0, "y", &white, 1.0f);
    ended = phosphene_overlay_end(overlay);
    phosphene_overlay_destroy(overlay);
  }).join();
  EXPECT_FALSE(current);
  EXPECT_EQ(created, PHOSPHENE_ERROR_NO_CONTEXT);
  EXPECT_EQ(other, nullptr);
  EXPECT_EQ(measured, PHOSPHENE_OK);
  EXPECT_EQ(ended, PHOSPHENE_ERROR_NO_CONTEXT);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

TEST_P(TextOverlay, BadArgumentsAndFontsGiveErrorCodes) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  phosphene_overlay* overlay = reinterpret_cast<phosphene_overlay*>(1);
  phosphene_overlay_desc desc;
  phosphene_overlay_desc_init(&desc);
  desc.font_path = PHOSPHENE_SOURCE_DIR "/no/such/font.ttf";
  EXPECT_EQ(phosphene_overlay_create(&desc, &overlay), PHOSPHENE_ERROR_IO);
  EXPECT_EQ(overlay, nullptr);
  desc.font_path = PHOSPHENE_SOURCE_DIR "/README.md";
  EXPECT_EQ(phosphene_overlay_create(&desc, &overlay), PHOSPHENE_ERROR_IO);
  desc.font_path = nullptr;
  for (float size : {5.0f, 257.0f, -20.0f, NAN, INFINITY}) {
    desc.pixel_height = size;
    EXPECT_EQ(phosphene_overlay_create(&desc, &overlay), PHOSPHENE_ERROR_INVALID_ARGUMENT) << size;
  }
  desc.pixel_height = 0;
  desc.struct_size = 0;
  EXPECT_EQ(phosphene_overlay_create(&desc, &overlay), PHOSPHENE_ERROR_ABI_MISMATCH);
  EXPECT_EQ(phosphene_overlay_create(nullptr, nullptr), PHOSPHENE_ERROR_INVALID_ARGUMENT);

  Overlay good;
  const phosphene_color c{1, 1, 1, 1};
  // Before begin, nothing is queued.
  EXPECT_EQ(phosphene_overlay_text(good, 0, 0, "x", &c, 1.0f), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_overlay_end(good), PHOSPHENE_OK);  // empty: draws nothing
  EXPECT_EQ(phosphene_overlay_begin(good, 0, 10), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  ASSERT_EQ(phosphene_overlay_begin(good, 10, 10), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_overlay_text(good, 0, 0, nullptr, &c, 1.0f),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_overlay_text(good, NAN, 0, "x", &c, 1.0f), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_overlay_text(good, 0, 0, "x", &c, 0.0f), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_overlay_rect(good, 0, 0, 1, 1, nullptr), PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_overlay_text(good, 0, 0, "\xFF\xFE bad bytes", nullptr, 1.0f), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_overlay_measure(nullptr, "x", 1, nullptr, nullptr),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_overlay_measure(good, "x", 1, nullptr, nullptr), PHOSPHENE_OK);
  EXPECT_STREQ(phosphene_overlay_font(nullptr), "");
  EXPECT_EQ(phosphene_overlay_line_height(nullptr), 0.0f);
  phosphene_overlay_destroy(nullptr);
}

// "built-in" asks for the bitmap font: ASCII draws, the rest becomes '?'.
TEST_P(TextOverlay, BuiltInFontDraws) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Overlay overlay("built-in", 22.0f);
  EXPECT_STREQ(phosphene_overlay_font(overlay), "built-in");
  EXPECT_FLOAT_EQ(phosphene_overlay_line_height(overlay), 22.0f);
  float w = 0, h = 0;
  ASSERT_EQ(phosphene_overlay_measure(overlay, "Fps 60\n\xC3\x84", 1.0f, &w, &h), PHOSPHENE_OK);
  EXPECT_FLOAT_EQ(w, 72.0f);  // 6 glyphs of 12 px; "Ä" is one '?'
  EXPECT_FLOAT_EQ(h, 44.0f);
  HostTarget target(96, 48);
  clearTarget(target, 0, 0, 0.25f);
  const phosphene_color white{1, 1, 1, 1};
  ASSERT_EQ(phosphene_overlay_begin(overlay, 96, 48), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_text(overlay, 4, 4, "I", &white, 1.0f), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_end(overlay), PHOSPHENE_OK);
  const RgbaImage image = target.read();
  // 'I' is ".###." then "..#.." at 2 × 2: its top bar spans x 6..11 at y 6..7 (ascent 16, top
  // 14 above the baseline), its stem x 8..9.
  EXPECT_TRUE(near(image.at(6, 6), 255, 255, 255, 0));
  EXPECT_TRUE(near(image.at(11, 7), 255, 255, 255, 0));
  EXPECT_TRUE(near(image.at(8, 14), 255, 255, 255, 0));
  EXPECT_TRUE(near(image.at(7, 14), 0, 0, 0, 30));   // the 1 px outline beside the stem
  EXPECT_TRUE(near(image.at(6, 14), 0, 0, 64, 0));   // and no further
  EXPECT_TRUE(near(image.at(40, 30), 0, 0, 64, 0));  // far away: untouched
}

#if PHOSPHENE_HAVE_FREETYPE
// A synthetic picture (bright and colourful on the left, dark on the right) so the outline is
// seen doing its job on both.
void paintBackground(const HostTarget& target) {
  std::vector<std::uint8_t> px(static_cast<std::size_t>(target.width) * target.height * 4);
  for (int y = 0; y < target.height; ++y)
    for (int x = 0; x < target.width; ++x) {
      std::uint8_t* p = &px[(static_cast<std::size_t>(y) * target.width + x) * 4];
      const float fx = static_cast<float>(x) / static_cast<float>(target.width - 1);
      const float fy = static_cast<float>(y) / static_cast<float>(target.height - 1);
      p[0] = static_cast<std::uint8_t>(255 * (1 - fx));
      p[1] = static_cast<std::uint8_t>(255 * (1 - fx) * (0.6f + 0.4f * fy));
      p[2] = static_cast<std::uint8_t>(255 * (0.3f + 0.5f * fy) * (1 - fx * 0.7f));
      p[3] = 255;
    }
  glBindTexture(GL_TEXTURE_2D, target.texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, target.width, target.height, GL_RGBA, GL_UNSIGNED_BYTE,
                  px.data());
  glBindTexture(GL_TEXTURE_2D, 0);
}

TEST_P(TextOverlay, PanelGolden) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Overlay dejavu(kDejaVu.c_str(), 20.0f);
  Overlay bitmap("built-in", 11.0f);
  HostTarget target(320, 120);
  paintBackground(target);
  glBindFramebuffer(GL_FRAMEBUFFER, target.fbo);
  const phosphene_color panel{0.05f, 0.05f, 0.12f, 0.7f}, white{1, 1, 1, 1},
      yellow{1, 0.85f, 0.2f, 1}, cyan{0.4f, 1, 1, 1}, faded{1, 1, 1, 0.5f};
  ASSERT_EQ(phosphene_overlay_begin(dejavu, 320, 120), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_text(
                dejavu, 8, 4, "Phosphene 0.2 \xE2\x80\x94 \xC3\x84\xC3\x96\xC3\x9C?", &white, 1.0f),
            PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_rect(dejavu, 150, 30, 162, 82, &panel), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_text(dejavu, 158, 34, "Geiss - Reaction\nDiffusion 2", &yellow, 0.8f),
            PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_text(dejavu, 8, 34, "big", &white, 2.0f), PHOSPHENE_OK);
  ASSERT_EQ(
      phosphene_overlay_text(dejavu, 8, 80, "\xE2\x86\x92 no glyph: \xEE\x80\x80", &faded, 1.0f),
      PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_end(dejavu), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_begin(bitmap, 320, 120), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_text(bitmap, 158, 72, "built-in 5x9: fps 60.0\n{[(0O 1lI)]} @#$%&~",
                                   &cyan, 1.0f),
            PHOSPHENE_OK);
  ASSERT_EQ(phosphene_overlay_end(bitmap), PHOSPHENE_OK);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  // Same Debian FreeType and llvmpipe everywhere these tests run; the margin absorbs rounding
  // differences between the GL and ES paths, not a different picture.
  const GoldenResult r =
      compareWithGolden("text_overlay_panel", target.read(), GoldenTolerance{38.0, 0.98});
  EXPECT_TRUE(r.passed) << r.message;
  EXPECT_TRUE(context->debugErrors().empty()) << context->debugErrors().front();
}
#endif

// A help screen's worth of text: how long queueing and drawing take (printed, never asserted).
TEST_P(TextOverlay, HelpScreenTiming) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Overlay overlay;
  HostTarget target(640, 480);
  glBindFramebuffer(GL_FRAMEBUFFER, target.fbo);
  std::string help;
  for (int line = 0; line < 22; ++line)
    help += "F" + std::to_string(line) + "  toggle something useful in the player, line " +
            std::to_string(line) + "\n";
  const phosphene_color white{1, 1, 1, 1};
  using Clock = std::chrono::steady_clock;
  double best = 1e9;
  for (int i = 0; i < 5; ++i) {
    const auto t0 = Clock::now();
    ASSERT_EQ(phosphene_overlay_begin(overlay, 640, 480), PHOSPHENE_OK);
    ASSERT_EQ(phosphene_overlay_text(overlay, 10, 10, help.c_str(), &white, 1.0f), PHOSPHENE_OK);
    ASSERT_EQ(phosphene_overlay_end(overlay), PHOSPHENE_OK);
    glFinish();
    best = std::min(best, std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  }
  std::printf("[ timing   ] %zu characters at 640x480: best %.2f ms per begin/text/end\n",
              help.size(), best);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

INSTANTIATE_TEST_SUITE_P(Apis, TextOverlay, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
