#include "shader/GlslangGuards.hpp"

#include <map>
#include <vector>

#include "shader/ShaderEnvironment.hpp"
#include "shader/SourceScanner.hpp"

namespace phosphene::shader {

namespace {

bool isPunct(const Token& t, std::string_view p) {
  return t.kind == TokenKind::Punct && t.text == p;
}

std::optional<CrashPattern> badFunctionHeader(const std::vector<Token>& tokens) {
  int depth = 0;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind != TokenKind::Punct) continue;
    if (t.text == "{" || t.text == "[") ++depth;
    if ((t.text == "}" || t.text == "]") && depth > 0) --depth;
    if (t.text != "(" || depth != 0 || i < 2) continue;
    if (tokens[i - 1].kind != TokenKind::Identifier || tokens[i - 2].kind != TokenKind::Identifier)
      continue;
    int parens = 0;
    std::size_t k = i;
    for (; k < tokens.size(); ++k) {
      if (isPunct(tokens[k], "(")) ++parens;
      if (isPunct(tokens[k], ")") && --parens == 0) break;
    }
    if (k + 1 >= tokens.size()) return std::nullopt;
    const Token& next = tokens[k + 1];
    if (!(isPunct(next, "{") || isPunct(next, ";") || isPunct(next, ":") || isPunct(next, ",")))
      return CrashPattern{next.offset, "a function header must be followed by '{' or ';'"};
    i = k;
  }
  return std::nullopt;
}

// Brackets must pair up and nest; glslang crashes on some unclosed ones (`float f(float[`).
std::optional<CrashPattern> unbalancedBrackets(const std::vector<Token>& tokens) {
  std::vector<const Token*> open;
  for (const auto& t : tokens) {
    if (t.kind != TokenKind::Punct) continue;
    if (t.text == "(" || t.text == "[" || t.text == "{") {
      open.push_back(&t);
      continue;
    }
    const char want = t.text == ")" ? '(' : t.text == "]" ? '[' : t.text == "}" ? '{' : 0;
    if (want == 0) continue;
    if (open.empty() || open.back()->text[0] != want)
      return CrashPattern{t.offset, "'" + std::string(t.text) + "' does not match"};
    open.pop_back();
  }
  if (!open.empty())
    return CrashPattern{open.back()->offset,
                        "'" + std::string(open.back()->text) + "' is never closed"};
  return std::nullopt;
}

bool isModifier(std::string_view t) {
  return t == "static" || t == "const" || t == "uniform" || t == "extern" || t == "volatile" ||
         t == "shared" || t == "groupshared" || t == "row_major" || t == "column_major" ||
         t == "inline" || t == "precise" || t == "nointerpolation" || t == "linear" ||
         t == "centroid" || t == "noperspective" || t == "snorm" || t == "unorm" || t == "in" ||
         t == "out" || t == "inout";
}

// A global declaration `[modifiers] type name` must go on with one of ; , = : [ ( <. glslang
// crashes (growGlobalUniformBlock) on `uniform float b time;` and the like.
std::optional<CrashPattern> badGlobalDeclarator(const std::vector<Token>& tokens) {
  int depth = 0;
  bool statementStart = true;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind == TokenKind::Directive) continue;
    if (t.kind == TokenKind::Punct) {
      if (t.text == "{" || t.text == "(" || t.text == "[") ++depth;
      if ((t.text == "}" || t.text == ")" || t.text == "]") && depth > 0) --depth;
      if (depth == 0 && (t.text == ";" || t.text == "}")) statementStart = true;
      continue;
    }
    if (depth != 0 || !statementStart) continue;
    statementStart = false;
    std::size_t k = i;
    while (k < tokens.size() && tokens[k].kind == TokenKind::Identifier &&
           isModifier(tokens[k].text))
      ++k;
    if (k + 2 >= tokens.size() || tokens[k].kind != TokenKind::Identifier) continue;
    const std::string_view type = tokens[k].text;
    if (type == "struct" || type == "typedef" || type == "cbuffer" || type == "tbuffer") continue;
    if (tokens[k + 1].kind != TokenKind::Identifier) continue;
    const Token& next = tokens[k + 2];
    const bool ok = next.kind == TokenKind::Punct &&
                    (next.text == ";" || next.text == "," || next.text == "=" || next.text == ":" ||
                     next.text == "[" || next.text == "(" || next.text == "<");
    if (!ok) return CrashPattern{next.offset, "expected ';' after the declaration"};
  }
  return std::nullopt;
}

