// Custom messages and the song title on GL 3.3 and ES 3.0 (issue 35): golden images of a message
// half way through its fade-in and of the title in mid-flight, and a message launched before a
// hard cut and a transition that is drawn through both and burnt into the canvas at its end.
//
// MD2 facts (vis_milk2): milkdropfs.cpp RenderFrame draws the supertext over the composited
// picture while progress < 1 (ShowSongTitleAnim(GetWidth(), GetHeight(), min(p, 0.9999))) and,
// on the frame progress reaches 1, into VS1 before the composite (ShowSongTitleAnim(texsize, 1)),
// then turns it off; ShowSongTitleAnim's message alpha is CosineInterp(min(1, p / fade)) and the
// title's p^0.3 with scale 1.01 / (p^0.21 + 0.01); plugin.cpp keeps m_supertext in CPlugin, so
// LoadPreset (hard cut or blend) does not touch it.
//
// Fixed clock (30 fps), fixed seed, synthetic audio, the built-in bitmap font (the same glyphs on
// every machine), 160×120. Both APIs compare against one golden per case (tests/gl/README.md).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "GlTestContext.hpp"
#include "GoldenImage.hpp"
#include "KickAndChordAudio.hpp"
#include "engine/Engine.hpp"
#include "gl/Framebuffer.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;

constexpr int kW = 160, kH = 120;

// A slow zoom with a strong decay, a blue waveform and a teal outer border: enough picture for
// the message's darkening shadow to show, and a canvas that carries burnt-in text outwards.
constexpr const char* kPresetA =
    "[preset00]\nfDecay=0.96\nzoom=1.03\nrot=0\nwarp=0\nnWaveMode=0\nfWaveAlpha=1\n"
    "wave_r=0.3\nwave_g=0.5\nwave_b=1\nbMaximizeWaveColor=1\nob_size=0.04\nob_r=0.1\nob_g=0.6\n"
    "ob_b=0.5\nob_a=1\n";
// A different picture for the switches: a red dotted wave, no border, a slight rotation.
constexpr const char* kPresetB =
    "[preset00]\nfDecay=0.9\nzoom=0.99\nrot=0.02\nnWaveMode=2\nbWaveDots=1\nwave_r=1\n"
    "wave_g=0.2\nwave_b=0.2\nob_a=0\n";

class Player {
 public:
  explicit Player(const char* preset) : engine_(engine::EngineSettings{.fps = 30.0, .seed = 35}) {
    engine_.setMeshSize(32, 24);
    engine::SwitchSettings s;
    s.autoSwitch = false;
    s.waitForLoads = true;
    engine_.setSwitchSettings(s);
    engine_.setMessageFont("built-in");
    EXPECT_EQ(engine_.loadPresetText(preset, "a"), engine::LoadStatus::Ok) << engine_.lastError();
  }
  engine::Engine& engine() { return engine_; }
  void renderTo(const gl::Framebuffer& fb) {
    feedKickAndChord(engine_, ++frame_);
    EXPECT_TRUE(static_cast<bool>(engine_.renderFrame({fb.id(), 0, fb.width(), fb.height()}, 0.0)))
        << engine_.lastError();
  }
  /// One frame whose result the caller judges.
  engine::FrameResult tryRenderTo(const gl::Framebuffer& fb) {
    feedKickAndChord(engine_, ++frame_);
    return engine_.renderFrame({fb.id(), 0, fb.width(), fb.height()}, 0.0);
  }
  void renderUntil(const gl::Framebuffer& fb, int frame) {
    while (frame_ < frame) renderTo(fb);
  }
  int frame() const { return frame_; }

 private:
  engine::Engine engine_;
  int frame_ = 0;
};

message::CustomMessage orangeMessage() {
  message::CustomMessage m;
  m.text = "Phosphene";
  m.size = 50.0f;
  m.y = 0.4f;
  m.time = 2.0f;  // 60 frames
  m.fade = 0.5f;  // fading in over the first second
  m.growth = 1.5f;
  m.r = 255;
  m.g = 170;
  m.b = 40;
  return m;
}

// Mean absolute RGB difference over a region of two images (0..255).
double meanDiff(const platform::RgbaImage& a, const platform::RgbaImage& b, int x0, int y0, int x1,
                int y1) {
  double sum = 0;
  int n = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x)
      for (int c = 0; c < 3; ++c) {
        sum += std::abs(static_cast<int>(a.at(x, y)[c]) - static_cast<int>(b.at(x, y)[c]));
        ++n;
      }
  return n > 0 ? sum / n : 0.0;
}

