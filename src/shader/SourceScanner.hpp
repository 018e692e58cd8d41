#pragma once
// A small lexer for the HLSL subset MilkDrop presets use: enough to find identifiers, numbers,
// punctuation and preprocessor lines with their byte offsets, so the MilkDrop-aware pass can make
// exact, local edits (rename a call, add `static`) without parsing HLSL. The real parsing is
// glslang's.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace phosphene::shader {

enum class TokenKind { Identifier, Number, Punct, Directive };

struct Token {
  TokenKind kind;
  std::size_t offset;  // first byte in the scanned text
  std::size_t length;
  std::string_view text;
};

/// Tokens of `text` (whitespace dropped). A `#` that starts a line (after blanks) makes the whole
/// line one Directive token, continuation backslashes included. Punctuation tokens are the
/// two-character operators (`==`, `+=`, `++`, `&&`, ...) or single characters. The view must
/// outlive the tokens.
std::vector<Token> scanTokens(std::string_view text);

/// Removes `//` and `/* */` comments the way MilkDrop 2 does (the comment text is deleted, no
/// space is put in its place) except that line breaks inside a block comment are kept, so line
/// numbers stay the preset's own.
std::string stripComments(std::string_view text);

/// True when `c` may appear in an identifier.
bool isIdentChar(char c);

}  // namespace phosphene::shader
