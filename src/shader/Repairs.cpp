#include "shader/Repairs.hpp"

#include <algorithm>
#include <cstdlib>

#include "shader/SourceScanner.hpp"

namespace phosphene::shader {

namespace {

struct Edit {
  std::size_t offset;
  std::size_t erase;
  std::string insert;
};

// Applies non-overlapping edits (any order given); returns whether there were any.
bool applyEdits(std::string& text, std::vector<Edit> edits) {
  if (edits.empty()) return false;
  std::stable_sort(edits.begin(), edits.end(),
                   [](const Edit& a, const Edit& b) { return a.offset > b.offset; });
  for (const auto& e : edits) text.replace(e.offset, e.erase, e.insert);
  return true;
}

bool isPunct(const Token& t, std::string_view p) {
  return t.kind == TokenKind::Punct && t.text == p;
}
bool isIdent(const Token& t, std::string_view p) {
  return t.kind == TokenKind::Identifier && t.text == p;
}

// Index of the token closing the bracket opened at `open`, or tokens.size().
std::size_t matchingClose(const std::vector<Token>& tokens, std::size_t open) {
  const std::string_view o = tokens[open].text;
  const std::string_view c = o == "(" ? ")" : o == "[" ? "]" : "}";
  int depth = 0;
  for (std::size_t i = open; i < tokens.size(); ++i) {
    if (isPunct(tokens[i], o)) ++depth;
    if (isPunct(tokens[i], c) && --depth == 0) return i;
  }
  return tokens.size();
}

bool isSamplerType(std::string_view t) {
  return t == "sampler" || t == "sampler1D" || t == "sampler2D" || t == "sampler3D" ||
         t == "samplerCUBE" || t == "sampler_state" || t == "texture" || t == "texture1D" ||
         t == "texture2D" || t == "texture3D" || t == "textureCUBE" || t == "Texture2D" ||
         t == "Texture3D" || t == "SamplerState";
}

// Keywords that start a top-level statement which is not a writable variable declaration.
bool startsNonVariable(std::string_view t) {
  return t == "static" || t == "uniform" || t == "extern" || t == "struct" || t == "typedef" ||
         t == "void" || t == "cbuffer" || t == "tbuffer" || t == "groupshared" || isSamplerType(t);
}

bool isAssignment(const Token& t) {
  if (t.kind != TokenKind::Punct) return false;
  return t.text == "=" || t.text == "+=" || t.text == "-=" || t.text == "*=" || t.text == "/=" ||
         t.text == "%=" || t.text == "&=" || t.text == "|=" || t.text == "^=" || t.text == "++" ||
         t.text == "--";
}

}  // namespace

std::string_view repairName(Repair r) {
  switch (r) {
    case Repair::StaticGlobals:
      return "static_globals";
    case Repair::WritableUniforms:
      return "writable_uniforms";
    case Repair::DoubleToFloat:
      return "double_float";
    case Repair::NegatedParen:
      return "neg_paren";
    case Repair::ScalarNormalize:
      return "scalar_normalize";
    case Repair::Dx9Math:
      return "dx9_math";
    case Repair::SamplerTypes:
      return "sampler_types";
    case Repair::Count:
      break;
  }
  return "?";
}

bool repairStaticGlobals(std::string& text) {
  const auto tokens = scanTokens(text);
  std::vector<Edit> edits;
  int depth = 0;
  bool atStatementStart = true;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind == TokenKind::Directive) continue;
    if (depth == 0 && isIdent(t, "shader_body")) break;
    if (t.kind == TokenKind::Punct) {
      if (t.text == "{" || t.text == "(" || t.text == "[") ++depth;
      if ((t.text == "}" || t.text == ")" || t.text == "]") && depth > 0) --depth;
      if (depth == 0 && (t.text == ";" || t.text == "}")) atStatementStart = true;
      continue;
    }
    if (depth != 0 || !atStatementStart) continue;
    atStatementStart = false;
    if (t.kind != TokenKind::Identifier || startsNonVariable(t.text)) continue;
    // [const] type name ...: a variable unless the name is followed by '(' (a function).
    std::size_t nameAt = i + 1;
    if (t.text == "const" || t.text == "row_major" || t.text == "column_major") ++nameAt;
    if (nameAt + 1 >= tokens.size()) continue;
    const Token& name = tokens[nameAt];
    if (name.kind != TokenKind::Identifier) continue;
    if (isPunct(tokens[nameAt + 1], "(")) continue;
    if (name.text.substr(0, 8) == "texsize_") continue;  // bound by the host, like MD2
    edits.push_back({t.offset, 0, "static "});
  }
  return applyEdits(text, std::move(edits));
}

