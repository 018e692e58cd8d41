// MilkDrop 2's operator rewrite, reproduced on tokens. MD2 never parses `=`, compound assignment,
// comparisons, `&&`, `||`, `?:`, `!`, `%`, `^` or `[]` with a grammar: walking the text left to
// right, it cuts a left operand out of what it already emitted and a right operand out of what
// follows, and emits a call. The scan rules below are the facts of ns-eel2 preprocessCode
// (nseel-compiler.c, MilkDrop3 code/ns-eel2) that decide operand grouping (spec/eel2.md §6.2).

#include <cctype>

#include "eel/Token.hpp"

namespace phosphene::eel {
namespace {

// How far the left operand reaches back.
enum class Left : std::uint8_t {
  None,    // `!`
  Atom,    // the adjacent name, number, call or parenthesised group
  Clause,  // back to the nearest unmatched `(` or `, ; ? :` or sequencing token
};
// How far the right operand reaches forward.
enum class Right : std::uint8_t {
  Atom,     // a signed atom
  Compare,  // up to `, ) : ? ;` or `&&` / `||`
  Assign,   // up to `, ) ;` or an unmatched `:`
  Cond,     // up to `, ) ;` or the second unmatched `:`
  Index,    // up to the matching `]`
};

struct Rule {
  Left left;
  Right right;
  const char* function;  // nullptr: special emission
};

bool ruleFor(Tok k, Rule& r) {
  switch (k) {
    case Tok::AddAssign:
      r = {Left::Atom, Right::Assign, "_addop"};
      return true;
    case Tok::SubAssign:
      r = {Left::Atom, Right::Assign, "_subop"};
      return true;
    case Tok::ModAssign:
      r = {Left::Atom, Right::Assign, "_modop"};
      return true;
    case Tok::OrAssign:
      r = {Left::Atom, Right::Assign, "_orop"};
      return true;
    case Tok::AndAssign:
      r = {Left::Atom, Right::Assign, "_andop"};
      return true;
    case Tok::DivAssign:
      r = {Left::Atom, Right::Assign, "_divop"};
      return true;
    case Tok::MulAssign:
      r = {Left::Atom, Right::Assign, "_mulop"};
      return true;
    case Tok::PowAssign:
      r = {Left::Atom, Right::Assign, "_powop"};
      return true;
    case Tok::EqEq:
      r = {Left::Clause, Right::Compare, "_equal"};
      return true;
    case Tok::Le:
      r = {Left::Clause, Right::Compare, "_beleq"};
      return true;
    case Tok::Ge:
      r = {Left::Clause, Right::Compare, "_aboeq"};
      return true;
    case Tok::Lt:
      r = {Left::Clause, Right::Compare, "_below"};
      return true;
    case Tok::Gt:
      r = {Left::Clause, Right::Compare, "_above"};
      return true;
    case Tok::NotEq:
      r = {Left::Clause, Right::Compare, "_noteq"};
      return true;
    case Tok::OrOr:
      r = {Left::Clause, Right::Compare, "_or"};
      return true;
    case Tok::AndAnd:
      r = {Left::Clause, Right::Compare, "_and"};
      return true;
    case Tok::Assign:
      r = {Left::Atom, Right::Assign, "_set"};
      return true;
    case Tok::Percent:
      r = {Left::Atom, Right::Atom, "_mod"};
      return true;
    case Tok::Caret:
      r = {Left::Atom, Right::Atom, "pow"};
      return true;
    case Tok::LBracket:
      r = {Left::Atom, Right::Index, nullptr};
      return true;
    case Tok::Bang:
      r = {Left::None, Right::Atom, nullptr};
      return true;
    case Tok::Question:
      r = {Left::Clause, Right::Cond, nullptr};
      return true;
    default:
      return false;
  }
}

bool isAtomPart(Tok k) {
  return k == Tok::Name || k == Tok::Number;
}

// MD2 turns `;` inside parentheses into its sequencing token only when the next character starts
// a name, number, `(`, `!` or `$` constant; otherwise the `;` becomes a space.
bool startsSequenceItem(const Token& t) {
  const unsigned char c = static_cast<unsigned char>(t.first);
  return std::isalnum(c) || c == '(' || c == '_' || c == '!' || c == '$';
}

constexpr int kMaxDepth = 400;

class Rewriter {
 public:
  Rewriter(const std::string& section, core::Diagnostics& diags)
      : section_(section), diags_(diags) {}

