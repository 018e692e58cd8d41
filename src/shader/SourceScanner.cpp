#include "shader/SourceScanner.hpp"

#include <cctype>

namespace phosphene::shader {

bool isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

namespace {

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

constexpr std::string_view kTwoCharOps[] = {"==", "!=", "<=", ">=", "&&", "||", "++",
                                            "--", "+=", "-=", "*=", "/=", "%=", "<<",
                                            ">>", "&=", "|=", "^=", "::"};

}  // namespace

std::vector<Token> scanTokens(std::string_view text) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  bool lineStart = true;
  const std::size_t n = text.size();
  while (i < n) {
    const char c = text[i];
    if (c == '\n') {
      lineStart = true;
      ++i;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++i;
      continue;
    }
    const std::size_t start = i;
    if (c == '#' && lineStart) {
      // A directive runs to the end of the line, continued lines included.
      while (i < n && text[i] != '\n') {
        if (text[i] == '\\' && i + 1 < n && text[i + 1] == '\n') ++i;
        ++i;
      }
      tokens.push_back({TokenKind::Directive, start, i - start, text.substr(start, i - start)});
      continue;
    }
    lineStart = false;
    if (isIdentChar(c) && !isDigit(c)) {
      while (i < n && isIdentChar(text[i])) ++i;
      tokens.push_back({TokenKind::Identifier, start, i - start, text.substr(start, i - start)});
      continue;
    }
    if (isDigit(c) || (c == '.' && i + 1 < n && isDigit(text[i + 1]))) {
      // Digits, a fraction, an exponent and suffixes (f, h, l, u) in any order fxc allowed.
      while (i < n) {
        const char d = text[i];
        if (isIdentChar(d) || d == '.') {
          ++i;
        } else if ((d == '+' || d == '-') && (text[i - 1] == 'e' || text[i - 1] == 'E') &&
                   !(i >= 2 && (text[i - 2] == 'x' || text[i - 2] == 'X'))) {
          ++i;
        } else {
          break;
        }
      }
      tokens.push_back({TokenKind::Number, start, i - start, text.substr(start, i - start)});
      continue;
    }
    std::size_t len = 1;
    if (i + 1 < n) {
      const std::string_view two = text.substr(i, 2);
      for (auto op : kTwoCharOps)
        if (two == op) len = 2;
    }
    i += len;
    tokens.push_back({TokenKind::Punct, start, len, text.substr(start, len)});
  }
  return tokens;
}

std::string stripComments(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (i < n) {
    if (text[i] == '/' && i + 1 < n && text[i + 1] == '/') {
      while (i < n && text[i] != '\n') ++i;
      continue;
    }
    if (text[i] == '/' && i + 1 < n && text[i + 1] == '*') {
      i += 2;
      while (i < n && !(text[i] == '*' && i + 1 < n && text[i + 1] == '/')) {
        if (text[i] == '\n') out += '\n';
        ++i;
      }
      i = i < n ? i + 2 : n;
      continue;
    }
    out += text[i++];
  }
  return out;
}

}  // namespace phosphene::shader
