// milk_msg.ini reading. MD2 facts: vis_milk2/plugin.cpp ReadCustomMessages (sections, keys,
// defaults, the override rules), md_defines.h (16 fonts, 100 messages), plugin.h td_custom_msg
// (text wchar_t[256], face wchar_t[128]), utility.cpp GetPrivateProfileFloatW (swscanf "%f",
// default kept on failure), utility.h GetPrivateProfileBoolW (GetPrivateProfileInt != 0).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "message/MessageIni.hpp"

namespace phosphene::message {
namespace {

bool hasId(const core::Diagnostics& d, core::DiagnosticId id, int line) {
  return std::any_of(d.begin(), d.end(), [&](const core::Diagnostic& x) {
    return x.id == id && (line == 0 || x.line == line);
  });
}

TEST(MessageIni, EmptyFileGivesMd2Defaults) {
  const ParsedMessages p = parseMessageIni("");
  EXPECT_TRUE(p.diagnostics.empty());
  EXPECT_EQ(p.set.count(), 0);
  // ReadCustomMessages: fonts default to arial, not bold/italic, white.
  for (const MessageFont& f : p.set.fonts) {
    EXPECT_EQ(f.face, "arial");
    EXPECT_FALSE(f.bold);
    EXPECT_FALSE(f.italic);
    EXPECT_EQ(f.r, 255);
    EXPECT_EQ(f.g, 255);
    EXPECT_EQ(f.b, 255);
  }
  // Messages: size 50, centred, no random offsets, growth 1, 1.5 s, 20% fade-in.
  const CustomMessage& m = p.set.messages[0];
  EXPECT_EQ(m.size, 50.0f);
  EXPECT_EQ(m.x, 0.5f);
  EXPECT_EQ(m.y, 0.5f);
  EXPECT_EQ(m.randx, 0.0f);
  EXPECT_EQ(m.growth, 1.0f);
  EXPECT_EQ(m.time, 1.5f);
  EXPECT_EQ(m.fade, 0.2f);
  EXPECT_FALSE(m.r.has_value());
  EXPECT_FALSE(m.face.has_value());
}

TEST(MessageIni, ReadsFontsAndMessagesWithMd2KeyNames) {
  const ParsedMessages p = parseMessageIni(
      "// MilkDrop's shipped file starts with // comment lines\n"
      "[font01]\r\n"
      "face=Courier New\r\n"
      "bold=1\r\n"
      "ital=1\r\n"
      "r=10\r\ng=20\r\nb=30\r\n"
      "[message07]\n"
      "text=Hello world\n"
      "font=1\n"
      "size=30\n"
      "x=0.25\n"
      "y=0.75\n"
      "randx=0.1\n"
      "randy=0.2\n"
      "growth=2.5\n"
      "time=4\n"
      "fade=0.5\n"
      "randr=5\nrandg=6\nrandb=7\n");
  EXPECT_TRUE(p.diagnostics.empty()) << (p.diagnostics.empty() ? "" : p.diagnostics[0].format());
  const MessageFont& f = p.set.fonts[1];
  EXPECT_EQ(f.face, "Courier New");
  EXPECT_TRUE(f.bold);
  EXPECT_TRUE(f.italic);
  EXPECT_EQ(f.r, 10);
  EXPECT_EQ(f.b, 30);
  ASSERT_TRUE(p.set.has(7));
  EXPECT_EQ(p.set.count(), 1);
  const CustomMessage& m = p.set.messages[7];
  EXPECT_EQ(m.text, "Hello world");
  EXPECT_EQ(m.font, 1);
  EXPECT_EQ(m.size, 30.0f);
  EXPECT_EQ(m.x, 0.25f);
  EXPECT_EQ(m.y, 0.75f);
  EXPECT_FLOAT_EQ(m.randx, 0.1f);
  EXPECT_FLOAT_EQ(m.randy, 0.2f);
  EXPECT_EQ(m.growth, 2.5f);
  EXPECT_EQ(m.time, 4.0f);
  EXPECT_EQ(m.fade, 0.5f);
  EXPECT_EQ(m.randR, 5);
  EXPECT_EQ(m.randB, 7);
  // No override keys: the template font's values are used at launch.
  EXPECT_FALSE(m.r.has_value());
  EXPECT_FALSE(m.bold.has_value());
}

TEST(MessageIni, SectionAndKeyNamesIgnoreCase) {
  // The Win32 profile calls compare section and key names without regard to case.
  const ParsedMessages p = parseMessageIni("[MESSAGE00]\nTEXT = hi \nSize=20\n");
  ASSERT_TRUE(p.set.has(0));
  EXPECT_EQ(p.set.messages[0].text, "hi");
  EXPECT_EQ(p.set.messages[0].size, 20.0f);
}

TEST(MessageIni, OverridesFollowMd2MinusOneRule) {
  // ReadCustomMessages reads r/g/b/bold/ital a second time with a default of -1; -1 (absent or
  // written) means "the font's". face overrides only when not empty.
  const ParsedMessages p = parseMessageIni(
      "[message01]\ntext=a\nr=-1\ng=0\nbold=0\nital=-1\nface=\n"
      "[message02]\ntext=b\nface=Impact\nbold=1\n");
  const CustomMessage& a = p.set.messages[1];
  EXPECT_FALSE(a.r.has_value());
  ASSERT_TRUE(a.g.has_value());
  EXPECT_EQ(*a.g, 0);
  ASSERT_TRUE(a.bold.has_value());
  EXPECT_FALSE(*a.bold);
  EXPECT_FALSE(a.italic.has_value());
  EXPECT_FALSE(a.face.has_value());
  const CustomMessage& b = p.set.messages[2];
  EXPECT_EQ(b.face.value_or(""), "Impact");
  EXPECT_TRUE(b.bold.value_or(false));
}

TEST(MessageIni, MessageWithoutTextReadsNothingElse) {
  // "if (m_CustomMessage[n].szText[0])": the other keys of a text-less message stay default.
  const ParsedMessages p = parseMessageIni("[message03]\nsize=10\ntime=9\n");
  EXPECT_FALSE(p.set.has(3));
  EXPECT_EQ(p.set.messages[3].size, 50.0f);
  EXPECT_EQ(p.set.messages[3].time, 1.5f);
}

TEST(MessageIni, NumbersParseAsMd2Does) {
  const ParsedMessages p = parseMessageIni(
      "[message04]\ntext=x\n"
      "size=abc\n"     // line 3: swscanf fails, default 50 kept
      "time=2.5sec\n"  // trailing text after the number is ignored by %f
      "font=2x\n"      // GetPrivateProfileInt reads the leading integer
      "randr=zz\n"     // ... and 0 when there is none
      "x=\"0.3\"\n");  // one pair of quotes is dropped
  const CustomMessage& m = p.set.messages[4];
  EXPECT_EQ(m.size, 50.0f);
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageBadNumber, 3));
  EXPECT_EQ(m.time, 2.5f);
  EXPECT_EQ(m.font, 2);
  EXPECT_EQ(m.randR, 0);
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageBadNumber, 6));
  EXPECT_FLOAT_EQ(m.x, 0.3f);
}