class MessageGolden : public ::testing::TestWithParam<GlApi> {};

TEST_P(MessageGolden, MessageMidFade) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  Player player(kPresetA);
  auto out = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(out.ok());
  player.renderUntil(*out, 20);
  ASSERT_TRUE(player.engine().showMessage(orangeMessage()));
  // 15 frames = 0.5 s = p 0.25 of 2 s: a quarter through its life, half way through its fade
  // (alpha CosineInterp(0.5) = 0.5), grown to 1 + 0.25 · 0.5 = 1.125 times its size.
  player.renderUntil(*out, 35);
  const auto result = compareWithGolden("message_midfade", readFramebuffer(*out), {30.0, 0.92});
  EXPECT_TRUE(result.passed) << result.message;
  EXPECT_TRUE(ctx->debugErrors().empty());
}

TEST_P(MessageGolden, SongTitleMidFlight) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  Player player(kPresetA);
  auto out = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(out.ok());
  player.renderUntil(*out, 20);
  ASSERT_TRUE(player.engine().showSongTitle("Artist - Song"));
  // 0.5 s of 1.7 s: p ≈ 0.29, still 1.01 / (0.29^0.21 + 0.01) ≈ 1.29 times its final size, at
  // brightness 0.29^0.3 ≈ 0.69, wobbling with what is left of its ramp.
  player.renderUntil(*out, 35);
  const auto result =
      compareWithGolden("song_title_midflight", readFramebuffer(*out), {30.0, 0.92});
  EXPECT_TRUE(result.passed) << result.message;
  EXPECT_TRUE(ctx->debugErrors().empty());
}

TEST_P(MessageGolden, MessageSurvivesHardCutAndTransitionThenBurnsIn) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  auto outA = gl::Framebuffer::create({kW, kH});
  auto outB = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(outA.ok() && outB.ok());
  // Two engines, the same frames, switches and audio; only `withText` shows the message.
  Player plain(kPresetA), withText(kPresetA);
  const auto both = [&](int frame) {
    plain.renderUntil(*outA, frame);
    withText.renderUntil(*outB, frame);
  };
  both(10);
  ASSERT_TRUE(withText.engine().showMessage(orangeMessage()));  // 60 frames: ends at frame 70
  both(20);
  for (Player* p : {&plain, &withText})  // a hard cut
    ASSERT_EQ(p->engine().loadPresetText(kPresetB, "b"), engine::LoadStatus::Ok);
  both(30);
  const auto textRegion = [&](const platform::RgbaImage& a, const platform::RgbaImage& b) {
    return meanDiff(a, b, kW / 8, kH / 4, kW * 7 / 8, kH * 3 / 5);
  };
  EXPECT_GT(textRegion(readFramebuffer(*outA), readFramebuffer(*outB)), 4.0)
      << "the message is drawn after the hard cut";
  for (Player* p : {&plain, &withText})  // a 1 s transition back, frames 31..61
    p->engine().requestPreset(engine::PresetSource::fromText(kPresetA, "a2"), 1.0);
  both(45);
  ASSERT_TRUE(withText.engine().transitioning());
  EXPECT_GT(textRegion(readFramebuffer(*outA), readFramebuffer(*outB)), 4.0)
      << "the message is drawn during the transition";
  EXPECT_TRUE(withText.engine().supertext().active());
  both(69);
  EXPECT_TRUE(withText.engine().supertext().active());
  both(70);  // progress 1: drawn over the picture and burnt into the canvas, then off
  EXPECT_FALSE(withText.engine().supertext().active());
  both(72);
  // Nothing is drawn over the picture any more, but the canvas still carries the text.
  EXPECT_GT(textRegion(readFramebuffer(*outA), readFramebuffer(*outB)), 2.0)
      << "the burnt-in message is still in the canvas";
  EXPECT_TRUE(ctx->debugErrors().empty());
}

