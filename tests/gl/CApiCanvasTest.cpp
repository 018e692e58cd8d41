// What the C API (1.1) lets a host do to the feedback canvas, on GL 3.3 core and ES 3.0:
// phosphene_engine_set_start_clean (the next preset warps a black canvas instead of the picture
// before it) and phosphene_engine_set_texel_offset (the warp reads last frame's picture shifted
// by that many texels, so the feedback drifts by as much every frame).
#include <gtest/gtest.h>
#include <phosphene/phosphene.h>

#include <cmath>
#include <string>

#include "CApiFrames.hpp"
#include "GlTestContext.hpp"
#include "HostTarget.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;
using platform::RgbaImage;

constexpr int kW = 160, kH = 120;
const std::string kData = std::string(PHOSPHENE_SOURCE_DIR) + "/tests/data/sprites";

// No motion, no wave, no gamma: the canvas keeps what is drawn into it, unchanged.
std::string still(const std::string& extra = "") {
  return "[preset00]\nfDecay=1.0\nfGammaAdj=1.0\nfWaveAlpha=0.0\nnWaveMode=0\nzoom=1.0\n"
         "warp=0.0\nrot=0.0\n" +
         extra;
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

INSTANTIATE_TEST_SUITE_P(Apis, CApiCanvas, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
