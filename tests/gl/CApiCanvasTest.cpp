// What the C API (1.1) lets a host do to the feedback canvas, on GL 3.3 core and ES 3.0:
// phosphene_engine_set_start_clean (the next preset warps a black canvas instead of the picture
// before it), phosphene_engine_set_texel_offset (the warp reads last frame's picture shifted
// by that many texels, so the feedback drifts by as much every frame) and
// phosphene_engine_burn_texture (a host texture drawn into the canvas, then warped and faded);
// phosphene_engine_set_texture_provider (the host's pixels or GL texture for a preset's texture).
#include <gtest/gtest.h>
#include <phosphene/phosphene.h>
#include <phosphene/phosphene.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "CApiFrames.hpp"
#include "GlTestContext.hpp"
#include "HostTarget.hpp"
#include "gl/Gl.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;
using platform::RgbaImage;

constexpr int kW = 160, kH = 120;
const std::string kData = std::string(PHOSPHENE_SOURCE_DIR) + "/tests/data/sprites";

// No motion, no wave, no gamma: the canvas keeps what is drawn into it, unchanged (decay 1).
std::string still(const std::string& extra = "", const char* decay = "1.0") {
  return "[preset00]\nfDecay=" + std::string(decay) +
         "\nfGammaAdj=1.0\nfWaveAlpha=0.0\nnWaveMode=0\nzoom=1.0\nwarp=0.0\nrot=0.0\n" + extra;
}
// Borders over the whole screen, drawn into the canvas every frame: a flat grey picture.
const std::string kGrey =
    "ob_size=0.5\nob_r=0.5\nob_g=0.5\nob_b=0.5\nob_a=1.0\n"
    "ib_size=0.5\nib_r=0.5\nib_g=0.5\nib_b=0.5\nib_a=1.0\n";

struct Engine {
  phosphene_engine* engine = nullptr;
  Engine() {
    phosphene_engine_desc desc;
    phosphene_engine_desc_init(&desc);
    desc.log_min_level = PHOSPHENE_LOG_ERROR;
    desc.seed = 3;
    EXPECT_EQ(phosphene_engine_create(&desc, &engine), PHOSPHENE_OK);
    EXPECT_EQ(phosphene_engine_set_drawable_size(engine, kW, kH), PHOSPHENE_OK);
  }
  ~Engine() { phosphene_engine_destroy(engine); }
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
};

double meanRgb(const RgbaImage& image) {
  double sum = 0;
  for (std::size_t i = 0; i < image.pixels.size(); i += 4)
    sum += image.pixels[i] + image.pixels[i + 1] + image.pixels[i + 2];
  return sum / (3.0 * image.width * image.height);
}

// Mean x and y (rows top first) of the lit pixels; NaN when none is lit.
struct Centroid {
  double x = NAN, y = NAN;
};
Centroid litCentroid(const RgbaImage& image) {
  double sx = 0, sy = 0, n = 0;
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x) {
      const auto* px = image.at(x, y);
      if (px[0] + px[1] + px[2] > 60) {
        sx += x;
        sy += y;
        n += 1;
      }
    }
  return n > 0 ? Centroid{sx / n, sy / n} : Centroid{};
}

class CApiCanvas : public ::testing::TestWithParam<GlApi> {};

// A grey preset, then one that draws nothing and keeps its canvas: it shows the grey it was
// handed (MilkDrop 2), or black when presets start clean.
TEST_P(CApiCanvas, StartCleanGivesTheNextPresetABlackCanvas) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  for (const bool clean : {false, true}) {
    SCOPED_TRACE(clean ? "clean" : "carried");
    Engine e;
    ASSERT_EQ(phosphene_engine_set_start_clean(e.engine, clean ? 1 : 0), PHOSPHENE_OK);
    HostTarget target(kW, kH);
    ASSERT_EQ(loadTextNow(e.engine, still(kGrey)), PHOSPHENE_OK);
    for (int f = 0; f < 5; ++f) ASSERT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
    EXPECT_NEAR(meanRgb(target.read()), 127.0, 3.0);
    ASSERT_EQ(loadTextNow(e.engine, still()), PHOSPHENE_OK);
    for (int f = 0; f < 3; ++f) ASSERT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
    if (clean) {
      EXPECT_LT(meanRgb(target.read()), 1.0);
    } else {
      EXPECT_NEAR(meanRgb(target.read()), 127.0, 3.0);
    }
  }
}

