#pragma once
// Tokens of EEL2 source, before and after MilkDrop's operator rewrite (Rewriter.hpp).

#include <cstdint>
#include <string>
#include <vector>

#include "core/Diagnostic.hpp"

namespace phosphene::eel {

enum class Tok : std::uint8_t {
  Number,
  Name,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Comma,
  Semi,
  Seq,  // `;` inside parentheses: MD2's internal sequencing token
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Caret,
  Amp,
  Pipe,
  Bang,
  Question,
  Colon,
  Lt,
  Gt,
  Le,
  Ge,
  EqEq,
  NotEq,
  AndAnd,
  OrOr,
  Assign,
  AddAssign,
  SubAssign,
  MulAssign,
  DivAssign,
  ModAssign,
  OrAssign,
  AndAssign,
  PowAssign,
};

struct Token {
  Tok kind = Tok::Number;
  char first = 0;  // first source character (MD2 decides some rewrites on it)
  double number = 0.0;
  std::string text;        // names, lower-cased
  bool synthetic = false;  // made by the rewrite, not in the source
  int line = 0;
  int column = 0;
};

using Tokens = std::vector<Token>;

/// Splits source into tokens, dropping comments and whitespace. Characters MilkDrop's lexer
/// skips are skipped here too, with a warning.
Tokens lex(std::string_view source, int firstLine, const std::string& section,
           core::Diagnostics& diags);

/// MilkDrop's operator rewrite (ns-eel2 preprocessCode): turns `= += == < && ?: ! % ^ [ ]` into
/// calls with MD2's exact operand grouping, leaving only `+ - * / & |`, unary signs, calls,
/// parentheses, commas, `;` and the sequencing token. False (with an error) on a missing operand.
bool rewrite(const Tokens& in, Tokens& out, const std::string& section, core::Diagnostics& diags);

const char* tokenSpelling(Tok kind);

}  // namespace phosphene::eel