  bool run(const Tokens& in, Tokens& out) { return process(in, 0, in.size(), out, 0); }

 private:
  void error(core::DiagnosticId id, const Token& at, std::string msg) {
    diags_.push_back(core::makeDiagnostic(id, std::move(msg), section_, at.line, at.column));
  }

  static Token synth(const Token& at, Tok kind, std::string text = {}) {
    Token t;
    t.kind = kind;
    t.first = kind == Tok::Name ? '_' : '(';
    t.text = std::move(text);
    t.synthetic = true;
    t.line = at.line;
    t.column = at.column;
    return t;
  }

  // Start of the left operand within `out`.
  static std::size_t leftStart(const Tokens& out, Left mode) {
    std::size_t k = out.size();
    int depth = 0;
    while (k > 0) {
      const Tok t = out[k - 1].kind;
      if (t == Tok::RParen) {
        ++depth;
      } else if (t == Tok::LParen) {
        if (--depth < 0) break;
      } else if (depth == 0) {
        if (mode == Left::Atom && !isAtomPart(t)) break;
        if (mode == Left::Clause && (t == Tok::Colon || t == Tok::Comma || t == Tok::Semi ||
                                     t == Tok::Question || t == Tok::Seq))
          break;
      }
      --k;
    }
    return k;
  }

  // End (exclusive) of the right operand starting at `b`.
  static std::size_t rightEnd(const Tokens& in, std::size_t b, std::size_t e, Right mode) {
    int depth = 0, q = 0, brackets = 0;
    bool had = false;
    std::size_t j = b;
    for (; j < e; ++j) {
      const Tok t = in[j].kind;
      if (t == Tok::LParen) {
        had = true;
        ++depth;
        continue;
      }
      if (t == Tok::RParen) {
        if (--depth < 0) break;
        continue;
      }
      if (depth > 0) continue;
      if (t == Tok::Semi || t == Tok::Comma) break;
      switch (mode) {
        case Right::Atom:
          if (t == Tok::Colon) return j;
          if (isAtomPart(t)) {
            had = true;
          } else if (had) {
            return j;
          }
          break;
        case Right::Compare:
          if (t == Tok::OrOr || t == Tok::AndAnd || t == Tok::Colon || t == Tok::Question) return j;
          break;
        case Right::Assign:
        case Right::Cond:
          if (t == Tok::Colon) --q;
          if (t == Tok::Question) ++q;
          if (q < (mode == Right::Assign ? 0 : -1)) return j;
          break;
        case Right::Index:
          if (t == Tok::LBracket) ++brackets;
          if (t == Tok::RBracket && --brackets < 0) return j;
          break;
      }
    }
    return j;
  }

  bool process(const Tokens& in, std::size_t b, std::size_t e, Tokens& out, int depth) {
    if (depth > kMaxDepth) {
      error(core::DiagnosticId::EelTooComplex, in[b < e ? b : e - 1],
            "expression nested too deeply");
      return false;
    }
    int parens = 0;
    for (std::size_t i = b; i < e;) {
      const Token& t = in[i];
      if (t.kind == Tok::LParen) {
        ++parens;
        out.push_back(t);
        ++i;
        continue;
      }
      if (t.kind == Tok::RParen) {
        if (parens > 0) --parens;
        out.push_back(t);
        ++i;
        continue;
      }
      if (t.kind == Tok::Semi && parens > 0) {
        if (i + 1 < e && startsSequenceItem(in[i + 1])) {
          out.push_back(synth(t, Tok::Seq));
        } else {
          diags_.push_back(core::makeDiagnostic(core::DiagnosticId::EelStraySemicolon,
                                                "';' inside parentheses dropped", section_, t.line,
                                                t.column));
        }
        ++i;
        continue;
      }
      Rule rule{};
      if (!ruleFor(t.kind, rule)) {
        out.push_back(t);
        ++i;
        continue;
      }
      Tokens left;
      if (rule.left != Left::None) {
        const std::size_t k = leftStart(out, rule.left);
        left.assign(out.begin() + static_cast<std::ptrdiff_t>(k), out.end());
        out.resize(k);
      }
      const std::size_t rEnd = rightEnd(in, i + 1, e, rule.right);
      Tokens right;
      if (!process(in, i + 1, rEnd, right, depth + 1)) return false;
      i = rEnd;
      if (!emit(t, rule, left, right, out)) return false;
      if (t.kind == Tok::LBracket && i < e && in[i].kind == Tok::RBracket) ++i;
    }
    return true;
  }

