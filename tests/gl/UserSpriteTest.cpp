// User sprites (phosphene_sprite.h) drawn through the engine on GL 3.3 core and ES 3.0, with
// goldens: every blend mode, a burnt-in sprite carried by the warp, a repeating sprite; and a
// redraw. MD2 facts:
// vis_milk2/milkdropfs.cpp DrawUserSprites (the blend table: 0 alpha, 1 decal without blending and
// rgb × a, 2 additive ONE/ONE with rgb × a, 3 SRCCOLOR/INVSRCCOLOR, 4 alpha with the texture's
// alpha; burn also draws into VS1, which the next frame warps; drawn after the composite),
// texmgr.cpp LoadTex (colour key 0xFF000000 | colorkey: keyed texels are transparent black).
#include <gtest/gtest.h>
#include <phosphene/phosphene.h>

#include <cstdlib>
#include <string>

#include "CApiFrames.hpp"
#include "GlTestContext.hpp"
#include "GoldenImage.hpp"
#include "HostTarget.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;
using platform::RgbaImage;

constexpr int kW = 160, kH = 120;
const std::string kData = std::string(PHOSPHENE_SOURCE_DIR) + "/tests/data/sprites";

// No motion, no wave, no gamma: the canvas shows only what is drawn into it. `extra` adds keys.
std::string preset(const std::string& extra) {
  return "[preset00]\nfDecay=1.0\nfGammaAdj=1.0\nfWaveAlpha=0.0\nnWaveMode=0\nzoom=1.0\n"
         "warp=0.0\nrot=0.0\n" +
         extra;
}
// The outer border (the outer half of the screen) and the inner one (the rest) cover all of it:
// a flat grey canvas every frame.
const std::string kGrey =
    "ob_size=0.5\nob_r=0.5\nob_g=0.5\nob_b=0.5\nob_a=1.0\n"
    "ib_size=0.5\nib_r=0.5\nib_g=0.5\nib_b=0.5\nib_a=1.0\n";

struct Engine {
  phosphene_engine* engine = nullptr;
  explicit Engine(const std::string& presetText) {
    phosphene_engine_desc desc;
    phosphene_engine_desc_init(&desc);
    desc.log_min_level = PHOSPHENE_LOG_ERROR;
    desc.seed = 3;
    EXPECT_EQ(phosphene_engine_create(&desc, &engine), PHOSPHENE_OK);
    EXPECT_EQ(loadTextNow(engine, presetText), PHOSPHENE_OK);
    EXPECT_EQ(phosphene_engine_set_drawable_size(engine, kW, kH), PHOSPHENE_OK);
  }
  ~Engine() { phosphene_engine_destroy(engine); }
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  uint32_t launch(const std::string& code) {
    uint32_t id = 0;
    EXPECT_EQ(phosphene_sprite_launch_code(engine, code.c_str(), kData.c_str(), &id), PHOSPHENE_OK)
        << phosphene_engine_last_error(engine);
    return id;
  }
};

bool near(const std::uint8_t* px, int r, int g, int b, int tolerance = 3) {
  return std::abs(px[0] - r) <= tolerance && std::abs(px[1] - g) <= tolerance &&
         std::abs(px[2] - b) <= tolerance;
}

// The quadrants image, magenta keyed, sprite `mode` of 5 in a row; colour (1, 0.8, 0.6), a 0.6.
std::string blendSprite(int mode) {
  return "img=quadrants.png\ncolorkey=0xFF00FF\ninit_1=burn=0; blendmode=" + std::to_string(mode) +
         "; x=" + std::to_string(0.1 + 0.2 * mode) +
         "; y=0.5; sx=0.09; sy=0.09; r=1; g=0.8; b=0.6; a=0.6;\n";
}

class UserSprites : public ::testing::TestWithParam<GlApi> {};

