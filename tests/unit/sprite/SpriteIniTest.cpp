// milk_img.ini reading. MD2 facts: vis_milk2/plugin.cpp LaunchSprite (section "img%02d", img=,
// colorkey_lo then colorkey via GetPrivateProfileInt, init_N / code_N read until one is missing,
// 8 KiB buffer), texmgr.cpp StripLinefeedCharsAndComments (lines joined with nothing between,
// `//` and `\\` comments to the end of a line).
#include <gtest/gtest.h>

#include "milk/CodeText.hpp"
#include "sprite/SpriteIni.hpp"

namespace phosphene::sprite {
namespace {

bool hasId(const core::Diagnostics& d, core::DiagnosticId id, int line) {
  for (const auto& x : d)
    if (x.id == id && x.line == line) return true;
  return false;
}

TEST(SpriteIni, ReadsSectionsKeysAndCode) {
  const SpriteIni ini = parseSpriteIni(
      "; comment\n"
      "[img00]\n"
      "img=logo.png\n"
      "colorkey=0x00FF00\n"
      "init_1=blendmode = 2;\n"
      "init_2=  spin = 0.5;  \n"
      "code_1=rot = time*spin;\n"
      "code_2=a = 0.5; // fades\n"
      "[IMG07]\n"
      "IMG=\"other file.jpg\"\n"
      "colorkey_lo=255\n");
  ASSERT_EQ(ini.sprites.size(), 2u);
  const SpriteDefinition* s0 = ini.find(0);
  ASSERT_NE(s0, nullptr);
  EXPECT_EQ(s0->image, "logo.png");
  EXPECT_EQ(s0->colorKey, 0x00FF00u);
  ASSERT_EQ(s0->init.lines.size(), 2u);
  EXPECT_EQ(s0->init.lines[1].text, "spin = 0.5;");  // blanks around a value are dropped
  EXPECT_EQ(s0->init.lines[1].sourceLine, 6);
  // Joined as MD2 joins them: no separator, comment cut at its line's end.
  EXPECT_EQ(milk::joinEquations(s0->code).text, "rot = time*spin;a = 0.5; ");
  const SpriteDefinition* s7 = ini.find(7);  // names are case-insensitive, quotes dropped
  ASSERT_NE(s7, nullptr);
  EXPECT_EQ(s7->image, "other file.jpg");
  EXPECT_EQ(s7->colorKey, 255u);  // colorkey_lo is read when colorkey is missing
  EXPECT_TRUE(ini.diagnostics.empty());
}

TEST(SpriteIni, CodeStopsAtTheFirstMissingNumber) {
  const SpriteIni ini = parseSpriteIni("[img01]\nimg=a.png\ncode_1=x=1;\ncode_3=y=1;\n");
  const SpriteDefinition* s = ini.find(1);
  ASSERT_NE(s, nullptr);
  ASSERT_EQ(s->code.lines.size(), 1u);
  EXPECT_TRUE(hasId(ini.diagnostics, core::DiagnosticId::SpriteCodeOrphaned, 4));
}

TEST(SpriteIni, OnlyImgNnSectionsAreSprites) {
  // LaunchSprite looks up "img%02d": [img5] is never found, [img100] is sprite 100.
  const SpriteIni ini = parseSpriteIni("[img5]\nimg=a\n[img100]\nimg=b\n[settings]\nx=1\n");
  EXPECT_EQ(ini.find(5), nullptr);
  ASSERT_NE(ini.find(100), nullptr);
  EXPECT_TRUE(hasId(ini.diagnostics, core::DiagnosticId::SpriteSectionIgnored, 1));
  EXPECT_TRUE(hasId(ini.diagnostics, core::DiagnosticId::SpriteSectionIgnored, 5));
}

TEST(SpriteIni, BadLinesAreReportedWithTheirLine) {
  const SpriteIni ini = parseSpriteIni("stray=1\n[img02]\nimg=a.png\nnot a key value\n");
  EXPECT_TRUE(hasId(ini.diagnostics, core::DiagnosticId::SpriteLineIgnored, 1));
  EXPECT_TRUE(hasId(ini.diagnostics, core::DiagnosticId::SpriteLineIgnored, 4));
  ASSERT_NE(ini.find(2), nullptr);
  // The message a host logs names the file and the line.
  ASSERT_EQ(ini.diagnostics.size(), 2u);
  EXPECT_EQ(ini.diagnostics[1].format().rfind("milk_img.ini:4: ", 0), 0u)
      << ini.diagnostics[1].format();
  // CRLF files count the same lines; comment and blank lines count too.
  const SpriteIni crlf = parseSpriteIni("; c\r\n\r\n[img02]\r\nimg=a.png\r\nbad\r\n");
  EXPECT_TRUE(hasId(crlf.diagnostics, core::DiagnosticId::SpriteLineIgnored, 5));
  EXPECT_EQ(crlf.diagnostics.size(), 1u);
}

// A header cut short ("[img04" without ']') was read as [img04]; it is reported, as
// milk_msg.ini's reader reports one, and names no section: its keys are not read.
TEST(SpriteIni, HeaderWithoutClosingBracketIsReportedAndNotRead) {
  const SpriteIni ini =
      parseSpriteIni("[img03]\nimg=a.png\n[img04\nimg=b.png\ncode_1=x=1;\n[img05]\nimg=c.png\n");
  EXPECT_TRUE(hasId(ini.diagnostics, core::DiagnosticId::SpriteLineIgnored, 3));
  EXPECT_EQ(ini.diagnostics.size(), 1u);
  EXPECT_EQ(ini.find(4), nullptr);
  ASSERT_NE(ini.find(3), nullptr);
  EXPECT_EQ(ini.find(3)->image, "a.png");
  EXPECT_TRUE(ini.find(3)->code.lines.empty());
  ASSERT_NE(ini.find(5), nullptr);
  EXPECT_EQ(ini.find(5)->image, "c.png");
}

TEST(SpriteIni, FirstSectionAndFirstKeyWin) {
  const SpriteIni ini = parseSpriteIni("[img03]\nimg=first\nimg=second\n[img03]\nimg=third\n");
  ASSERT_NE(ini.find(3), nullptr);
  EXPECT_EQ(ini.find(3)->image, "first");
}

TEST(SpriteIni, CodeIsCutAtMd2sBuffer) {
  // 8191-byte buffer: a line is taken while len < 8191 - char_pos - 1.
  const std::string big(5000, 'x');
  const SpriteIni ini = parseSpriteIni("[img04]\nimg=a\ncode_1=" + big + "\ncode_2=" + big + "\n");
  ASSERT_NE(ini.find(4), nullptr);
  EXPECT_EQ(ini.find(4)->code.lines.size(), 1u);
}

TEST(SpriteIni, ColorKeyReadsAsGetPrivateProfileInt) {
  EXPECT_EQ(parseIniInt("0xFF00FF"), 0xFF00FFu);
  EXPECT_EQ(parseIniInt("16711680"), 0xFF0000u);
  EXPECT_EQ(parseIniInt(" 12abc"), 12u);
  EXPECT_EQ(parseIniInt("abc"), 0u);
}

TEST(SpriteIni, BodyOfOneSection) {
  // projectM 4.2's "milkdrop" sprite type: one section's lines without the header.
  const auto body = parseSpriteBody("img=star.png\ncode_1=x=0.25;\n");
  ASSERT_TRUE(body.ok());
  EXPECT_EQ(body->image, "star.png");
  EXPECT_EQ(body->number, -1);
  EXPECT_EQ(body->code.lines.size(), 1u);
  const auto none = parseSpriteBody("code_1=x=0.25;\n");
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.diagnostics().back().id, core::DiagnosticId::SpriteNotDefined);
}

TEST(SpriteIni, GarbageNeverCrashes) {
  const std::string junk("[\0\n=\n[]\n]]=[[\n\r\r=\n[img00\nimg=\xff\n", 30);
  const SpriteIni ini = parseSpriteIni(junk);
  EXPECT_LE(ini.sprites.size(), 1u);
}

}  // namespace
}  // namespace phosphene::sprite
