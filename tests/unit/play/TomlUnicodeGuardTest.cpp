// toml++ 3.3 reaches __builtin_unreachable for some non-ASCII characters where it looks for
// whitespace (TomlUnicodeGuard.hpp). These inputs must be caught before toml++ sees them, reported
// as syntax errors, and the rest of the file still applied; valid non-ASCII text must pass.

#include <string>

#include <gtest/gtest.h>

#include "ConfigTestUtil.hpp"
#include "play/TomlUnicodeGuard.hpp"
#include "play/WindowState.hpp"

namespace phosphene::play::test {
namespace {

using detail::findUnsafeCharacter;

TEST(TomlUnicodeGuard, NonAsciiOutsideStringsIsFound) {
  const auto found = findUnsafeCharacter("a = 1\n  \xc3\xa9 = 2\n");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->line, 2);
  EXPECT_EQ(found->column, 3);
  EXPECT_EQ(found->description, "U+00E9");
  // The fuzzer's find: U+FEFA where a byte order mark would be.
  EXPECT_EQ(findUnsafeCharacter("\xef\xbb\xbawindow = {}\n")->description, "U+FEFA");
  EXPECT_EQ(findUnsafeCharacter("x = 1 \xff\n")->description, "byte 0xFF");
  EXPECT_EQ(findUnsafeCharacter("\xcc\xaa")->description, "U+032A");  // upstream issue #295
}

// Malformed UTF-8 is described by its first byte, never as the character it would spell if
// decoded loosely: an overlong '/' is not '/', a surrogate or F5 lead is no character at all.
TEST(TomlUnicodeGuard, MalformedSequencesAreDescribedAsBytes) {
  EXPECT_EQ(findUnsafeCharacter("x = \xc0\xaf\n")->description, "byte 0xC0");
  EXPECT_EQ(findUnsafeCharacter("x = \xe0\x80\xaf\n")->description, "byte 0xE0");
  EXPECT_EQ(findUnsafeCharacter("x = \xed\xa0\x80\n")->description, "byte 0xED");
  EXPECT_EQ(findUnsafeCharacter("x = \xf5\x80\x80\x80\n")->description, "byte 0xF5");
  EXPECT_EQ(findUnsafeCharacter("x = \xf0\x9f\x98")->description, "byte 0xF0");  // truncated
  EXPECT_EQ(findUnsafeCharacter("x = \xf0\x9f\x98\x80\n")->description, "U+01F600");
}

TEST(TomlUnicodeGuard, NonAsciiAfterALineEndingBackslashIsFound) {
  // Upstream issue #190: a multi-line string, a line-ending backslash, then U+00A7.
  const auto found = findUnsafeCharacter("s = \"\"\"\\\n\xc2\xa7\"\"\"\n");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->line, 2);
  EXPECT_EQ(found->column, 1);
  EXPECT_TRUE(findUnsafeCharacter("s = \"\\\xc3\xa9\"\n").has_value());
}

TEST(TomlUnicodeGuard, QuotesInsideABareValueDoNotStartAString) {
  // toml++ reads a bare value (number, date, junk) up to whitespace, ']', '}', ',' or '#', testing
  // every character, quotes included: the fuzzer's second find.
  EXPECT_EQ(findUnsafeCharacter("x = -[\"\xc3\xa9\"]\n")->column, 8);
  EXPECT_EQ(findUnsafeCharacter("x = 1\"\xc3\xa9\"\n")->column, 7);
  EXPECT_EQ(findUnsafeCharacter("a = [1, 2x'\xc3\xa9']\n")->column, 12);
  EXPECT_TRUE(findUnsafeCharacter("x = { a = tr\"\xc3\xa9\" }\n").has_value());
}

TEST(TomlUnicodeGuard, ValidNonAsciiTextPasses) {
  EXPECT_FALSE(
      findUnsafeCharacter("\xEF\xBB\xBF# caf\xc3\xa9\n"
                          "a = \"caf\xc3\xa9 \\\" \xe2\x98\x85\"\n"
                          "'\xe9\x9f\xb3' = '\xc3\xa9\\'\n"
                          "b = \"\"\"\n\xc3\xa9\n\"\"\xc3\xa9\"\"\"\n"
                          "c = '''\n\xc3\xa9'''' # \xc3\xa9\n"
                          "d = \"\"\"\\\n   x\xc3\xa9\"\"\"\n"
                          "\"k\xc3\xa9y\" = 1 # \xc2\xa7\n"
                          "a.\"\xc3\xa9\".'\xc3\xa9' = [\"\xc3\xa9\", '\xc3\xa9', [\"\xc3\xa9\"],\n"
                          "  { k = \"\xc3\xa9\", \"\xc3\xa9\" = 1.5 }, # \xc3\xa9\n"
                          "  1979-05-27 07:32:00, \"\xc3\xa9\" ]\n"
                          "[\"t\xc3\xa9\".'\xc3\xa9']\n"
                          "[[\"t\xc3\xa9\"]]\n"
                          "x=\"\xc3\xa9\"\n")
          .has_value());
  EXPECT_FALSE(findUnsafeCharacter(writeDefaultConfig()).has_value());
}

TEST(TomlUnicodeGuard, ConfigReportsTheLineAndAppliesTheRest) {
  std::vector<ConfigIssue> issues;
  const PlayerSettings s = parse(
      "[window]\n\xc3\xa9width = 800\nheight = 600\n[audio]\ndevice = \"\xc3\xa9\"\n", issues);
  ASSERT_EQ(issues.size(), 1u) << describe(issues);
  EXPECT_EQ(issues[0].line, 2);
  EXPECT_EQ(issues[0].column, 1);
  EXPECT_NE(issues[0].message.find("unexpected U+00E9 outside a string or comment"),
            std::string::npos)
      << issues[0].message;
  EXPECT_EQ(s.window.width, 1280);
  EXPECT_EQ(s.window.height, 600);
  EXPECT_EQ(s.audio.device, "\xc3\xa9");
}

TEST(TomlUnicodeGuard, OverridesAndWindowStateAreGuardedToo) {
  PlayerSettings s;
  std::vector<ConfigIssue> issues;
  // Not TOML: taken as the plain string, as any other unquoted text.
  EXPECT_TRUE(applyOverride(s, "audio.device", "\xc2\xa7 Mic", issues, testEnvironment()));
  EXPECT_EQ(s.audio.device, "\xc2\xa7 Mic");
  EXPECT_FALSE(parseWindowState("\xef\xbb\xbawidth = 800\n", "w", issues).has_value());
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(issues[0].line, 1);
}

}  // namespace
}  // namespace phosphene::play::test
