// The shared UTF-8 decoder: a table of valid sequences at every length boundary and of every kind
// of malformed input (RFC 3629), each malformed stretch becoming one U+FFFD per maximal subpart;
// then every code point and every short byte string checked against a plain encoder.
#include "core/Utf8.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace phosphene::core {
namespace {

constexpr char32_t R = kReplacementCharacter;
constexpr std::size_t kValid = std::string_view::npos;

std::u32string decodeAll(std::string_view text) {
  std::u32string out;
  for (std::size_t pos = 0; pos < text.size();) {
    const Utf8Sequence sequence = decodeUtf8At(text, pos);
    EXPECT_GE(sequence.length, 1u);
    EXPECT_TRUE(sequence.valid || sequence.codePoint == R);
    out.push_back(sequence.codePoint);
    pos += sequence.length;
  }
  return out;
}

// The textbook encoder, written independently of the decoder under test.
std::string encode(char32_t cp) {
  std::string out;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return out;
}

bool isSurrogate(char32_t cp) {
  return cp >= 0xD800 && cp <= 0xDFFF;
}

struct Case {
  const char* name;
  std::string_view bytes;
  std::u32string decoded;
  std::size_t firstInvalid;
};

TEST(Utf8, Table) {
  using namespace std::string_view_literals;
  const Case cases[] = {
      {"empty", ""sv, U"", kValid},
      {"ASCII", "Az\x7F"sv, U"Az\x7F", kValid},
      {"NUL is a character", "a\0b"sv, std::u32string{U'a', 0, U'b'}, kValid},
      {"smallest 2-byte", "\xC2\x80"sv, U"\u0080", kValid},
      {"largest 2-byte", "\xDF\xBF"sv, U"\u07FF", kValid},
      {"smallest 3-byte", "\xE0\xA0\x80"sv, U"\u0800", kValid},
      {"below the surrogates", "\xED\x9F\xBF"sv, U"\uD7FF", kValid},
      {"above the surrogates", "\xEE\x80\x80"sv, U"\uE000", kValid},
      {"U+FFFD itself", "\xEF\xBF\xBD"sv, U"\uFFFD", kValid},
      {"largest 3-byte", "\xEF\xBF\xBF"sv, U"\uFFFF", kValid},
      {"smallest 4-byte", "\xF0\x90\x80\x80"sv, U"\U00010000", kValid},
      {"largest code point", "\xF4\x8F\xBF\xBF"sv, U"\U0010FFFF", kValid},
      {"mixed", "\xC3\x84\xE2\x82\xAC\xF0\x9F\x98\x80"sv, U"\u00C4\u20AC\U0001F600", kValid},
      {"stray continuation", "a\x80z"sv, {U'a', R, U'z'}, 1},
      {"stray last continuation", "\xBF"sv, {R}, 0},
      {"C0 overlong '/'", "\xC0\xAF"sv, {R, R}, 0},
      {"C1 overlong", "\xC1\xBF"sv, {R, R}, 0},
      {"E0 overlong '/'", "\xE0\x80\xAF"sv, {R, R, R}, 0},
      {"E0 overlong U+07FF", "x\xE0\x9F\xBF"sv, {U'x', R, R, R}, 1},
      {"ED surrogate D800", "\xED\xA0\x80"sv, {R, R, R}, 0},
      {"ED surrogate DFFF", "\xED\xBF\xBF"sv, {R, R, R}, 0},
      {"F0 overlong '/'", "\xF0\x80\x80\xAF"sv, {R, R, R, R}, 0},
      {"F0 overlong U+FFFF", "\xF0\x8F\xBF\xBF"sv, {R, R, R, R}, 0},
      {"F4 above U+10FFFF", "\xF4\x90\x80\x80"sv, {R, R, R, R}, 0},
      {"F5 lead", "\xF5\x80\x80\x80"sv, {R, R, R, R}, 0},
      {"F8, FC, FE, FF leads", "\xF8\xFC\xFE\xFF"sv, {R, R, R, R}, 0},
      {"truncated at the end", "A\xE2\x82"sv, {U'A', R}, 1},
      {"truncated 2-byte at the end", "\xC3"sv, {R}, 0},
      {"truncated 4-byte at the end", "\xF0\x9F\x98"sv, {R}, 0},
      {"truncated before ASCII 'A'", "\xE2\x82\x41"sv, {R, U'A'}, 0},
      {"truncated before a lead", "\xF0\x9F\x98\xC3\x84"sv, {R, U'\u00C4'}, 0},
      {"valid after invalid", "\xFF\xC3\x84"sv, {R, U'\u00C4'}, 0},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(decodeAll(c.bytes), c.decoded) << c.name;
    EXPECT_EQ(findInvalidUtf8(c.bytes), c.firstInvalid) << c.name;
    EXPECT_EQ(isValidUtf8(c.bytes), c.firstInvalid == kValid) << c.name;
  }
}

TEST(Utf8, LengthCoversTheMaximalSubpart) {
  EXPECT_EQ(decodeUtf8At("\xF0\x9F\x98\x41", 0).length, 3u);  // truncated before 'A'
  EXPECT_EQ(decodeUtf8At("\xE0\x80\xAF", 0).length, 1u);      // wrong from the second byte
  EXPECT_EQ(decodeUtf8At("\xF4\x90", 0).length, 1u);
  const Utf8Sequence euro = decodeUtf8At("x\xE2\x82\xAC", 1);
  EXPECT_TRUE(euro.valid);
  EXPECT_EQ(euro.codePoint, U'\u20AC');
  EXPECT_EQ(euro.length, 3u);
}

TEST(Utf8, NeverReadsPastTheView) {
  // The bytes after the view exist and would complete the sequence; they must not be read.
  const std::string whole = "x\xE2\x82\xAC";
  const std::string_view cut = std::string_view(whole).substr(0, 3);
  EXPECT_EQ(decodeAll(cut), (std::u32string{U'x', R}));
  EXPECT_EQ(findInvalidUtf8(cut), 1u);
}

TEST(Utf8, EveryCodePointRoundTrips) {
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (isSurrogate(cp)) continue;
    const std::string bytes = encode(cp);
    const Utf8Sequence sequence = decodeUtf8At(bytes, 0);
    ASSERT_TRUE(sequence.valid) << std::hex << static_cast<std::uint32_t>(cp);
    ASSERT_EQ(sequence.codePoint, cp);
    ASSERT_EQ(sequence.length, bytes.size());
  }
}

