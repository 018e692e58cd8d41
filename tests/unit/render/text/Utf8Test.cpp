// UTF-8 decoding of overlay text: valid sequences of every length, and every kind of malformed
// input becoming U+FFFD without reading past the end.
#include <gtest/gtest.h>

#include <string>

#include "render/text/Utf8.hpp"

namespace phosphene::render::text {
namespace {

constexpr char32_t R = kReplacementCharacter;

TEST(Utf8, DecodesEveryLength) {
  EXPECT_EQ(decodeUtf8("Az"), U"Az");
  EXPECT_EQ(decodeUtf8("\xC3\x84\xC3\x96\xC3\x9C"), U"\u00C4\u00D6\u00DC");  // ÄÖÜ
  EXPECT_EQ(decodeUtf8("\xE2\x80\x94\xE2\x82\xAC"), U"\u2014\u20AC");        // — €
  EXPECT_EQ(decodeUtf8("\xF0\x9F\x98\x80"), U"\U0001F600");
  EXPECT_EQ(decodeUtf8("\xF4\x8F\xBF\xBF"), U"\U0010FFFF");
  EXPECT_EQ(decodeUtf8(""), U"");
}

TEST(Utf8, InvalidBytesBecomeOneReplacementEach) {
  EXPECT_EQ(decodeUtf8("a\x80z"), (std::u32string{U'a', R, U'z'}));  // stray continuation
  EXPECT_EQ(decodeUtf8("\xFF\xFE"), (std::u32string{R, R}));         // never valid
  EXPECT_EQ(decodeUtf8("\xC0\xAF"), (std::u32string{R, R}));         // overlong lead + stray
  EXPECT_EQ(decodeUtf8("\xE0\x80\xAF"), (std::u32string{R}));        // overlong three-byte '/'
  EXPECT_EQ(decodeUtf8("\xED\xA0\x80"), (std::u32string{R}));        // surrogate D800
  EXPECT_EQ(decodeUtf8("\xF4\x90\x80\x80"), (std::u32string{R}));    // above U+10FFFF
  EXPECT_EQ(decodeUtf8("\xF5\x80"), (std::u32string{R, R}));         // lead beyond F4
}

TEST(Utf8, TruncatedSequencesStopAtTheEndOrAtTheNextLead) {
  EXPECT_EQ(decodeUtf8("A\xE2\x82"), (std::u32string{U'A', R}));
  EXPECT_EQ(decodeUtf8("\xE2\x82"
                       "A"),
            (std::u32string{R, U'A'}));
  EXPECT_EQ(decodeUtf8("\xF0\x9F\x98"
                       "\xC3\x84"),
            (std::u32string{R, U'\u00C4'}));
  // A view that ends inside a sequence: the bytes after it exist but must not be read.
  const std::string whole = "x\xE2\x82\xAC";
  EXPECT_EQ(decodeUtf8(std::string_view(whole).substr(0, 3)), (std::u32string{U'x', R}));
}

TEST(Utf8, DecodeNextAdvancesPastWhatItRead) {
  const std::string_view text =
      "\xC3\x84"
      "b\x80";
  std::size_t pos = 0;
  EXPECT_EQ(decodeNext(text, pos), U'\u00C4');
  EXPECT_EQ(pos, 2u);
  EXPECT_EQ(decodeNext(text, pos), U'b');
  EXPECT_EQ(pos, 3u);
  EXPECT_EQ(decodeNext(text, pos), R);
  EXPECT_EQ(pos, 4u);
}

}  // namespace
}  // namespace phosphene::render::text
