#pragma once
// Private to the config library: a pre-pass that keeps toml++ 3.3 away from undefined behaviour.
// Its Unicode whitespace test reaches TOML_UNREACHABLE (__builtin_unreachable) for many non-ASCII
// characters (U+00A1..U+0499, U+FC26..U+FEFE) wherever the parser looks for whitespace: outside
// strings and comments, and after a line-ending backslash in a multi-line string (upstream
// marzer/tomlplusplus issues #190 and #295, fixed after 3.3.0; Debian 12 ships 3.3.0). Found by
// fuzz_config under UBSan. Outside strings and comments a non-ASCII character is a syntax error in
// TOML 1.0 anyway, so the pre-pass reports it as one and the caller skips that line.

#include <optional>
#include <string>
#include <string_view>

namespace phosphene::play::detail {

struct UnsafeCharacter {
  int line = 0;             // 1-based
  int column = 0;           // 1-based, in bytes
  std::string description;  // "U+00E9" or "byte 0xFF"
};

/// The first non-ASCII character that toml++ 3.3 would test as whitespace, if any.
std::optional<UnsafeCharacter> findUnsafeCharacter(std::string_view text);

}  // namespace phosphene::play::detail