// A sprite burnt into a still canvas once stays where it is; with a texel offset of (1, 0) the
// picture moves one pixel left every frame, with (0, 1) one pixel up.
TEST_P(CApiCanvas, TexelOffsetShiftsTheFeedbackByThatManyTexelsAFrame) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  auto run = [&](float x, float y) {
    Engine e;
    EXPECT_EQ(loadTextNow(e.engine, still()), PHOSPHENE_OK);
    EXPECT_EQ(phosphene_engine_set_texel_offset(e.engine, x, y), PHOSPHENE_OK);
    uint32_t id = 0;
    EXPECT_EQ(phosphene_sprite_launch_code(e.engine,
                                           "img=quadrants.png\ninit_1=sx=0.3; sy=0.3;\n"
                                           "code_1=done = 1;\n",
                                           kData.c_str(), &id),
              PHOSPHENE_OK);
    HostTarget target(kW, kH);
    EXPECT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
    for (int f = 0; f < 20; ++f) EXPECT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
    return litCentroid(target.read());
  };
  const Centroid still0 = run(0.0f, 0.0f), left = run(1.0f, 0.0f), up = run(0.0f, 1.0f);
  ASSERT_FALSE(std::isnan(still0.x));
  EXPECT_NEAR(left.x, still0.x - 20.0, 2.0);
  EXPECT_NEAR(left.y, still0.y, 1.0);
  EXPECT_NEAR(up.y, still0.y - 20.0, 2.0);
  EXPECT_NEAR(up.x, still0.x, 1.0);
}

// A host texture of w × h texels (RGBA8, rows bottom first as glTexImage2D takes them).
struct HostTexture {
  GLuint name = 0;
  HostTexture(int w, int h, const std::vector<std::uint8_t>& rgba) {
    glGenTextures(1, &name);
    glBindTexture(GL_TEXTURE_2D, name);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    glBindTexture(GL_TEXTURE_2D, 0);  // its filter stays the default (mipmapped, incomplete)
  }
  ~HostTexture() { glDeleteTextures(1, &name); }
  HostTexture(const HostTexture&) = delete;
  HostTexture& operator=(const HostTexture&) = delete;
};

bool isColour(const std::uint8_t* px, int r, int g, int b) {
  return std::abs(px[0] - r) <= 8 && std::abs(px[1] - g) <= 8 && std::abs(px[2] - b) <= 8;
}

// Burnt into a still canvas: the rectangle shows in the next frame, exactly where asked, upright
// (the texture's top row at the top) and mirrored by a negative width; the canvas keeps it.
TEST_P(CApiCanvas, BurntTextureShowsInTheNextFrameWhereAsked) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Engine e;
  ASSERT_EQ(loadTextNow(e.engine, still()), PHOSPHENE_OK);
  // 2 × 2: bottom row blue, blue; top row red, green.
  const HostTexture texture(2, 2, {0, 0, 255, 255, 0, 0, 255, 255, 255, 0, 0, 255, 0, 255, 0, 255});
  HostTarget target(kW, kH);
  ASSERT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
  EXPECT_LT(meanRgb(target.read()), 1.0);
  ASSERT_EQ(phosphene_engine_burn_texture(e.engine, texture.name, 40, 20, 40, 40), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_engine_burn_texture(e.engine, texture.name, 140, 70, -40, 40), PHOSPHENE_OK);
  ASSERT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
  const RgbaImage image = target.read();
  EXPECT_TRUE(isColour(image.at(45, 25), 255, 0, 0));   // top left of the first: red
  EXPECT_TRUE(isColour(image.at(75, 25), 0, 255, 0));   // top right: green
  EXPECT_TRUE(isColour(image.at(45, 55), 0, 0, 255));   // bottom: blue
  EXPECT_TRUE(isColour(image.at(105, 75), 0, 255, 0));  // mirrored: green at the top left
  EXPECT_TRUE(isColour(image.at(135, 75), 255, 0, 0));
  EXPECT_TRUE(isColour(image.at(20, 100), 0, 0, 0));  // outside both
  EXPECT_TRUE(isColour(image.at(39, 40), 0, 0, 0));
  EXPECT_TRUE(isColour(image.at(81, 40), 0, 0, 0));
  for (int f = 0; f < 5; ++f) ASSERT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
  EXPECT_EQ(target.read().pixels, image.pixels) << "a still preset keeps it; burnt only once";
}

