// JSON string literals from arbitrary bytes (lint --json reads Latin-1 preset names, bench --json
// file names): escapes, valid UTF-8 kept byte for byte, and every malformed sequence written as
// one \ufffd escape so that no invalid byte reaches the document.
#include "JsonText.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace phosphene::cli {
namespace {

std::string json(std::string_view s) {
  std::string out;
  appendJsonString(out, s);
  return out;
}

// The literal holding `n` replacement escapes.
std::string replaced(int n) {
  std::string out = "\"";
  for (int i = 0; i < n; ++i) out += "\\ufffd";
  return out + "\"";
}

TEST(JsonText, EscapesQuotesBackslashesAndControlCharacters) {
  EXPECT_EQ(json(""), "\"\"");
  EXPECT_EQ(json("a \"b\" \\c/"), "\"a \\\"b\\\" \\\\c/\"");
  EXPECT_EQ(json(std::string_view("\0\n\x1F\x7F", 4)), "\"\\u0000\\u000a\\u001f\x7F\"");
}

TEST(JsonText, AppendsToWhatIsThere) {
  std::string out = "{\"k\":";
  appendJsonString(out, "v");
  EXPECT_EQ(out, "{\"k\":\"v\"");
}

TEST(JsonText, ValidSequencesOfEveryLengthAreKept) {
  for (const std::string_view s :
       {"\x7F", "\xC2\x80", "\xDF\xBF", "\xC3\xA9t\xC3\xA9", "\xE0\xA0\x80", "\xED\x9F\xBF",
        "\xEE\x80\x80", "\xEF\xBF\xBD", "\xE2\x82\xAC", "\xF0\x90\x80\x80", "\xF0\x9F\x98\x80",
        "\xF4\x8F\xBF\xBF"})
    EXPECT_EQ(json(s), "\"" + std::string(s) + "\"") << s;
}

TEST(JsonText, LeadBytesF5ToFFAreReplaced) {
  for (int lead = 0xF5; lead <= 0xFF; ++lead) {
    const std::string s = {static_cast<char>(lead), '\x80', '\x80', '\x80'};
    EXPECT_EQ(json(s), replaced(4)) << std::hex << lead;
  }
}

TEST(JsonText, OverlongFormsAreReplaced) {
  EXPECT_EQ(json("\xC0\xAF"), replaced(2));  // '/' in two bytes
  EXPECT_EQ(json("\xC1\xBF"), replaced(2));
  EXPECT_EQ(json("\xE0\x80\xAF"), replaced(3));  // '/' in three bytes
  EXPECT_EQ(json("\xE0\x9F\xBF"), replaced(3));  // U+07FF in three bytes
  EXPECT_EQ(json("\xF0\x80\x80\xAF"), replaced(4));
  EXPECT_EQ(json("\xF0\x8F\xBF\xBF"), replaced(4));  // U+FFFF in four
}

TEST(JsonText, SurrogatesAreReplaced) {
  EXPECT_EQ(json("\xED\xA0\x80"), replaced(3));  // U+D800
  EXPECT_EQ(json("\xED\xBF\xBF"), replaced(3));  // U+DFFF
  // A UTF-16 pair written as two CESU-8 halves (U+1F600).
  EXPECT_EQ(json("\xED\xA0\xBD\xED\xB8\x80"), replaced(6));
}

TEST(JsonText, CodePointsAboveTheLastAreReplaced) {
  EXPECT_EQ(json("\xF4\x90\x80\x80"), replaced(4));  // U+110000
  EXPECT_EQ(json("\xF4\xBF\xBF\xBF"), replaced(4));
}

TEST(JsonText, TruncatedSequencesAreOneReplacement) {
  EXPECT_EQ(json("A\xC3"), "\"A\\ufffd\"");
  EXPECT_EQ(json("A\xE2\x82"), "\"A\\ufffd\"");
  EXPECT_EQ(json("A\xF0\x9F\x98"), "\"A\\ufffd\"");
  EXPECT_EQ(json("\xE2\x82\"\xC3\xA9"), "\"\\ufffd\\\"\xC3\xA9\"");
  // The view ends inside a sequence that the bytes after it would complete.
  const std::string whole = "x\xE2\x82\xAC";
  EXPECT_EQ(json(std::string_view(whole).substr(0, 3)), "\"x\\ufffd\"");
}

TEST(JsonText, StrayContinuationBytesAreReplacedOneEach) {
  EXPECT_EQ(json("a\x80\xBFz"), "\"a\\ufffd\\ufffdz\"");
}

}  // namespace
}  // namespace phosphene::cli
