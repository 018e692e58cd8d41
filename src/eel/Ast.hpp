#pragma once
// The compiled form shared by the scalar interpreter and the batch compiler: a flat node array
// after MD2's rewrite and name resolution. Every operator is one Op; children are node indices.

#include <cstdint>
#include <string_view>
#include <vector>

#include "eel/Eel.hpp"
#include "eel/Token.hpp"

namespace phosphene::eel {

enum class Op : std::uint8_t {
  Const,
  Var,
  Add,
  Sub,
  Mul,
  Div,
  Neg,
  BitOr,
  BitAnd,
  Mod,
  Pow,
  If,
  AndAlso,
  OrElse,
  Not,
  Eq,
  Ne,
  Lt,
  Gt,
  Le,
  Ge,
  Assign,
  AddAssign,
  SubAssign,
  MulAssign,
  DivAssign,
  ModAssign,
  OrAssign,
  AndAssign,
  PowAssign,
  Loop,
  While,
  Exec2,
  Exec3,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Atan2,
  Sqr,
  Sqrt,
  Exp,
  Log,
  Log10,
  Abs,
  Min,
  Max,
  Sign,
  Rand,
  Floor,
  Ceil,
  Invsqrt,
  Sigmoid,
  Band,
  Bor,
  Mem,
  GMem,
  Freembuf,
  Memcpy,
  Memset,
};

struct Node {
  Op op = Op::Const;
  std::int32_t a = -1, b = -1, c = -1;  // children
  std::int32_t var = -1;                // Var: index into Ast::vars
  double value = 0.0;                   // Const
};

struct Ast {
  std::vector<Node> nodes;
  std::vector<std::int32_t> statements;  // roots, in order
  std::vector<Slot> vars;                // the program's variables (context slots / registers)
};

/// Built-in function by (lower-case) name, including MD2's aliases (int = floor, if = _if, ...).
struct Builtin {
  Op op;
  int arity;
};
const Builtin* findBuiltin(std::string_view name);

/// Parses rewritten tokens into `ast`; false with errors in `diags` when the code is invalid.
bool parseTokens(const Tokens& tokens, Context& ctx, Ast& ast, const std::string& section,
                 core::Diagnostics& diags);

/// True when evaluating node `n` can change anything besides its value (store, memory, rand).
bool hasSideEffects(const Ast& ast, std::int32_t n);

}  // namespace phosphene::eel