// With the preset's motion and decay: the burnt square moves and fades as the preset's picture.
TEST_P(CApiCanvas, BurntTextureMovesAndFadesWithThePreset) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  const HostTexture red(1, 1, {255, 0, 0, 255});
  auto run = [&](const std::string& motion, const char* decay = "1.0") {
    Engine e;
    EXPECT_EQ(loadTextNow(e.engine, still(motion, decay)), PHOSPHENE_OK);
    HostTarget target(kW, kH);
    EXPECT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
    EXPECT_EQ(phosphene_engine_burn_texture(e.engine, red.name, 60, 40, 40, 40), PHOSPHENE_OK);
    for (int f = 0; f < 11; ++f) EXPECT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
    return target.read();
  };
  const RgbaImage kept = run(""), moved = run("dx=-0.0125\n"), faded = run("", "0.9");
  const Centroid at = litCentroid(kept), to = litCentroid(moved);
  EXPECT_NEAR(at.x, 80.0, 1.0);
  EXPECT_NEAR(at.y, 60.0, 1.0);
  EXPECT_GT(std::abs(to.x - at.x), 10.0) << "dx carries it sideways";
  EXPECT_NEAR(to.y, at.y, 1.0);
  EXPECT_TRUE(isColour(kept.at(80, 60), 255, 0, 0));
  const auto* dim = faded.at(80, 60);
  EXPECT_LT(dim[0], 200) << "decay fades it";
  EXPECT_GT(dim[0], 20);
}

TEST_P(CApiCanvas, BurnTextureChecksItsArguments) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Engine e;
  EXPECT_EQ(phosphene_engine_burn_texture(nullptr, 1, 0, 0, 1, 1),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_engine_burn_texture(e.engine, 0, 0, 0, 1, 1),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_engine_burn_texture(e.engine, 1, 0, 0, 0, 1),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_engine_burn_texture(e.engine, 1, 0, 0, 1, 20000),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_engine_burn_texture(e.engine, 1, -40000, 0, 1, 1),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
  for (int i = 0; i < PHOSPHENE_MAX_BURNS; ++i)
    EXPECT_EQ(phosphene_engine_burn_texture(e.engine, 12345, 0, 0, 4, 4), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_burn_texture(e.engine, 12345, 0, 0, 4, 4),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
  // 12345 is no texture: skipped at the draw, which still succeeds; the queue is empty again.
  ASSERT_EQ(loadTextNow(e.engine, still()), PHOSPHENE_OK);
  HostTarget target(kW, kH);
  EXPECT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
  EXPECT_LT(meanRgb(target.read()), 1.0);
  EXPECT_EQ(phosphene_engine_burn_texture(e.engine, 12345, 0, 0, 4, 4), PHOSPHENE_OK);
}

// phosphene_engine_read_canvas: the canvas the last draw left, rows top first, the size alone
// without pixels, and the host's pixel-pack state untouched.
TEST_P(CApiCanvas, ReadCanvasGivesTheCanvasTheLastDrawLeft) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Engine e;
  int w = -1, h = -1;
  EXPECT_EQ(phosphene_engine_read_canvas(e.engine, nullptr, 0, &w, &h), PHOSPHENE_OK);
  EXPECT_EQ(w, 0);  // nothing drawn yet
  EXPECT_EQ(h, 0);
  ASSERT_EQ(loadTextNow(e.engine, still()), PHOSPHENE_OK);
  const HostTexture red(1, 1, {255, 0, 0, 255});
  HostTarget target(kW, kH);
  ASSERT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_engine_burn_texture(e.engine, red.name, 10, 5, 20, 10), PHOSPHENE_OK);
  ASSERT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
  glPixelStorei(GL_PACK_ALIGNMENT, 8);
  EXPECT_EQ(phosphene_engine_read_canvas(e.engine, nullptr, 0, &w, &h), PHOSPHENE_OK);
  EXPECT_EQ(w, kW);
  EXPECT_EQ(h, kH);
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(kW) * kH * 4);
  EXPECT_EQ(phosphene_engine_read_canvas(e.engine, pixels.data(), pixels.size() - 1, &w, &h),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_engine_read_canvas(e.engine, nullptr, 4, &w, &h),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(phosphene_engine_read_canvas(e.engine, nullptr, 0, nullptr, &h),
            PHOSPHENE_ERROR_INVALID_ARGUMENT);
  ASSERT_EQ(phosphene_engine_read_canvas(e.engine, pixels.data(), pixels.size(), &w, &h),
            PHOSPHENE_OK);
  GLint alignment = 0;
  glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
  EXPECT_EQ(alignment, 8);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  const auto at = [&](int x, int y) { return &pixels[(static_cast<std::size_t>(y) * kW + x) * 4]; };
  EXPECT_TRUE(isColour(at(15, 8), 255, 0, 0));  // in the burnt rectangle (top-left origin)
  EXPECT_TRUE(isColour(at(15, 20), 0, 0, 0));
  EXPECT_TRUE(isColour(at(5, 8), 0, 0, 0));
  // The same as the picture drawn (a still preset's composite shows its canvas as it is).
  const RgbaImage shown = target.read();
  int differing = 0;
  for (std::size_t i = 0; i < pixels.size(); i += 4)
    differing += shown.pixels[i] != pixels[i] || shown.pixels[i + 1] != pixels[i + 1] ||
                 shown.pixels[i + 2] != pixels[i + 2];
  EXPECT_EQ(differing, 0);
}

