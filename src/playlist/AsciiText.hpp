#pragma once
// ASCII-only case folding. Preset names come from Windows collections where "A.MILK" and "a.milk"
// are the same file; folding only ASCII keeps the result locale-independent and leaves UTF-8
// multi-byte sequences untouched.

#include <string>
#include <string_view>

namespace phosphene::playlist {

constexpr char asciiLower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
}

inline std::string asciiLower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = asciiLower(c);
  return out;
}

/// Negative, zero or positive like strcmp, comparing ASCII-case-folded bytes.
inline int compareAsciiNoCase(std::string_view a, std::string_view b) {
  const std::size_t n = a.size() < b.size() ? a.size() : b.size();
  for (std::size_t i = 0; i < n; ++i) {
    const auto ca = static_cast<unsigned char>(asciiLower(a[i]));
    const auto cb = static_cast<unsigned char>(asciiLower(b[i]));
    if (ca != cb) return ca < cb ? -1 : 1;
  }
  if (a.size() == b.size()) return 0;
  return a.size() < b.size() ? -1 : 1;
}

}  // namespace phosphene::playlist
