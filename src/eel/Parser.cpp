// The grammar MD2's yacc parser applies after the operator rewrite: calls, parentheses, unary
// signs and the left-associative binary levels `|` < `&` < `+ -` < `* /` and the sequencing token
// (ns-eel2 nseel-caltab.c compiles that token as exec2 on the multiplicative level).

#include <algorithm>
#include <cstring>
#include <string>

#include "eel/Ast.hpp"

namespace phosphene::eel {
namespace {

struct NamedBuiltin {
  const char* name;
  Builtin builtin;
};

// MD2's function table (nseel-compiler.c fnTable1) plus the aliases of nseel-eval.c.
constexpr NamedBuiltin kBuiltins[] = {
    {"_if", {Op::If, 3}},           {"if", {Op::If, 3}},
    {"_and", {Op::AndAlso, 2}},     {"_or", {Op::OrElse, 2}},
    {"loop", {Op::Loop, 2}},        {"while", {Op::While, 1}},
    {"_not", {Op::Not, 1}},         {"bnot", {Op::Not, 1}},
    {"_equal", {Op::Eq, 2}},        {"equal", {Op::Eq, 2}},
    {"_noteq", {Op::Ne, 2}},        {"_below", {Op::Lt, 2}},
    {"below", {Op::Lt, 2}},         {"_above", {Op::Gt, 2}},
    {"above", {Op::Gt, 2}},         {"_beleq", {Op::Le, 2}},
    {"_aboeq", {Op::Ge, 2}},        {"_set", {Op::Assign, 2}},
    {"assign", {Op::Assign, 2}},    {"_mod", {Op::Mod, 2}},
    {"_mulop", {Op::MulAssign, 2}}, {"_divop", {Op::DivAssign, 2}},
    {"_orop", {Op::OrAssign, 2}},   {"_andop", {Op::AndAssign, 2}},
    {"_addop", {Op::AddAssign, 2}}, {"_subop", {Op::SubAssign, 2}},
    {"_modop", {Op::ModAssign, 2}}, {"_powop", {Op::PowAssign, 2}},
    {"sin", {Op::Sin, 1}},          {"cos", {Op::Cos, 1}},
    {"tan", {Op::Tan, 1}},          {"asin", {Op::Asin, 1}},
    {"acos", {Op::Acos, 1}},        {"atan", {Op::Atan, 1}},
    {"atan2", {Op::Atan2, 2}},      {"sqr", {Op::Sqr, 1}},
    {"sqrt", {Op::Sqrt, 1}},        {"pow", {Op::Pow, 2}},
    {"exp", {Op::Exp, 1}},          {"log", {Op::Log, 1}},
    {"log10", {Op::Log10, 1}},      {"abs", {Op::Abs, 1}},
    {"min", {Op::Min, 2}},          {"max", {Op::Max, 2}},
    {"sign", {Op::Sign, 1}},        {"rand", {Op::Rand, 1}},
    {"floor", {Op::Floor, 1}},      {"int", {Op::Floor, 1}},
    {"ceil", {Op::Ceil, 1}},        {"invsqrt", {Op::Invsqrt, 1}},
    {"sigmoid", {Op::Sigmoid, 2}},  {"band", {Op::Band, 2}},
    {"bor", {Op::Bor, 2}},          {"exec2", {Op::Exec2, 2}},
    {"exec3", {Op::Exec3, 3}},      {"_mem", {Op::Mem, 1}},
    {"megabuf", {Op::Mem, 1}},      {"_gmem", {Op::GMem, 1}},
    {"gmegabuf", {Op::GMem, 1}},    {"freembuf", {Op::Freembuf, 1}},
    {"memcpy", {Op::Memcpy, 3}},    {"memset", {Op::Memset, 3}},
};

constexpr int kMaxDepth = 400;       // parser recursion
constexpr int kMaxTreeDepth = 2000;  // evaluation recursion

class Parser {
 public:
  Parser(const Tokens& toks, Context& ctx, Ast& ast, const std::string& section,
         core::Diagnostics& diags)
      : toks_(toks), ctx_(ctx), ast_(ast), section_(section), diags_(diags) {}

  bool run() {
    while (pos_ < toks_.size()) {
      if (toks_[pos_].kind == Tok::Semi) {
        ++pos_;
        continue;
      }
      const std::int32_t root = orExpr(0);
      if (root < 0) return false;
      if (pos_ < toks_.size() && toks_[pos_].kind != Tok::Semi) {
        unexpected();
        return false;
      }
      ast_.statements.push_back(root);
    }
    return true;
  }