// A preset whose comp shader shows one user texture over the whole frame.
std::string showing(const std::string& sampler) {
  return "[preset00]\nMILKDROP_PRESET_VERSION=201\nPSVERSION=2\nPSVERSION_WARP=2\n"
         "PSVERSION_COMP=2\nfGammaAdj=1.0\ncomp_1=`sampler " +
         sampler + ";\ncomp_2=`shader_body { ret = tex2D(" + sampler + ", uv).xyz; }\n";
}

// What a test provider answers, and what it was asked.
struct Provider {
  std::vector<std::string> asked;
  std::uint32_t structSize = 0;
  std::string answerFor;  // the one name answered
  std::vector<std::uint8_t> pixels;
  std::uint32_t width = 0, height = 0, channels = 0, texture = 0;
  static void call(void* self, phosphene_texture_request* request) {
    auto& p = *static_cast<Provider*>(self);
    p.asked.emplace_back(request->name);
    p.structSize = request->struct_size;
    EXPECT_EQ(request->pixels, nullptr);
    EXPECT_EQ(request->gl_texture, 0u);
    if (p.answerFor != request->name) return;
    request->pixels = p.pixels.empty() ? nullptr : p.pixels.data();
    request->width = p.width;
    request->height = p.height;
    request->channels = p.channels;
    request->gl_texture = p.texture;
  }
};

// The provider's RGB pixels (rows top first) are what the preset samples, once asked by the
// name the preset writes (after the sampler_ prefix and the filter/wrap code), before any file.
TEST_P(CApiCanvas, ProvidedPixelsAreThePresetsTexture) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Engine e;
  Provider provider;
  provider.answerFor = "HostTex";
  // 2 × 2 RGB: top row red, green; bottom row blue, white.
  provider.pixels = {255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255};
  provider.width = provider.height = 2;
  provider.channels = 3;
  ASSERT_EQ(phosphene_engine_set_texture_provider(e.engine, &Provider::call, &provider),
            PHOSPHENE_OK);
  ASSERT_EQ(loadTextNow(e.engine, showing("sampler_fc_HostTex")), PHOSPHENE_OK);
  HostTarget target(kW, kH);
  for (int f = 0; f < 2; ++f) ASSERT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
  const RgbaImage image = target.read();
  EXPECT_TRUE(isColour(image.at(20, 15), 255, 0, 0));
  EXPECT_TRUE(isColour(image.at(140, 15), 0, 255, 0));
  EXPECT_TRUE(isColour(image.at(20, 105), 0, 0, 255));
  EXPECT_TRUE(isColour(image.at(140, 105), 255, 255, 255));
  ASSERT_EQ(provider.asked, std::vector<std::string>{"HostTex"}) << "asked once, answer kept";
  EXPECT_EQ(provider.structSize, sizeof(phosphene_texture_request));
  EXPECT_EQ(phosphene_engine_current_preset_diagnostic_count(e.engine), 0u);
}

// A GL texture answer is bound as it is and stays the host's: the engine never deletes it.
TEST_P(CApiCanvas, ProvidedGlTextureIsBoundAndNotTakenOver) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  const HostTexture green(1, 1, {0, 255, 0, 255});
  glBindTexture(GL_TEXTURE_2D, green.name);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);  // complete without mips
  glBindTexture(GL_TEXTURE_2D, 0);
  {
    Engine e;
    Provider provider;
    provider.answerFor = "hosttex";
    provider.width = provider.height = 1;
    provider.texture = green.name;
    ASSERT_EQ(phosphene_engine_set_texture_provider(e.engine, &Provider::call, &provider),
              PHOSPHENE_OK);
    ASSERT_EQ(loadTextNow(e.engine, showing("sampler_hosttex")), PHOSPHENE_OK);
    HostTarget target(kW, kH);
    for (int f = 0; f < 2; ++f) ASSERT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
    const RgbaImage image = target.read();
    EXPECT_TRUE(isColour(image.at(80, 60), 0, 255, 0));
    EXPECT_TRUE(isColour(image.at(5, 5), 0, 255, 0));
    // Removing the provider relinks; the host's texture is still not deleted.
    ASSERT_EQ(phosphene_engine_set_texture_provider(e.engine, nullptr, nullptr), PHOSPHENE_OK);
    for (int f = 0; f < 2; ++f) ASSERT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
    EXPECT_TRUE(isColour(target.read().at(80, 60), 0, 0, 0)) << "no file named hosttex";
  }
  EXPECT_EQ(glIsTexture(green.name), GL_TRUE);
}

