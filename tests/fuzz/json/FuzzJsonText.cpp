// The CLI's JSON string literals (lint --json, bench --json) from arbitrary bytes. The literal is
// always valid UTF-8 and valid JSON string syntax (RFC 8259: no raw control character, quote or
// lone backslash inside; only the escapes JSON defines), text already appended stays as it was,
// and reading the literal back gives the input with each malformed UTF-8 sequence as U+FFFD.
//
// Input layout: the whole input is the string.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "JsonText.hpp"
#include "core/Utf8.hpp"

namespace {

using phosphene::core::decodeUtf8At;
using phosphene::core::Utf8Sequence;

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_json: %s\n", what);
  std::abort();
}

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void appendUtf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Reads one JSON string literal that must fill `literal` exactly, by RFC 8259's grammar rather
// than by the writer's habits; returns the text it stands for.
std::string readJsonString(std::string_view literal) {
  if (literal.size() < 2 || literal.front() != '"' || literal.back() != '"')
    fail("not enclosed in quotes");
  const std::string_view body = literal.substr(1, literal.size() - 2);
  std::string text;
  for (std::size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    if (c == '"') fail("unescaped quote inside");
    if (static_cast<unsigned char>(c) < 0x20) fail("unescaped control character");
    if (c != '\\') {
      text += c;
      continue;
    }
    if (++i == body.size()) fail("backslash at the end");
    switch (body[i]) {
      case '"':
      case '\\':
      case '/':
        text += body[i];
        break;
      case 'b':
        text += '\b';
        break;
      case 'f':
        text += '\f';
        break;
      case 'n':
        text += '\n';
        break;
      case 'r':
        text += '\r';
        break;
      case 't':
        text += '\t';
        break;
      case 'u': {
        if (body.size() - i < 5) fail("short \\u escape");
        char32_t cp = 0;
        for (std::size_t k = 1; k <= 4; ++k) {
          const int digit = hexValue(body[i + k]);
          if (digit < 0) fail("\\u escape without four hex digits");
          cp = (cp << 4) | static_cast<char32_t>(digit);
        }
        // The writer has no reason to escape anything outside the BMP, so a surrogate escape
        // (valid JSON only as half of a pair) means it escaped bytes it should have replaced.
        if (cp >= 0xD800 && cp <= 0xDFFF) fail("surrogate escape");
        appendUtf8(text, cp);
        i += 4;
        break;
      }
      default:
        fail("unknown escape");
    }
  }
  return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  static constexpr std::string_view kBefore = "{\"name\":";
  std::string out(kBefore);
  phosphene::cli::appendJsonString(out, input);
  if (out.compare(0, kBefore.size(), kBefore) != 0) fail("text before the literal changed");
  const std::string_view literal = std::string_view(out).substr(kBefore.size());
  if (!phosphene::core::isValidUtf8(literal)) fail("output is not valid UTF-8");

  std::string expected;
  for (std::size_t pos = 0; pos < input.size();) {
    const Utf8Sequence sequence = decodeUtf8At(input, pos);
    expected += sequence.valid ? input.substr(pos, sequence.length) : "\xEF\xBF\xBD";
    pos += sequence.length;
  }
  if (readJsonString(literal) != expected) fail("the literal does not read back as the input");
  return 0;
}