std::vector<std::string> findWrittenUniforms(std::string_view text) {
  const auto tokens = scanTokens(text);
  std::vector<std::string> written;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind != TokenKind::Identifier) continue;
    if (i > 0 && isPunct(tokens[i - 1], ".")) continue;
    const std::string_view uniform = ShaderEnvironment::uniformBehind(t.text);
    if (uniform.empty()) continue;
    bool writes = i > 0 && (isPunct(tokens[i - 1], "++") || isPunct(tokens[i - 1], "--"));
    std::size_t j = i + 1;
    while (j < tokens.size()) {  // skip swizzles, members and indices
      if (isPunct(tokens[j], ".") && j + 1 < tokens.size()) {
        j += 2;
      } else if (isPunct(tokens[j], "[")) {
        j = matchingClose(tokens, j) + 1;
      } else {
        break;
      }
    }
    if (j < tokens.size() && isAssignment(tokens[j])) writes = true;
    if (writes && std::find(written.begin(), written.end(), uniform) == written.end())
      written.emplace_back(uniform);
  }
  std::sort(written.begin(), written.end());
  return written;
}

bool repairDoubleToFloat(std::string& text) {
  const auto tokens = scanTokens(text);
  std::vector<Edit> edits;
  for (const auto& t : tokens) {
    if (t.kind != TokenKind::Identifier || t.text.substr(0, 6) != "double") continue;
    const std::string_view rest = t.text.substr(6);
    const bool vector = rest.size() == 1 && rest[0] >= '1' && rest[0] <= '4';
    const bool matrix = rest.size() == 3 && rest[0] >= '1' && rest[0] <= '4' && rest[1] == 'x' &&
                        rest[2] >= '1' && rest[2] <= '4';
    if (rest.empty() || vector || matrix) edits.push_back({t.offset, 6, "float"});
  }
  return applyEdits(text, std::move(edits));
}

bool repairNegatedParen(std::string& text) {
  const auto tokens = scanTokens(text);
  std::vector<Edit> edits;
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
    if (!isPunct(tokens[i], "-") || !isPunct(tokens[i + 1], "(")) continue;
    if (i > 0) {
      const Token& prev = tokens[i - 1];
      const bool operand = prev.kind == TokenKind::Number ||
                           (prev.kind == TokenKind::Identifier && prev.text != "return") ||
                           isPunct(prev, ")") || isPunct(prev, "]");
      if (operand) continue;  // binary minus
    }
    const std::size_t close = matchingClose(tokens, i + 1);
    if (close >= tokens.size()) continue;
    edits.push_back({tokens[i].offset, 1, "(-1*"});
    edits.push_back({tokens[close].offset + 1, 0, ")"});
  }
  return applyEdits(text, std::move(edits));
}

