#include "TomlUnicodeGuard.hpp"

#include <cstdint>
#include <vector>

#include "core/Utf8.hpp"

namespace phosphene::play::detail {
namespace {

// "U+00E9" for a character, "byte 0xFF" for the first byte of a malformed sequence.
std::string describeAt(std::string_view text, std::size_t at) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  const core::Utf8Sequence sequence = core::decodeUtf8At(text, at);
  std::string out;
  if (!sequence.valid) {
    const auto lead = static_cast<unsigned char>(text[at]);
    out = "byte 0x";
    out += kHex[lead >> 4];
    out += kHex[lead & 0xf];
    return out;
  }
  const std::uint32_t codepoint = sequence.codePoint;
  out = "U+";
  const int digits = codepoint > 0xffff ? 6 : 4;
  for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4)
    out += kHex[(codepoint >> shift) & 0xf];
  return out;
}

bool isAsciiWhitespace(char c) {
  return c == ' ' || c == '\t' || (c >= '\n' && c <= '\r');
}

// A bare value (number, boolean, date, or junk) is scanned by toml++ up to one of these, testing
// every character on the way, quotes and brackets included.
bool endsBareValue(char c) {
  return isAsciiWhitespace(c) || c == ']' || c == '}' || c == ',' || c == '#';
}

bool isNonAscii(char c) {
  return static_cast<unsigned char>(c) >= 0x80;
}

// What toml++ expects next outside strings and comments, tracked closely enough to know where a
// string starts (a quote inside a bare value does not start one).
enum class Expect { Key, Value, AfterValue };
enum class Container { Array, InlineTable };
enum class Inside { Nothing, Comment, Basic, Literal, MultiBasic, MultiLiteral };

}  // namespace

std::optional<UnsafeCharacter> findUnsafeCharacter(std::string_view text) {
  int line = 1;
  std::size_t lineStart = 0;
  const auto unsafe = [&](std::size_t at) {
    return UnsafeCharacter{line, static_cast<int>(at - lineStart) + 1, describeAt(text, at)};
  };
  const auto startsWith = [&](std::size_t at, std::string_view what) {
    return text.substr(at, what.size()) == what;
  };
  std::vector<Container> nesting;
  Expect expect = Expect::Key;
  Expect afterString = Expect::Key;
  Inside inside = Inside::Nothing;
  const std::size_t start = startsWith(0, "\xEF\xBB\xBF") ? 3 : 0;  // toml++ skips a leading BOM
  for (std::size_t i = start; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      lineStart = i + 1;
      // Single-line strings and comments end here (an unterminated string is toml++'s error to
      // report); multi-line strings go on, and so do arrays.
      if (inside == Inside::MultiBasic || inside == Inside::MultiLiteral) continue;
      if (inside == Inside::Basic || inside == Inside::Literal) expect = afterString;
      inside = Inside::Nothing;
      if (nesting.empty()) expect = Expect::Key;
      continue;
    }
    switch (inside) {
      case Inside::Nothing:
        break;
      case Inside::Comment:
        continue;
      case Inside::Basic:
        if (c == '\\' && i + 1 < text.size() && text[i + 1] != '\n') {
          // toml++ tests the escaped character for whitespace before it rejects it; no valid
          // escape is non-ASCII.
          if (isNonAscii(text[i + 1])) return unsafe(i + 1);
          ++i;
        } else if (c == '"') {
          inside = Inside::Nothing;
          expect = afterString;
        }
        continue;
      case Inside::Literal:
        if (c == '\'') {
          inside = Inside::Nothing;
          expect = afterString;
        }
        continue;
      case Inside::MultiBasic:
        if (c == '\\') {
          // A backslash and then whitespace: toml++ skips whitespace and newlines up to the next
          // character, testing each; a non-ASCII one there is the dangerous case.
          std::size_t j = i + 1;
          if (j < text.size() && isAsciiWhitespace(text[j])) {
            while (j < text.size() && isAsciiWhitespace(text[j])) {
              if (text[j] == '\n') {
                ++line;
                lineStart = j + 1;
              }
              ++j;
            }
            if (j < text.size() && isNonAscii(text[j])) return unsafe(j);
            i = j - 1;
          } else if (j < text.size()) {
            if (isNonAscii(text[j])) return unsafe(j);
            ++i;  // an escaped character
          }
        } else if (startsWith(i, "\"\"\"")) {
          // Up to two more quotes may belong to the content: `""""` ends with one quote inside.
          std::size_t end = i + 3;
          while (end < text.size() && end < i + 5 && text[end] == '"') ++end;
          i = end - 1;
          inside = Inside::Nothing;
          expect = afterString;
        }
        continue;
      case Inside::MultiLiteral:
        if (startsWith(i, "'''")) {
          std::size_t end = i + 3;
          while (end < text.size() && end < i + 5 && text[end] == '\'') ++end;
          i = end - 1;
          inside = Inside::Nothing;
          expect = afterString;
        }
        continue;
    }
    // Outside strings and comments a non-ASCII character is never valid TOML, and toml++ may test
    // it as whitespace.
    if (isNonAscii(c)) return unsafe(i);
    if (isAsciiWhitespace(c)) continue;
    if (c == '#') {
      inside = Inside::Comment;
      continue;
    }
    if (c == '"' || c == '\'') {
      const bool multi = startsWith(i, c == '"' ? "\"\"\"" : "'''");
      inside = c == '"' ? (multi ? Inside::MultiBasic : Inside::Basic)
                        : (multi ? Inside::MultiLiteral : Inside::Literal);
      if (multi) i += 2;
      afterString = expect == Expect::Value ? Expect::AfterValue : expect;
      continue;
    }
    switch (expect) {
      case Expect::Key:
        if (c == '=') {
          expect = Expect::Value;
        } else if (c == '}' && !nesting.empty() && nesting.back() == Container::InlineTable) {
          nesting.pop_back();
          expect = Expect::AfterValue;
        }
        break;  // bare key characters, dots, table header brackets: nothing to track
      case Expect::Value:
        if (c == '[') {
          nesting.push_back(Container::Array);
        } else if (c == '{') {
          nesting.push_back(Container::InlineTable);
          expect = Expect::Key;
        } else if (c == ']' && !nesting.empty()) {  // an empty array, or after a trailing comma
          nesting.pop_back();
          expect = Expect::AfterValue;
        } else {
          // A bare value: toml++ reads it whole, testing every character.
          while (i < text.size() && !endsBareValue(text[i])) {
            if (isNonAscii(text[i])) return unsafe(i);
            ++i;
          }
          expect = Expect::AfterValue;
          --i;  // the terminator is looked at again
        }
        break;
      case Expect::AfterValue:
        if (c == ',' && !nesting.empty()) {
          expect = nesting.back() == Container::Array ? Expect::Value : Expect::Key;
        } else if ((c == ']' || c == '}') && !nesting.empty()) {
          nesting.pop_back();
        }
        break;
    }
  }
  return std::nullopt;
}

}  // namespace phosphene::play::detail
