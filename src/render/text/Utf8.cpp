#include "render/text/Utf8.hpp"

namespace phosphene::render::text {
namespace {

bool isContinuation(unsigned char byte) {
  return (byte & 0xC0u) == 0x80u;
}

}  // namespace

char32_t decodeNext(std::string_view text, std::size_t& pos) {
  const auto lead = static_cast<unsigned char>(text[pos]);
  if (lead < 0x80u) {
    ++pos;
    return lead;
  }
  // Lead bytes C0/C1 could only start overlong two-byte forms; F5..FF are beyond U+10FFFF.
  int length = 0;
  char32_t cp = 0;
  char32_t minimum = 0;
  if (lead >= 0xC2u && lead <= 0xDFu) {
    length = 2, cp = lead & 0x1Fu, minimum = 0x80;
  } else if (lead >= 0xE0u && lead <= 0xEFu) {
    length = 3, cp = lead & 0x0Fu, minimum = 0x800;
  } else if (lead >= 0xF0u && lead <= 0xF4u) {
    length = 4, cp = lead & 0x07u, minimum = 0x10000;
  } else {
    ++pos;
    return kReplacementCharacter;
  }
  std::size_t i = pos + 1;
  for (int k = 1; k < length; ++k, ++i) {
    if (i >= text.size() || !isContinuation(static_cast<unsigned char>(text[i]))) {
      pos = i;  // the valid prefix is one error; the byte that broke it starts afresh
      return kReplacementCharacter;
    }
    cp = (cp << 6) | (static_cast<unsigned char>(text[i]) & 0x3Fu);
  }
  pos = i;
  if (cp < minimum || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return kReplacementCharacter;
  return cp;
}

std::u32string decodeUtf8(std::string_view text) {
  std::u32string out;
  out.reserve(text.size());
  std::size_t pos = 0;
  while (pos < text.size()) out.push_back(decodeNext(text, pos));
  return out;
}

}  // namespace phosphene::render::text