 private:
  void error(core::DiagnosticId id, const Token* at, std::string msg) {
    const Token* t = at ? at : (toks_.empty() ? nullptr : &toks_.back());
    diags_.push_back(
        core::makeDiagnostic(id, std::move(msg), section_, t ? t->line : 0, t ? t->column : 0));
  }
  void unexpected() {
    if (pos_ >= toks_.size()) {
      error(core::DiagnosticId::EelSyntax, nullptr, "unexpected end of code");
      return;
    }
    const Token& t = toks_[pos_];
    if (t.synthetic && (t.kind == Tok::RParen || t.kind == Tok::Comma)) {
      // The rewrite closed a call the source left open: point at the last real token.
      std::size_t k = pos_;
      while (k > 0 && toks_[k].synthetic) --k;
      error(core::DiagnosticId::EelSyntax, &toks_[k], "incomplete expression");
      return;
    }
    std::string what = t.kind == Tok::Name     ? "'" + t.text + "'"
                       : t.kind == Tok::Number ? std::string("number")
                                               : "'" + std::string(tokenSpelling(t.kind)) + "'";
    error(core::DiagnosticId::EelSyntax, &t, "unexpected " + what);
  }
  bool at(Tok k) const { return pos_ < toks_.size() && toks_[pos_].kind == k; }

  std::int32_t node(Op op, std::int32_t a = -1, std::int32_t b = -1, std::int32_t c = -1) {
    int d = 0;
    for (std::int32_t ch : {a, b, c})
      if (ch >= 0) d = std::max(d, depth_[static_cast<std::size_t>(ch)]);
    if (d + 1 > kMaxTreeDepth) {
      error(core::DiagnosticId::EelTooComplex, pos_ < toks_.size() ? &toks_[pos_] : nullptr,
            "expression nested too deeply");
      return -1;
    }
    Node n;
    n.op = op;
    n.a = a;
    n.b = b;
    n.c = c;
    ast_.nodes.push_back(n);
    depth_.push_back(d + 1);
    return static_cast<std::int32_t>(ast_.nodes.size() - 1);
  }

  template <typename Next>
  std::int32_t binaryLevel(int depth, Next next, std::initializer_list<std::pair<Tok, Op>> ops) {
    std::int32_t lhs = next(depth);
    while (lhs >= 0 && pos_ < toks_.size()) {
      const Tok k = toks_[pos_].kind;
      const auto it = std::find_if(ops.begin(), ops.end(), [&](auto& p) { return p.first == k; });
      if (it == ops.end()) break;
      ++pos_;
      const std::int32_t rhs = next(depth);
      if (rhs < 0) return -1;
      lhs = node(it->second, lhs, rhs);
    }
    return lhs;
  }

  std::int32_t orExpr(int depth) {
    if (depth > kMaxDepth) {
      error(core::DiagnosticId::EelTooComplex, pos_ < toks_.size() ? &toks_[pos_] : nullptr,
            "expression nested too deeply");
      return -1;
    }
    return binaryLevel(depth, [this](int d) { return andExpr(d); }, {{Tok::Pipe, Op::BitOr}});
  }
  std::int32_t andExpr(int depth) {
    return binaryLevel(depth, [this](int d) { return addExpr(d); }, {{Tok::Amp, Op::BitAnd}});
  }
  std::int32_t addExpr(int depth) {
    return binaryLevel(depth, [this](int d) { return mulExpr(d); },
                       {{Tok::Plus, Op::Add}, {Tok::Minus, Op::Sub}});
  }
  std::int32_t mulExpr(int depth) {
    return binaryLevel(depth, [this](int d) { return unary(d); },
                       {{Tok::Star, Op::Mul}, {Tok::Slash, Op::Div}, {Tok::Seq, Op::Exec2}});
  }
  std::int32_t unary(int depth) {
    if (depth > kMaxDepth) {
      error(core::DiagnosticId::EelTooComplex, pos_ < toks_.size() ? &toks_[pos_] : nullptr,
            "expression nested too deeply");
      return -1;
    }
    if (at(Tok::Minus)) {
      ++pos_;
      const std::int32_t x = unary(depth + 1);
      return x < 0 ? -1 : node(Op::Neg, x);
    }
    if (at(Tok::Plus)) {
      ++pos_;
      return unary(depth + 1);
    }
    return primary(depth);
  }

