#include "playlist/Glob.hpp"

#include <gtest/gtest.h>

namespace phosphene::playlist {
namespace {

bool match(std::string_view pattern, std::string_view path,
           CaseSensitivity cs = CaseSensitivity::Insensitive) {
  return Glob(pattern).matches(path, cs);
}

TEST(Glob, PatternWithoutSlashMatchesTheFileNameOnly) {
  EXPECT_TRUE(match("*.milk", "/home/u/presets/a.milk"));
  EXPECT_TRUE(match("a.milk", "/home/u/presets/a.milk"));
  EXPECT_FALSE(match("presets", "/home/u/presets/a.milk"));
  EXPECT_FALSE(match("*.milk", "/home/u/a.milk.bak"));
}

TEST(Glob, StarStopsAtSlashDoubleStarDoesNot) {
  EXPECT_TRUE(match("/home/*/a.milk", "/home/u/a.milk"));
  EXPECT_FALSE(match("/home/*/a.milk", "/home/u/v/a.milk"));
  EXPECT_TRUE(match("/home/**/a.milk", "/home/u/v/a.milk"));
  EXPECT_TRUE(match("/home/**/a.milk", "/home/a.milk")) << "**/ matches zero folders";
  EXPECT_TRUE(match("/home/u**milk", "/home/u/v/a.milk")) << "bare ** crosses '/'";
  EXPECT_TRUE(match("/**", "/any/thing.milk"));
  EXPECT_TRUE(match("**", "thing.milk"));
}

TEST(Glob, QuestionMarkIsOneCodePointButNotSlash) {
  EXPECT_TRUE(match("a?c.milk", "/x/abc.milk"));
  EXPECT_FALSE(match("a?c.milk", "/x/ac.milk"));
  EXPECT_FALSE(match("/x?y.milk", "/x/y.milk"));
  EXPECT_TRUE(match("caf?.milk", "/x/caf\xC3\xA9.milk")) << "é is two bytes, one '?'";
  EXPECT_FALSE(match("caf??.milk", "/x/caf\xC3\xA9.milk"));
  // Malformed UTF-8 (here a surrogate, U+D800) is no code point: '?' takes one byte of it.
  EXPECT_FALSE(match("a?.milk", "/x/a\xED\xA0\x80.milk"));
  EXPECT_TRUE(match("a???.milk", "/x/a\xED\xA0\x80.milk"));
}

TEST(Glob, SlashInsidePatternMatchesAnyFolderTail) {
  EXPECT_TRUE(match("classic/*.milk", "/home/u/classic/a.milk"));
  EXPECT_TRUE(match("classic/*.milk", "classic/a.milk"));
  EXPECT_FALSE(match("classic/*.milk", "/home/u/neoclassic/a.milk")) << "folder boundary only";
  EXPECT_FALSE(match("/classic/*.milk", "/home/u/classic/a.milk")) << "leading / anchors";
  EXPECT_TRUE(match("/classic/*.milk", "./classic/a.milk"));
}

TEST(Glob, TrailingSlashMeansEverythingUnderTheFolder) {
  EXPECT_TRUE(match("old/", "/p/old/a.milk"));
  EXPECT_TRUE(match("old/", "/p/old/deep/a.milk"));
  EXPECT_FALSE(match("old/", "/p/older/a.milk"));
}

TEST(Glob, BackslashIsASeparator) {
  EXPECT_TRUE(match("classic\\*.milk", "/p/classic/a.milk"));
  EXPECT_TRUE(match("classic/*.milk", "C:\\p\\classic\\a.milk"));
  EXPECT_TRUE(match("*.milk", "C:\\p\\classic\\a.milk"));
}

TEST(Glob, CaseSensitivityIsAsciiOnlyAndSelectable) {
  EXPECT_TRUE(match("*.MILK", "/p/a.milk"));
  EXPECT_FALSE(match("*.MILK", "/p/a.milk", CaseSensitivity::Sensitive));
  EXPECT_TRUE(match("*.milk", "/p/a.milk", CaseSensitivity::Sensitive));
  // Non-ASCII letters are compared exactly: É (C3 89) is not é (C3 A9).
  EXPECT_FALSE(match("caf\xC3\x89.milk", "/p/caf\xC3\xA9.milk"));
}

TEST(Glob, EmptyPatternOrPathNeverMatches) {
  EXPECT_FALSE(match("", "/p/a.milk"));
  EXPECT_FALSE(match("", ""));
  EXPECT_FALSE(match("*", ""));
}

TEST(Glob, ManyStarsStayFast) {
  // Backtracking matchers take exponential time here; the table matcher is linear per row.
  const std::string path = "/" + std::string(200, 'a') + ".milk";
  EXPECT_FALSE(match("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b", path));
  EXPECT_FALSE(match("/**a**a**a**a**a**a**a**a**a**a**b", path));
}

}  // namespace
}  // namespace phosphene::playlist
