// Launching custom messages and the song title, and the per-frame schedule. MD2 facts:
// vis_milk2/plugin.cpp LaunchCustomMessage (random offsets (rand()%1037)/1037·2−1, colour clamp,
// overrides, n > 99 → 99, n < 0 → random pick), LaunchSongTitleAnim (centre, white, growth 1,
// m_fSongTitleAnimDuration = 1.7 s from the CPlugin defaults), milkdropfs.cpp RenderFrame (drawn
// over the picture at min(progress, 0.9999); at progress ≥ 1 burnt into the canvas, then off).
#include <gtest/gtest.h>

#include "message/Supertext.hpp"

namespace phosphene::message {
namespace {

MessageSet sample() {
  MessageSet set;
  set.fonts[2].face = "Verdana";
  set.fonts[2].r = 100;
  set.fonts[2].g = 200;
  set.fonts[2].b = 250;
  set.fonts[2].italic = true;
  CustomMessage& m = set.messages[4];
  m.text = "four";
  m.font = 2;
  m.x = 0.3f;
  m.y = 0.6f;
  m.randx = 0.1f;
  m.randy = 0.2f;
  m.randR = 100;
  m.randB = 40;
  m.g = 10;  // override
  m.time = 3.0f;
  m.fade = 0.25f;
  m.growth = 2.0f;
  set.messages[99].text = "last";
  return set;
}

TEST(Supertext, LaunchAppliesFontOverridesAndRandomOffsets) {
  const MessageSet set = sample();
  // Draws 1036 → +0.998..., 0 → −1, 518 → −0.000964...
  const auto s = launchMessage(set, 4, 10.0, {1036, 0, 1036, 518, 0});
  ASSERT_TRUE(s.has_value());
  EXPECT_FALSE(s->isSongTitle);
  EXPECT_EQ(s->text, "four");
  EXPECT_EQ(s->face, "Verdana");
  EXPECT_TRUE(s->italic);
  EXPECT_FLOAT_EQ(s->x, 0.3f + 0.1f * (1036.0f / 1037.0f * 2.0f - 1.0f));
  EXPECT_FLOAT_EQ(s->y, 0.6f - 0.2f);
  // r: 100 + (int)(100·0.998) = 199; g: override 10 + 0 = 10; b: 250 + (int)(40·−1) = 210.
  EXPECT_EQ(s->r, 199);
  EXPECT_EQ(s->g, 10);
  EXPECT_EQ(s->b, 210);
  EXPECT_EQ(s->duration, 3.0f);
  EXPECT_EQ(s->fade, 0.25f);
  EXPECT_EQ(s->growth, 2.0f);
  EXPECT_EQ(s->startTime, 10.0);
}

TEST(Supertext, ColourIsClamped) {
  MessageSet set = sample();
  set.messages[4].randR = 1000;
  const auto s = launchMessage(set, 4, 0.0, {518, 518, 1036, 518, 0});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->r, 255);
  set.messages[4].randB = 1000;
  const auto t = launchMessage(set, 4, 0.0, {518, 518, 518, 518, 0});
  ASSERT_TRUE(t);
  EXPECT_EQ(t->b, 0);
}

TEST(Supertext, HugeColourValuesDoNotOverflow) {
  // MD2 adds in int (and would overflow); the result is clamped to 0..255 either way.
  MessageSet set = sample();
  set.messages[4].r = 2147483647;
  set.messages[4].randR = 2147483647;
  const auto s = launchMessage(set, 4, 0.0, {518, 518, 1036, 518, 518});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->r, 255);
}

TEST(Supertext, MissingMessagesAndIndexClamp) {
  const MessageSet set = sample();
  EXPECT_FALSE(launchMessage(set, 3, 0.0, {}).has_value());
  // n > 99 → 99.
  const auto s = launchMessage(set, 250, 0.0, {518, 518, 518, 518, 518});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->text, "last");
  EXPECT_EQ(pickRandomMessage(set, 0), 4);
  EXPECT_EQ(pickRandomMessage(set, 1), 99);
  EXPECT_EQ(pickRandomMessage(set, 2), 4);
  EXPECT_EQ(pickRandomMessage(MessageSet{}, 5), -1);
}

TEST(Supertext, SongTitleIsCentredWhiteFor1Point7Seconds) {
  const Supertext s = launchSongTitle("Artist - Song", 5.0);
  EXPECT_TRUE(s.isSongTitle);
  EXPECT_EQ(s.x, 0.5f);
  EXPECT_EQ(s.y, 0.5f);
  EXPECT_EQ(s.growth, 1.0f);
  EXPECT_EQ(s.duration, 1.7f);
  EXPECT_EQ(s.r, 255);
  EXPECT_EQ(s.face, "Times New Roman");  // defines.h EXTRA_FONT_2_DEFAULT_FACE
  EXPECT_EQ(s.fontSize, 18.0f);          // defines.h EXTRA_FONT_2_DEFAULT_SIZE
  EXPECT_TRUE(s.italic);                 // defines.h EXTRA_FONT_2_DEFAULT_ITAL
  EXPECT_FALSE(s.bold);                  // defines.h EXTRA_FONT_2_DEFAULT_BOLD
}

TEST(Supertext, FrameScheduleOverlaysThenBurnsAtTheEnd) {
  const Supertext s = launchSongTitle("T", 1.0);
  SupertextFrame f = supertextFrame(s, 1.85);
  EXPECT_TRUE(f.overlay);
  EXPECT_FLOAT_EQ(f.overlayProgress, 0.5f);
  EXPECT_FALSE(f.burn);
  EXPECT_FALSE(f.ends);
  f = supertextFrame(s, 2.7);  // progress exactly 1
  EXPECT_TRUE(f.burn);
  EXPECT_TRUE(f.ends);
  EXPECT_TRUE(f.overlay);
  EXPECT_FLOAT_EQ(f.overlayProgress, 0.9999f);
  Supertext off = s;
  off.startTime = -1.0;
  EXPECT_FALSE(supertextFrame(off, 2.0).overlay);
  // RenderStringToTitleTexture refuses empty text: nothing shows.
  EXPECT_FALSE(supertextFrame(launchSongTitle("", 1.0), 1.2).overlay);
}

TEST(Supertext, ZeroDurationEndsAtOnce) {
  Supertext s = launchSongTitle("T", 1.0, TitleStyle{"x", 18.0f, false, false, 0.0f});
  EXPECT_EQ(supertextProgress(s, 1.0), 1.0f);
  EXPECT_TRUE(supertextFrame(s, 1.0).burn);
}

TEST(Supertext, PresetNameDisplay) {
  PresetNameDisplay d;
  EXPECT_FALSE(d.visible(0.0));
  d.until = 5.0;
  EXPECT_TRUE(d.visible(4.9));
  EXPECT_FALSE(d.visible(5.0));
  d.always = true;  // MD2 bShowPresetInfo
  EXPECT_TRUE(d.visible(100.0));
}

}  // namespace
}  // namespace phosphene::message