TEST_P(MessageGolden, PresetNameInTheUpperRightCorner) {
  // MD2 writes the preset name right-aligned in the upper-right corner while bShowPresetInfo is
  // on (plugin.cpp, the overlay text of RenderFrame); nothing else of the picture changes.
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  auto outA = gl::Framebuffer::create({kW, kH});
  auto outB = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(outA.ok() && outB.ok());
  Player plain(kPresetA), named(kPresetA);
  named.engine().setPresetNameDisplay(true, 0.0);
  plain.renderUntil(*outA, 5);
  named.renderUntil(*outB, 5);
  const platform::RgbaImage a = readFramebuffer(*outA), b = readFramebuffer(*outB);
  EXPECT_GT(meanDiff(a, b, kW / 2, 0, kW, kH / 6), 2.0) << "the name is written top right";
  EXPECT_EQ(meanDiff(a, b, 0, kH / 3, kW, kH), 0.0) << "and nowhere else";
  // Off again: the next frames match (the name is drawn over the picture, never into it).
  named.engine().setPresetNameDisplay(false, 0.0);
  plain.renderUntil(*outA, 6);
  named.renderUntil(*outB, 6);
  EXPECT_EQ(meanDiff(readFramebuffer(*outA), readFramebuffer(*outB), 0, 0, kW, kH), 0.0);
  EXPECT_TRUE(ctx->debugErrors().empty());
}

TEST_P(MessageGolden, UnreadableFontFailsOneDrawThenShowsNoText) {
  // Phosphene's own rule (phosphene_engine_set_message_font): a font file that cannot be read
  // shows no text; the first draw that needs it fails with the reason, the frames after it draw
  // the picture without the text and without repeating the failure. The font set again is tried
  // again; a readable one shows the message.
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  auto outA = gl::Framebuffer::create({kW, kH});
  auto outB = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(outA.ok() && outB.ok());
  Player plain(kPresetA), broken(kPresetA);
  const std::string missing = "/nonexistent/phosphene-no-such-font.ttf";
  broken.engine().setMessageFont(missing);
  plain.renderUntil(*outA, 5);
  broken.renderUntil(*outB, 5);  // no text yet: the font is not opened
  ASSERT_TRUE(broken.engine().showMessage(orangeMessage()));
  plain.renderUntil(*outA, 6);
  const engine::FrameResult first = broken.tryRenderTo(*outB);
  EXPECT_FALSE(static_cast<bool>(first));
  ASSERT_FALSE(first.diagnostics.empty());
  EXPECT_NE(first.diagnostics.front().message.find("phosphene-no-such-font"), std::string::npos)
      << first.diagnostics.front().message;
  plain.renderUntil(*outA, 12);
  broken.renderUntil(*outB, 12);  // Ok from here on (renderTo expects it)
  EXPECT_EQ(meanDiff(readFramebuffer(*outA), readFramebuffer(*outB), 0, 0, kW, kH), 0.0)
      << "no text is drawn with the unreadable font";
  // Set again, even to the same name, the font is tried again (the file may be there by now).
  broken.engine().setMessageFont(missing);
  plain.renderUntil(*outA, 13);
  EXPECT_FALSE(static_cast<bool>(broken.tryRenderTo(*outB)));
  broken.engine().setMessageFont("built-in");
  plain.renderUntil(*outA, 20);
  broken.renderUntil(*outB, 20);
  EXPECT_GT(meanDiff(readFramebuffer(*outA), readFramebuffer(*outB), kW / 8, kH / 4, kW * 7 / 8,
                     kH * 3 / 5),
            4.0)
      << "the message shows once a readable font is set";
  EXPECT_TRUE(ctx->debugErrors().empty());
}

TEST_P(MessageGolden, UnreadableFontIsOneDiagnosticForTheMessageAndThePresetName) {
  // The message and the preset name are written at two sizes, each opening the font: one file
  // that cannot be read was reported twice on the one draw that needed both.
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  auto out = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(out.ok());
  Player broken(kPresetA);
  const std::string missing = "/nonexistent/phosphene-no-such-font.ttf";
  broken.engine().setMessageFont(missing);
  broken.renderUntil(*out, 5);
  broken.engine().setPresetNameDisplay(true, 0.0);
  ASSERT_TRUE(broken.engine().showMessage(orangeMessage()));
  const engine::FrameResult first = broken.tryRenderTo(*out);
  EXPECT_FALSE(static_cast<bool>(first));
  int naming = 0;
  for (const auto& d : first.diagnostics)
    naming += d.message.find("phosphene-no-such-font") != std::string::npos;
  EXPECT_EQ(naming, 1) << "one unreadable font file, one diagnostic";
  broken.renderUntil(*out, 8);  // and none after it
}

INSTANTIATE_TEST_SUITE_P(Apis, MessageGolden, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