  static void append(Tokens& out, const Tokens& part) {
    out.insert(out.end(), part.begin(), part.end());
  }

  bool emit(const Token& op, const Rule& rule, const Tokens& left, const Tokens& right,
            Tokens& out) {
    const std::string spelling = tokenSpelling(op.kind);
    if (op.kind == Tok::LBracket) {
      if (left.empty()) {
        error(core::DiagnosticId::EelMissingOperand, op, "'[' without a name or value before it");
        return false;
      }
      const bool global = left.size() == 1 && left[0].kind == Tok::Name && left[0].text == "gmem";
      out.push_back(synth(op, Tok::Name, global ? "_gmem" : "_mem"));
      out.push_back(synth(op, Tok::LParen));
      if (global) {
        if (right.empty()) {
          Token zero = synth(op, Tok::Number);
          zero.first = '0';
          out.push_back(zero);
        } else {
          append(out, right);
        }
      } else if (right.empty()) {
        append(out, left);
      } else {
        out.push_back(synth(op, Tok::LParen));
        append(out, left);
        out.push_back(synth(op, Tok::RParen));
        out.push_back(synth(op, Tok::Plus));
        out.push_back(synth(op, Tok::LParen));
        append(out, right);
        out.push_back(synth(op, Tok::RParen));
      }
      out.push_back(synth(op, Tok::RParen));
      return true;
    }
    if (right.empty() && op.kind != Tok::Question) {
      error(core::DiagnosticId::EelMissingOperand, op, "'" + spelling + "' has no right operand");
      return false;
    }
    if (op.kind == Tok::Bang) {
      out.push_back(synth(op, Tok::Name, "_not"));
      out.push_back(synth(op, Tok::LParen));
      append(out, right);
      out.push_back(synth(op, Tok::RParen));
      return true;
    }
    if (left.empty()) {
      error(core::DiagnosticId::EelMissingOperand, op, "'" + spelling + "' has no left operand");
      return false;
    }
    out.push_back(synth(op, Tok::Name, op.kind == Tok::Question ? "_if" : rule.function));
    out.push_back(synth(op, Tok::LParen));
    append(out, left);
    out.push_back(synth(op, Tok::Comma));
    if (op.kind == Tok::Question) {
      // Split "a : b" at the first `:` that belongs to this `?`; a missing branch reads 0.
      std::size_t split = right.size();
      int q = 1, depth = 0;
      for (std::size_t j = 0; j < right.size(); ++j) {
        const Tok k = right[j].kind;
        if (k == Tok::Question) ++q;
        if (k == Tok::Colon) --q;
        if (k == Tok::LParen) ++depth;
        if (k == Tok::RParen) --depth;
        if (depth < 0) break;
        if (depth == 0 && q == 0 && k == Tok::Colon) {
          split = j;
          break;
        }
      }
      auto branch = [&](std::size_t from, std::size_t to) {
        if (from >= to) {
          Token zero = synth(op, Tok::Number);
          zero.first = '0';
          out.push_back(zero);
        } else {
          out.insert(out.end(), right.begin() + static_cast<std::ptrdiff_t>(from),
                     right.begin() + static_cast<std::ptrdiff_t>(to));
        }
      };
      branch(0, split);
      out.push_back(synth(op, Tok::Comma));
      branch(split < right.size() ? split + 1 : right.size(), right.size());
    } else {
      append(out, right);
    }
    out.push_back(synth(op, Tok::RParen));
    return true;
  }

  const std::string& section_;
  core::Diagnostics& diags_;
};

}  // namespace

bool rewrite(const Tokens& in, Tokens& out, const std::string& section, core::Diagnostics& diags) {
  return Rewriter(section, diags).run(in, out);
}

}  // namespace phosphene::eel
