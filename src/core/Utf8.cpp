#include "core/Utf8.hpp"

namespace phosphene::core {

Utf8Sequence decodeUtf8At(std::string_view text, std::size_t pos) {
  const auto lead = static_cast<unsigned char>(text[pos]);
  if (lead < 0x80) return {lead, 1, true};
  // RFC 3629 section 4: the lead byte fixes the length and the range of the second byte; the
  // narrowed ranges after E0, ED, F0 and F4 are what exclude overlong forms, surrogates and code
  // points above U+10FFFF, so no decoded value needs checking afterwards.
  std::size_t length = 0;
  char32_t codePoint = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, codePoint = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, codePoint = lead & 0x0Fu;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, codePoint = lead & 0x07u;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return {};  // a continuation byte, C0/C1 (overlong only) or F5..FF (beyond U+10FFFF)
  }
  for (std::size_t k = 1; k < length; ++k) {
    if (pos + k >= text.size()) return {kReplacementCharacter, k, false};
    const auto next = static_cast<unsigned char>(text[pos + k]);
    if (next < low || next > high) return {kReplacementCharacter, k, false};
    codePoint = (codePoint << 6) | (next & 0x3Fu);
    low = 0x80, high = 0xBF;
  }
  return {codePoint, length, true};
}

std::size_t findInvalidUtf8(std::string_view text) {
  for (std::size_t pos = 0; pos < text.size();) {
    const Utf8Sequence sequence = decodeUtf8At(text, pos);
    if (!sequence.valid) return pos;
    pos += sequence.length;
  }
  return std::string_view::npos;
}

}  // namespace phosphene::core
