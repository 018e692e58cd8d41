#include <cctype>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <string_view>

#include "eel/Token.hpp"

namespace phosphene::eel {
namespace {

bool isNameStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
bool isHexDigit(char c) {
  return std::isxdigit(static_cast<unsigned char>(c)) != 0;
}
char lower(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

class Lexer {
 public:
  Lexer(std::string_view src, int firstLine, const std::string& section, core::Diagnostics& diags)
      : src_(src), line_(firstLine), section_(section), diags_(diags) {}

  Tokens run() {
    Tokens out;
    while (pos_ < src_.size()) {
      const char c = src_[pos_];
      if (c == '\n') {
        advance(1);
        continue;
      }
      if (std::isspace(static_cast<unsigned char>(c))) {
        advance(1);
        continue;
      }
      if (c == '/' && peek(1) == '/') {
        while (pos_ < src_.size() && src_[pos_] != '\n') advance(1);
        continue;
      }
      if (c == '/' && peek(1) == '*') {
        advance(2);
        while (pos_ < src_.size() && !(src_[pos_] == '*' && peek(1) == '/')) advance(1);
        if (pos_ < src_.size()) advance(2);
        continue;
      }
      Token t;
      t.line = line_;
      t.column = column_;
      t.first = c;
      if (isDigit(c) || (c == '.' && isDigit(peek(1)))) {
        number(t);
      } else if (isNameStart(c)) {
        t.kind = Tok::Name;
        while (pos_ < src_.size() && isNameChar(src_[pos_])) {
          t.text += lower(src_[pos_]);
          advance(1);
        }
      } else if (c == '$') {
        if (!dollar(t)) {
          stray(c);
          advance(1);
          continue;
        }
      } else if (!punct(t)) {
        stray(c);
        advance(1);
        continue;
      }
      out.push_back(std::move(t));
    }
    return out;
  }

 private:
  char peek(std::size_t k) const { return pos_ + k < src_.size() ? src_[pos_ + k] : '\0'; }
  void advance(std::size_t n) {
    for (std::size_t i = 0; i < n && pos_ < src_.size(); ++i) {
      if (src_[pos_] == '\n') {
        ++line_;
        column_ = 1;
      } else {
        ++column_;
      }
      ++pos_;
    }
  }
  void stray(char c) {
    std::string shown = std::isprint(static_cast<unsigned char>(c))
                            ? std::string(1, c)
                            : "\\x" + std::to_string(static_cast<unsigned char>(c));
    diags_.push_back(core::makeDiagnostic(core::DiagnosticId::EelStrayCharacter,
                                          "stray character '" + shown + "' ignored", section_,
                                          line_, column_));
  }

  void number(Token& t) {
    t.kind = Tok::Number;
    // MD2 also reads digit-led hexadecimal with an `h` suffix ("1Fh" = 31).
    std::size_t e = pos_;
    while (e < src_.size() && isHexDigit(src_[e])) ++e;
    if (isDigit(src_[pos_]) && e < src_.size() && (src_[e] == 'h' || src_[e] == 'H') &&
        !(e + 1 < src_.size() && isNameChar(src_[e + 1]))) {
      double v = 0;
      for (std::size_t i = pos_; i < e; ++i) {
        const char d = lower(src_[i]);
        v = v * 16 + (isDigit(d) ? d - '0' : d - 'a' + 10);
      }
      t.number = v;
      advance(e + 1 - pos_);
      return;
    }
    std::size_t i = pos_;
    bool real = false;
    while (i < src_.size() && isDigit(src_[i])) ++i;
    if (i < src_.size() && src_[i] == '.') {
      real = true;
      ++i;
      while (i < src_.size() && isDigit(src_[i])) ++i;
    }
    if (i < src_.size() && (src_[i] == 'e' || src_[i] == 'E')) {
      std::size_t j = i + 1;
      if (j < src_.size() && (src_[j] == '+' || src_[j] == '-')) ++j;
      if (j < src_.size() && isDigit(src_[j])) {
        real = true;
        while (j < src_.size() && isDigit(src_[j])) ++j;
        i = j;
      }
    }
    const std::string text(src_.substr(pos_, i - pos_));
    if (real) {
      t.number = std::strtod(text.c_str(), nullptr);
    } else {
      // MD2 reads integer literals with a 32-bit atoi: larger values saturate.
      const double v = std::strtod(text.c_str(), nullptr);
      t.number = v > static_cast<double>(INT_MAX) ? static_cast<double>(INT_MAX) : v;
    }
    advance(i - pos_);
  }

  bool dollar(Token& t) {
    t.kind = Tok::Number;
    const char a = lower(peek(1));
    if (a == 'x') {
      std::size_t i = pos_ + 2;
      double v = 0;
      while (i < src_.size() && isHexDigit(src_[i])) {
        const char d = lower(src_[i]);
        v = v * 16 + (isDigit(d) ? d - '0' : d - 'a' + 10);
        ++i;
      }
      t.number = std::fmin(v, 4294967295.0);  // strtoul on 32 bits
      advance(i - pos_);
      return true;
    }
    if (a == '\'' && peek(2) != '\0' && peek(3) == '\'') {
      t.number = static_cast<unsigned char>(peek(2));
      advance(4);
      return true;
    }
    // MD2 matches the named constants by prefix, in this order, and substitutes its text.
    if (a == 'p' && lower(peek(2)) == 'i') {
      t.number = 3.141592653589793;
      advance(3);
      return true;
    }
    if (a == 'e') {
      t.number = 2.71828183;
      advance(2);
      return true;
    }
    if (a == 'p' && lower(peek(2)) == 'h' && lower(peek(3)) == 'i') {
      t.number = 1.61803399;
      advance(4);
      return true;
    }
    return false;
  }

  bool punct(Token& t) {
    const char c = src_[pos_];
    const char n = peek(1);
    auto two = [&](Tok k) {
      t.kind = k;
      advance(2);
      return true;
    };
    auto one = [&](Tok k) {
      t.kind = k;
      advance(1);
      return true;
    };
    switch (c) {
      case '(':
        return one(Tok::LParen);
      case ')':
        return one(Tok::RParen);
      case '[':
        return one(Tok::LBracket);
      case ']':
        return one(Tok::RBracket);
      case ',':
        return one(Tok::Comma);
      case ';':
        return one(Tok::Semi);
      case '?':
        return one(Tok::Question);
      case ':':
        return one(Tok::Colon);
      case '+':
        return n == '=' ? two(Tok::AddAssign) : one(Tok::Plus);
      case '-':
        return n == '=' ? two(Tok::SubAssign) : one(Tok::Minus);
      case '*':
        return n == '=' ? two(Tok::MulAssign) : one(Tok::Star);
      case '/':
        return n == '=' ? two(Tok::DivAssign) : one(Tok::Slash);
      case '%':
        return n == '=' ? two(Tok::ModAssign) : one(Tok::Percent);
      case '^':
        return n == '=' ? two(Tok::PowAssign) : one(Tok::Caret);
      case '|':
        if (n == '=') return two(Tok::OrAssign);
        return n == '|' ? two(Tok::OrOr) : one(Tok::Pipe);
      case '&':
        if (n == '=') return two(Tok::AndAssign);
        return n == '&' ? two(Tok::AndAnd) : one(Tok::Amp);
      case '=':
        return n == '=' ? two(Tok::EqEq) : one(Tok::Assign);
      case '!':
        return n == '=' ? two(Tok::NotEq) : one(Tok::Bang);
      case '<':
        return n == '=' ? two(Tok::Le) : one(Tok::Lt);
      case '>':
        return n == '=' ? two(Tok::Ge) : one(Tok::Gt);
      default:
        return false;
    }
  }

  std::string_view src_;
  std::size_t pos_ = 0;
  int line_;
  int column_ = 1;
  const std::string& section_;
  core::Diagnostics& diags_;
};

}  // namespace

Tokens lex(std::string_view source, int firstLine, const std::string& section,
           core::Diagnostics& diags) {
  return Lexer(source, firstLine, section, diags).run();
}

const char* tokenSpelling(Tok kind) {
  switch (kind) {
    case Tok::Number:
      return "number";
    case Tok::Name:
      return "name";
    case Tok::LParen:
      return "(";
    case Tok::RParen:
      return ")";
    case Tok::LBracket:
      return "[";
    case Tok::RBracket:
      return "]";
    case Tok::Comma:
      return ",";
    case Tok::Semi:
      return ";";
    case Tok::Seq:
      return ";";
    case Tok::Plus:
      return "+";
    case Tok::Minus:
      return "-";
    case Tok::Star:
      return "*";
    case Tok::Slash:
      return "/";
    case Tok::Percent:
      return "%";
    case Tok::Caret:
      return "^";
    case Tok::Amp:
      return "&";
    case Tok::Pipe:
      return "|";
    case Tok::Bang:
      return "!";
    case Tok::Question:
      return "?";
    case Tok::Colon:
      return ":";
    case Tok::Lt:
      return "<";
    case Tok::Gt:
      return ">";
    case Tok::Le:
      return "<=";
    case Tok::Ge:
      return ">=";
    case Tok::EqEq:
      return "==";
    case Tok::NotEq:
      return "!=";
    case Tok::AndAnd:
      return "&&";
    case Tok::OrOr:
      return "||";
    case Tok::Assign:
      return "=";
    case Tok::AddAssign:
      return "+=";
    case Tok::SubAssign:
      return "-=";
    case Tok::MulAssign:
      return "*=";
    case Tok::DivAssign:
      return "/=";
    case Tok::ModAssign:
      return "%=";
    case Tok::OrAssign:
      return "|=";
    case Tok::AndAssign:
      return "&=";
    case Tok::PowAssign:
      return "^=";
  }
  return "?";
}

}  // namespace phosphene::eel