TEST(MessageIni, BadLinesGiveDiagnosticsWithLineNumbers) {
  const ParsedMessages p = parseMessageIni(
      "stray=1\n"                         // 1: before any section
      "[message05\n"                      // 2: no ']'
      "[message05]\n"                     // 3
      "text=first\n"                      // 4
      "text=second\n"                     // 5: duplicate key, first wins
      "just words\n"                      // 6: no '='
      "colour=3\n"                        // 7: unknown key
      "[message05]\n"                     // 8: duplicate section, first wins
      "text=third\n"                      // 9
      "[sprite00]\n"                      // 10: not read
      "[message100]\n"                    // 11: beyond 99
      "[message06]\ntext=y\nfont=16\n");  // 14: font out of range
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageLineIgnored, 1));
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageLineIgnored, 2));
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageDuplicate, 5));
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageLineIgnored, 6));
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageUnknownKey, 7));
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageDuplicate, 8));
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageUnknownKey, 10));
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageUnknownKey, 11));
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageBadFont, 14));
  EXPECT_EQ(p.set.messages[5].text, "first");
  EXPECT_EQ(p.set.messages[6].font, 0);
  for (const core::Diagnostic& d : p.diagnostics) {
    EXPECT_EQ(d.section, "milk_msg.ini");
    EXPECT_GE(d.line, 1) << d.format();
    // The formatted diagnostic, as hosts and logs show it, names the file and the line.
    EXPECT_NE(d.format().find("milk_msg.ini:" + std::to_string(d.line) + ":"), std::string::npos)
        << d.format();
  }
}

TEST(MessageIni, LineNumbersCountWindowsAndOldMacLineEnds) {
  // Notepad writes CRLF and may start the file with a UTF-8 byte order mark; a lone CR also ends
  // a line. Line numbers are the ones an editor shows.
  const ParsedMessages p = parseMessageIni(
      "\xEF\xBB\xBF[message01]\r\n"  // 1
      "text=a\r\n"                   // 2
      "\r\n"                         // 3
      "size=big\r\n"                 // 4: not a number
      "oops\r"                       // 5: no '='
      "[message01]\n"                // 6: duplicate section
      "[font03]\r\n"                 // 7
      "r=red\r\n");                  // 8: not a whole number
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageBadNumber, 4));
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageLineIgnored, 5));
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageDuplicate, 6));
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageBadNumber, 8));
  EXPECT_EQ(p.diagnostics.size(), 4u);
  EXPECT_EQ(p.set.messages[1].text, "a");
}

TEST(MessageIni, LongTextIsCutToMd2Buffer) {
  // td_custom_msg.szText is wchar_t[256]: 255 characters at most (counted as code points).
  std::string text;
  for (int i = 0; i < 300; ++i) text += "\xC3\xA9";  // é, two bytes each
  const ParsedMessages p = parseMessageIni("[message09]\ntext=" + text + "\n");
  EXPECT_EQ(p.set.messages[9].text.size(), 255u * 2u);
  EXPECT_TRUE(hasId(p.diagnostics, core::DiagnosticId::MessageTooLong, 2));
}

TEST(MessageIni, NonFiniteNumbersKeepDefault) {
  const ParsedMessages p = parseMessageIni("[message10]\ntext=z\ngrowth=inf\nx=nan\n");
  EXPECT_EQ(p.set.messages[10].growth, 1.0f);
  EXPECT_EQ(p.set.messages[10].x, 0.5f);
}

}  // namespace
}  // namespace phosphene::message