// Whether `bytes` is the encoding of exactly one code point, by the encoder above: read the
// payload bits leniently, then ask whether encoding that value writes the same bytes.
bool isOneEncodedCodePoint(std::string_view bytes) {
  const auto lead = static_cast<unsigned char>(bytes[0]);
  if (bytes.size() == 1) return lead < 0x80;
  char32_t cp = lead & (0x7Fu >> bytes.size());
  for (std::size_t k = 1; k < bytes.size(); ++k)
    cp = (cp << 6) | (static_cast<unsigned char>(bytes[k]) & 0x3Fu);
  return cp <= 0x10FFFF && !isSurrogate(cp) && encode(cp) == bytes;
}

// Every string of up to three bytes, and four-byte strings over the boundary bytes: the decoder
// takes the whole string as one character exactly when the encoder would have written it.
TEST(Utf8, ValidExactlyWhenTheEncoderWouldWriteIt) {
  const auto check = [](std::string_view bytes) {
    const Utf8Sequence sequence = decodeUtf8At(bytes, 0);
    const bool whole = sequence.valid && sequence.length == bytes.size();
    const bool wellFormedError = sequence.valid || sequence.codePoint == R;
    if (whole == isOneEncodedCodePoint(bytes) && wellFormedError) return true;
    std::string hex;
    for (char c : bytes) hex += " " + std::to_string(static_cast<unsigned char>(c));
    ADD_FAILURE() << "bytes" << hex;
    return false;
  };
  char b[4];
  for (int x = 0; x < 256; ++x) {
    b[0] = static_cast<char>(x);
    if (!check({b, 1})) return;
    for (int y = 0; y < 256; ++y) {
      b[1] = static_cast<char>(y);
      if (!check({b, 2})) return;
      for (int z = 0; z < 256 && x >= 0xC0; ++z) {  // below C0 only the first byte is read
        b[2] = static_cast<char>(z);
        if (!check({b, 3})) return;
      }
    }
  }
  const unsigned char edges[] = {0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF};
  for (int x = 0xF0; x < 0x100; ++x) {
    b[0] = static_cast<char>(x);
    for (unsigned char y : edges)
      for (unsigned char z : edges)
        for (unsigned char w : edges) {
          b[1] = static_cast<char>(y), b[2] = static_cast<char>(z), b[3] = static_cast<char>(w);
          if (!check({b, 4})) return;
        }
  }
}

}  // namespace
}  // namespace phosphene::core
