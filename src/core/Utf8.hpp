#pragma once
// UTF-8 as RFC 3629 defines it, for text that comes from outside (tags, file names, presets,
// config files, the command line): one strict decoder, so that the overlay, the config reader and
// the JSON writers agree on what is malformed. Overlong forms, surrogates (U+D800..U+DFFF), code
// points above U+10FFFF, lead bytes C0, C1 and F5..FF, stray continuation bytes and truncated
// sequences are all malformed.

#include <cstddef>
#include <string_view>

namespace phosphene::core {

inline constexpr char32_t kReplacementCharacter = 0xFFFD;

/// One step of decoding: a code point, or one malformed stretch of bytes.
struct Utf8Sequence {
  char32_t codePoint = kReplacementCharacter;  // U+FFFD when !valid
  std::size_t length = 1;                      // bytes covered, never 0
  bool valid = false;
};

/// Decodes the sequence starting at text[pos]; precondition: pos < text.size(). A malformed
/// sequence covers its maximal subpart: the lead byte and the continuation bytes that could still
/// have completed it, so "\xE2\x82" before 'A' is one error and "\xE0\x80\xAF" (an overlong '/',
/// wrong from its second byte on) is three. This is Unicode's "substitution of maximal subparts"
/// (chapter 3, U+FFFD substitution), which browsers follow: replacing each malformed sequence by
/// U+FFFD never swallows a valid character, and never reads past text's end.
Utf8Sequence decodeUtf8At(std::string_view text, std::size_t pos);

/// The offset of the first byte that does not begin a well-formed sequence, or npos when the
/// whole text is valid UTF-8.
std::size_t findInvalidUtf8(std::string_view text);

inline bool isValidUtf8(std::string_view text) {
  return findInvalidUtf8(text) == std::string_view::npos;
}

}  // namespace phosphene::core