// No answer (or one that is not valid): the files, as without a provider; none: black.
TEST_P(CApiCanvas, NoProvidedTextureFallsBackToTheFiles) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  const std::string folder = std::string(PHOSPHENE_SOURCE_DIR) + "/tests/data/textures";
  const char* dirs[] = {folder.c_str()};
  auto run = [&](Provider* provider, const std::string& sampler) {
    Engine e;
    EXPECT_EQ(phosphene_engine_set_texture_search_path(e.engine, dirs, 1), PHOSPHENE_OK);
    if (provider != nullptr) {
      EXPECT_EQ(phosphene_engine_set_texture_provider(e.engine, &Provider::call, provider),
                PHOSPHENE_OK);
    }
    EXPECT_EQ(loadTextNow(e.engine, showing(sampler)), PHOSPHENE_OK);
    HostTarget target(kW, kH);
    for (int f = 0; f < 2; ++f) EXPECT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
    return target.read();
  };
  const RgbaImage file = run(nullptr, "sampler_card");
  ASSERT_GT(meanRgb(file), 5.0);
  Provider silent;
  EXPECT_EQ(run(&silent, "sampler_card").pixels, file.pixels);
  EXPECT_EQ(silent.asked, std::vector<std::string>{"card"});
  Provider invalid;  // pixels without a size
  invalid.answerFor = "card";
  invalid.pixels = {255, 255, 255, 255};
  invalid.channels = 4;
  EXPECT_EQ(run(&invalid, "sampler_card").pixels, file.pixels);
  EXPECT_LT(meanRgb(run(&silent, "sampler_nosuchtexture")), 1.0);
}

// The C++ wrapper's provider (phosphene.hpp): a lambda's answer is the preset's texture; one that
// throws counts as no answer, even after filling half of the request, and the files are used.
TEST_P(CApiCanvas, CppTextureProviderAnswersAndAThrowFallsBackToTheFiles) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  const std::string folder = std::string(PHOSPHENE_SOURCE_DIR) + "/tests/data/textures";
  const char* dirs[] = {folder.c_str()};
  const std::vector<std::uint8_t> blue = {0, 0, 255, 255};
  auto run = [&](phosphene::Engine::TextureProviderFunction provider) {
    phosphene_engine_desc desc;
    phosphene_engine_desc_init(&desc);
    desc.log_min_level = PHOSPHENE_LOG_ERROR;
    phosphene::Engine moved(desc);
    EXPECT_EQ(moved.setDrawableSize(kW, kH), PHOSPHENE_OK);
    EXPECT_EQ(phosphene_engine_set_texture_search_path(moved.get(), dirs, 1), PHOSPHENE_OK);
    EXPECT_EQ(moved.setTextureProvider(std::move(provider)), PHOSPHENE_OK);
    phosphene::Engine e(std::move(moved));  // the provider survives a move of the Engine
    EXPECT_EQ(loadTextNow(e.get(), showing("sampler_card")), PHOSPHENE_OK);
    HostTarget target(kW, kH);
    for (int f = 0; f < 2; ++f) EXPECT_EQ(renderTo(e.get(), target.fbo, kW, kH), PHOSPHENE_OK);
    return target.read();
  };
  int asked = 0;
  const RgbaImage answered = run([&](phosphene_texture_request& r) {
    ++asked;
    r.pixels = blue.data();
    r.width = r.height = 1;
    r.channels = 4;
  });
  EXPECT_EQ(asked, 1);
  EXPECT_TRUE(isColour(answered.at(kW / 2, kH / 2), 0, 0, 255));
  const RgbaImage file = run(nullptr);
  ASSERT_GT(meanRgb(file), 5.0);
  const RgbaImage thrown = run([&](phosphene_texture_request& r) {
    r.pixels = blue.data();
    r.width = r.height = 1;
    throw std::runtime_error("host failure");
  });
  EXPECT_EQ(thrown.pixels, file.pixels);
}

INSTANTIATE_TEST_SUITE_P(Apis, CApiCanvas, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