// Last token of each object-like #define's body, environment first, then the preset's own
// (later definitions win, as in the preprocessor).
std::map<std::string, std::string, std::less<>> macroEndings(const std::vector<Token>& tokens) {
  std::map<std::string, std::string, std::less<>> ends;
  for (const auto& m : ShaderEnvironment::macros())
    if (m.params.empty()) ends[std::string(m.name)] = std::string(scanTokens(m.body).back().text);
  for (const auto& t : tokens) {
    if (t.kind != TokenKind::Directive) continue;
    std::string_view d = t.text.substr(1);
    while (!d.empty() && (d.front() == ' ' || d.front() == '\t')) d.remove_prefix(1);
    if (d.substr(0, 6) != "define") continue;
    const auto inner = scanTokens(d.substr(6));
    if (inner.empty() || inner[0].kind != TokenKind::Identifier) continue;
    const bool functionLike = inner.size() > 1 &&
                              inner[1].offset == inner[0].offset + inner[0].length &&
                              isPunct(inner[1], "(");
    if (functionLike) continue;
    ends[std::string(inner[0].text)] = inner.size() > 1 ? std::string(inner.back().text) : "";
  }
  return ends;
}

bool isVariableEnd(std::string_view last) {
  // A variable, member or element ends in an identifier or `]`.
  return !last.empty() &&
         (last == "]" || (isIdentChar(last[0]) && !(last[0] >= '0' && last[0] <= '9')));
}

std::optional<CrashPattern> badPostfixStep(const std::vector<Token>& tokens) {
  std::map<std::string, std::string, std::less<>> ends;
  bool endsKnown = false;
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    if (!isPunct(tokens[i], "++") && !isPunct(tokens[i], "--")) continue;
    const Token& prev = tokens[i - 1];
    bool bad = false;
    if (prev.kind == TokenKind::Number || isPunct(prev, ")")) {
      bad = true;
    } else if (prev.kind == TokenKind::Identifier) {
      if (!endsKnown) {
        ends = macroEndings(tokens);
        endsKnown = true;
      }
      // Follow object-like macros to what they end with (bounded: macros may be circular).
      std::string_view last = prev.text;
      for (int hops = 0; hops < 16; ++hops) {
        const auto it = ends.find(last);
        if (it == ends.end() || it->second == last) break;
        last = it->second;
      }
      bad = !isVariableEnd(last);
    }
    if (bad)
      return CrashPattern{tokens[i].offset,
                          "'" + std::string(tokens[i].text) + "' needs a variable to change"};
    // The operand's first token: back over `a.b`, `a[...]` chains.
    std::size_t start = i - 1;
    while (start > 0) {
      if (isPunct(tokens[start], "]")) {
        int depth = 0;
        while (start > 0) {
          if (isPunct(tokens[start], "]")) ++depth;
          if (isPunct(tokens[start], "[") && --depth == 0) break;
          --start;
        }
        if (start > 0) --start;  // the array's name
        continue;
      }
      if (start >= 2 && isPunct(tokens[start - 1], ".")) {
        start -= 2;
        continue;
      }
      break;
    }
    const auto statementLike = [](const Token& t) {
      return isPunct(t, ";") || isPunct(t, "{") || isPunct(t, "}") || isPunct(t, ")") ||
             isPunct(t, "=") || isPunct(t, "+=") || isPunct(t, "-=") || isPunct(t, "*=") ||
             isPunct(t, "/=") || (t.kind == TokenKind::Identifier && t.text == "else");
    };
    const bool before = start == 0 || statementLike(tokens[start - 1]);
    const bool after = i + 1 >= tokens.size() || isPunct(tokens[i + 1], ";") ||
                       isPunct(tokens[i + 1], ")") || isPunct(tokens[i + 1], ",");
    if (!before || !after)
      return CrashPattern{tokens[i].offset,
                          "postfix '" + std::string(tokens[i].text) +
                              "' is only supported as a statement or a loop step"};
  }
  return std::nullopt;
}

}  // namespace

std::optional<CrashPattern> findGlslangCrashPattern(std::string_view text) {
  const auto tokens = scanTokens(text);
  if (auto p = unbalancedBrackets(tokens)) return p;
  if (auto p = badFunctionHeader(tokens)) return p;
  if (auto p = badGlobalDeclarator(tokens)) return p;
  return badPostfixStep(tokens);
}

}  // namespace phosphene::shader
