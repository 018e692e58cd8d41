#pragma once
// UTF-8 decoding for on-screen text. Hosts hand us titles and file names from anywhere (tags,
// file systems in other encodings), so malformed input is expected: every invalid sequence
// becomes one U+FFFD and decoding goes on at the next byte, never reading past the end.

#include <cstddef>
#include <string>
#include <string_view>

namespace phosphene::render::text {

inline constexpr char32_t kReplacementCharacter = 0xFFFD;

/// Decodes the code point starting at `pos` and advances `pos` past it. Overlong forms,
/// surrogates, values above U+10FFFF, stray continuation bytes and truncated sequences give
/// U+FFFD and advance by one byte (or by the valid prefix of a truncated sequence), so a bad
/// byte costs one replacement character. Precondition: pos < text.size().
char32_t decodeNext(std::string_view text, std::size_t& pos);

/// The whole text decoded as above.
std::u32string decodeUtf8(std::string_view text);

}  // namespace phosphene::render::text