TEST_P(UserSprites, EachBlendModeAsMilkDropDrawsIt) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Engine e(preset(kGrey));
  for (int mode = 0; mode < 5; ++mode) e.launch(blendSprite(mode));
  HostTarget target(kW, kH);
  ASSERT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
  const RgbaImage image = target.read();
  // Sprite k's centre column is 16 + 32k; its quads are 14 px wide (0.09 × 80 px × 2), 14 tall
  // after the 4:3 stretch of y. The magenta quadrant (keyed: transparent black) is right-bottom.
  const auto keyed = [&](int mode) { return image.at(16 + 32 * mode + 4, 60 + 4); };
  const auto red = [&](int mode) { return image.at(16 + 32 * mode - 4, 60 - 4); };
  // 0 alpha: red × (1, 0.8, 0.6) at a = 0.6 over grey 127; the keyed texel is black at a = 0.6.
  EXPECT_TRUE(near(red(0), 204, 51, 51, 4)) << int(red(0)[0]) << " " << int(red(0)[1]);
  EXPECT_TRUE(near(keyed(0), 51, 51, 51, 4)) << int(keyed(0)[0]);
  // 1 decal: no blending, rgb × a: red × 0.6; the keyed texel is black.
  EXPECT_TRUE(near(red(1), 153, 0, 0, 3)) << int(red(1)[0]);
  EXPECT_TRUE(near(keyed(1), 0, 0, 0, 3));
  // 2 additive: grey + red × 0.6; the keyed texel adds nothing.
  EXPECT_TRUE(near(red(2), 255, 127, 127, 3)) << int(red(2)[1]);
  EXPECT_TRUE(near(keyed(2), 127, 127, 127, 3));
  // 3 source colour: red·red + grey·(1 − red) = (255, 127, 127); keyed black leaves grey.
  EXPECT_TRUE(near(red(3), 255, 127, 127, 3));
  EXPECT_TRUE(near(keyed(3), 127, 127, 127, 3));
  // 4 colour key: like 0 where the texture is opaque; keyed texels are not drawn at all.
  EXPECT_TRUE(near(red(4), 204, 51, 51, 4));
  EXPECT_TRUE(near(keyed(4), 127, 127, 127, 3));
  EXPECT_TRUE(compareWithGolden("user_sprite_blend_modes", image, {40.0, 0.98}).passed);
}

TEST_P(UserSprites, BurntSpriteIsCarriedByTheWarp) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  // The preset turns its picture by 0.1 rad a frame; nothing else lights the canvas.
  Engine e(preset("per_frame_1=rot = 0.1;\n"));
  // Burnt in once (burn defaults to 1), then done: drawn on screen that frame, and into VS1.
  e.launch("img=quadrants.png\ninit_1=sx=0.3; sy=0.3;\ncode_1=done = 1;\n");
  HostTarget target(kW, kH);
  ASSERT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_sprite_count(e.engine), 0u);
  const RgbaImage first = target.read();
  EXPECT_TRUE(near(first.at(80 - 12, 60 - 12), 255, 0, 0));  // the sprite itself, unturned
  for (int f = 0; f < 8; ++f) ASSERT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
  const RgbaImage carried = target.read();
  // Still there (the sprite is gone: this is the canvas), and turned: the centre column above
  // the middle is no longer the red/green seam it was.
  int lit = 0;
  for (int y = 30; y < 90; ++y)
    for (int x = 50; x < 110; ++x) lit += carried.at(x, y)[0] + carried.at(x, y)[1] > 100;
  EXPECT_GT(lit, 1000);
  EXPECT_TRUE(compareWithGolden("user_sprite_burn_carried", carried, {35.0, 0.95}).passed);
}

TEST_P(UserSprites, RepeatAndFlip) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Engine e(preset(""));
  e.launch("img=quadrants.png\ninit_1=burn=0; sx=0.9; sy=0.6; repeatx=3; repeaty=2; flipx=1;\n");
  HostTarget target(kW, kH);
  ASSERT_EQ(renderTo(e.engine, target.fbo, kW, kH), PHOSPHENE_OK);
  const RgbaImage image = target.read();
  // u runs over [-1, 2] and v over [-0.5, 1.5] (±0.5 × repeat + 0.5, wrapped): 3 tiles across,
  // 2 down starting half-way into the image; flipx mirrors them (green left of red).
  EXPECT_TRUE(compareWithGolden("user_sprite_repeat", image, {40.0, 0.98}).passed);
}

// A second draw of the same frame (a redraw: another view) shows the sprites of that frame again
// without running their code: the sprite that ended in it is still in the picture.
TEST_P(UserSprites, RedrawShowsTheFramesSpritesAgain) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Engine e(preset(""));
  e.launch("img=quadrants.png\ninit_1=burn=0; sx=0.3; sy=0.3;\ncode_1=done = 1;\n");
  HostTarget first(kW, kH), second(kW, kH);
  ASSERT_EQ(phosphene_engine_advance(e.engine, 0.0), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_sprite_count(e.engine), 0u);  // ended in this frame, after its draw
  const phosphene_render_target a = framebufferTarget(first), b = framebufferTarget(second);
  ASSERT_EQ(phosphene_engine_draw(e.engine, &a), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_engine_draw(e.engine, &b), PHOSPHENE_OK);
  EXPECT_TRUE(near(first.read().at(80 - 12, 60 - 12), 255, 0, 0));
  EXPECT_TRUE(near(second.read().at(80 - 12, 60 - 12), 255, 0, 0));
  // The next frame has no sprite and nothing was burnt in.
  ASSERT_EQ(renderTo(e.engine, first.fbo, kW, kH), PHOSPHENE_OK);
  EXPECT_TRUE(near(first.read().at(80 - 12, 60 - 12), 0, 0, 0));
}

INSTANTIATE_TEST_SUITE_P(Apis, UserSprites, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