bool repairDx9Math(std::string& text) {
  const auto tokens = scanTokens(text);
  std::vector<Edit> edits;
  std::size_t skipUntil = 0;  // tokens inside a folded pow(x, 1) are left alone
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (i < skipUntil || t.kind != TokenKind::Identifier || !isPunct(tokens[i + 1], "(")) continue;
    if (i > 0 && isPunct(tokens[i - 1], ".")) continue;
    const bool abs = t.text == "sqrt" || t.text == "rsqrt" || t.text == "log" || t.text == "log2" ||
                     t.text == "log10" || t.text == "asin" || t.text == "acos";
    if (t.text == "pow") {
      const std::size_t close = matchingClose(tokens, i + 1);
      if (close >= tokens.size()) continue;
      // The second argument, when it is the literal 1: fxc folded pow(x, 1) to x, sign kept.
      std::size_t comma = tokens.size();
      int depth = 0;
      for (std::size_t k = i + 2; k < close; ++k) {
        const auto& s = tokens[k].text;
        if (tokens[k].kind == TokenKind::Punct && (s == "(" || s == "[")) ++depth;
        if (tokens[k].kind == TokenKind::Punct && (s == ")" || s == "]")) --depth;
        if (depth == 0 && isPunct(tokens[k], ",")) comma = k;
      }
      const bool one = comma + 2 == close && tokens[comma + 1].kind == TokenKind::Number &&
                       std::strtod(std::string(tokens[comma + 1].text).c_str(), nullptr) == 1.0 &&
                       tokens[comma + 1].text.find_first_of("xX") == std::string_view::npos;
      if (one) {
        edits.push_back({tokens[comma].offset, tokens[close].offset - tokens[comma].offset, ""});
        edits.push_back({t.offset, t.length, ""});
        skipUntil = close;
        // calls nested in x are renamed by the next pass (applyRepairs runs this to a fixpoint)
        continue;
      }
      edits.push_back({t.offset, 0, "_md_"});
    } else if (abs) {
      edits.push_back({t.offset, 0, "_md_"});
    }
  }
  return applyEdits(text, std::move(edits));
}

bool repairSamplerTypes(std::string& text) {
  const auto tokens = scanTokens(text);
  std::vector<Edit> edits;
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
    const Token& t = tokens[i];
    const bool typeless = isIdent(t, "sampler");
    if (!typeless && !isIdent(t, "sampler2D") && !isIdent(t, "sampler3D")) continue;
    const Token& name = tokens[i + 1];
    if (name.kind != TokenKind::Identifier) continue;
    if (typeless) {
      bool volume = name.text.find("noisevol") != std::string_view::npos;
      for (std::size_t k = 0; k + 2 < tokens.size() && !volume; ++k)
        volume = (isIdent(tokens[k], "tex3D") || isIdent(tokens[k], "tex3d")) &&
                 isPunct(tokens[k + 1], "(") && tokens[k + 2].text == name.text;
      edits.push_back({t.offset, t.length, volume ? "sampler3D" : "sampler2D"});
    }
    // `= sampler_state { ... }` only binds MD2's own texture; the host binds by name instead.
    if (i + 3 < tokens.size() && isPunct(tokens[i + 2], "=") &&
        isIdent(tokens[i + 3], "sampler_state") && i + 4 < tokens.size() &&
        isPunct(tokens[i + 4], "{")) {
      const std::size_t close = matchingClose(tokens, i + 4);
      if (close < tokens.size()) {
        const std::size_t from = tokens[i + 2].offset;
        const std::size_t to = tokens[close].offset + 1;
        std::string blank(to - from, ' ');
        for (std::size_t k = from; k < to; ++k)
          if (text[k] == '\n') blank[k - from] = '\n';
        edits.push_back({from, to - from, std::move(blank)});
      }
    }
  }
  return applyEdits(text, std::move(edits));
}

RepairedText applyRepairs(std::string_view input) {
  RepairedText out;
  out.text = std::string(input);
  if (repairStaticGlobals(out.text)) out.applied.push_back(Repair::StaticGlobals);
  for (auto& u : findWrittenUniforms(out.text)) out.prelude.writtenUniforms.insert(std::move(u));
  if (!out.prelude.writtenUniforms.empty()) out.applied.push_back(Repair::WritableUniforms);
  if (repairDoubleToFloat(out.text)) out.applied.push_back(Repair::DoubleToFloat);
  if (repairNegatedParen(out.text)) out.applied.push_back(Repair::NegatedParen);
  for (const auto& t : scanTokens(out.text))
    if (isIdent(t, "normalize")) out.prelude.scalarNormalize = true;
  if (out.prelude.scalarNormalize) out.applied.push_back(Repair::ScalarNormalize);
  // Folding pow(x, 1) skips the tokens of x; a second pass renames calls nested in it.
  bool math = false;
  for (int pass = 0; pass < 4 && repairDx9Math(out.text); ++pass) math = true;
  out.prelude.dx9Math = math;
  if (math) out.applied.push_back(Repair::Dx9Math);
  if (repairSamplerTypes(out.text)) out.applied.push_back(Repair::SamplerTypes);
  return out;
}

}  // namespace phosphene::shader