  std::int32_t primary(int depth) {
    if (pos_ >= toks_.size()) {
      unexpected();
      return -1;
    }
    const Token& t = toks_[pos_];
    if (t.kind == Tok::Number) {
      ++pos_;
      const std::int32_t n = node(Op::Const);
      if (n >= 0) ast_.nodes[static_cast<std::size_t>(n)].value = t.number;
      return n;
    }
    if (t.kind == Tok::LParen) {
      ++pos_;
      const std::int32_t x = orExpr(depth + 1);
      if (x < 0) return -1;
      if (!at(Tok::RParen)) {
        unexpected();
        return -1;
      }
      ++pos_;
      return x;
    }
    if (t.kind != Tok::Name) {
      unexpected();
      return -1;
    }
    ++pos_;
    const Builtin* fn = findBuiltin(t.text);
    if (at(Tok::LParen)) {
      if (!fn) {
        error(core::DiagnosticId::EelUnknownFunction, &t, "unknown function '" + t.text + "'");
        return -1;
      }
      ++pos_;
      std::int32_t args[3] = {-1, -1, -1};
      int count = 0;
      for (;;) {
        const std::int32_t x = orExpr(depth + 1);
        if (x < 0) return -1;
        if (count < 3) args[count] = x;
        ++count;
        if (at(Tok::Comma)) {
          ++pos_;
          continue;
        }
        if (at(Tok::RParen)) {
          ++pos_;
          break;
        }
        unexpected();
        return -1;
      }
      if (count != fn->arity) {
        error(core::DiagnosticId::EelArity, &t,
              "'" + t.text + "' takes " + std::to_string(fn->arity) + " argument" +
                  (fn->arity == 1 ? "" : "s") + ", not " + std::to_string(count));
        return -1;
      }
      return node(fn->op, args[0], args[1], args[2]);
    }
    if (fn) {
      error(core::DiagnosticId::EelFunctionAsVariable, &t,
            "'" + t.text + "' is a function, not a variable");
      return -1;
    }
    if (t.text.size() > 16) {
      error(core::DiagnosticId::EelLongName, &t,
            "'" + t.text + "': MilkDrop compares only the first 16 characters of names");
    }
    const Slot s = ctx_.slot(t.text);
    std::int32_t index = -1;
    for (std::size_t i = 0; i < ast_.vars.size(); ++i)
      if (ast_.vars[i] == s) index = static_cast<std::int32_t>(i);
    if (index < 0) {
      ast_.vars.push_back(s);
      index = static_cast<std::int32_t>(ast_.vars.size() - 1);
    }
    const std::int32_t n = node(Op::Var);
    if (n >= 0) ast_.nodes[static_cast<std::size_t>(n)].var = index;
    return n;
  }

  const Tokens& toks_;
  Context& ctx_;
  Ast& ast_;
  const std::string& section_;
  core::Diagnostics& diags_;
  std::size_t pos_ = 0;
  std::vector<int> depth_;
};

}  // namespace

const Builtin* findBuiltin(std::string_view name) {
  for (const auto& b : kBuiltins)
    if (name == b.name) return &b.builtin;
  return nullptr;
}

bool parseTokens(const Tokens& tokens, Context& ctx, Ast& ast, const std::string& section,
                 core::Diagnostics& diags) {
  // `:` and `]` left over by the rewrite reach MD2's lexer, which skips characters it does not
  // know; skipping them here too keeps such presets running.
  Tokens kept;
  kept.reserve(tokens.size());
  for (const Token& t : tokens) {
    if (t.kind == Tok::Colon || t.kind == Tok::RBracket) {
      diags.push_back(core::makeDiagnostic(
          core::DiagnosticId::EelStrayCharacter,
          std::string("stray '") + tokenSpelling(t.kind) + "' ignored", section, t.line, t.column));
      continue;
    }
    kept.push_back(t);
  }
  return Parser(kept, ctx, ast, section, diags).run();
}

bool hasSideEffects(const Ast& ast, std::int32_t n) {
  if (n < 0) return false;
  const Node& x = ast.nodes[static_cast<std::size_t>(n)];
  switch (x.op) {
    case Op::Assign:
    case Op::AddAssign:
    case Op::SubAssign:
    case Op::MulAssign:
    case Op::DivAssign:
    case Op::ModAssign:
    case Op::OrAssign:
    case Op::AndAssign:
    case Op::PowAssign:
    case Op::Loop:
    case Op::While:
    case Op::Rand:
    case Op::Memcpy:
    case Op::Memset:
    case Op::Freembuf:
      return true;
    default:
      return hasSideEffects(ast, x.a) || hasSideEffects(ast, x.b) || hasSideEffects(ast, x.c);
  }
}

}  // namespace phosphene::eel
