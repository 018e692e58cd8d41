#include "shader/PresetWrapper.hpp"

#include <algorithm>
#include <map>

#include "shader/GlslangGuards.hpp"
#include "shader/SourceScanner.hpp"

namespace phosphene::shader {

namespace {

constexpr std::string_view kSection = "shader";

int lineOf(std::string_view text, std::size_t offset) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n'));
}

// Deepest bracket nesting and where it first got too deep.
bool nestingTooDeep(const std::vector<Token>& tokens, std::size_t& where) {
  int depth = 0;
  for (const auto& t : tokens) {
    if (t.kind != TokenKind::Punct) continue;
    if (t.text == "(" || t.text == "[" || t.text == "{") {
      if (++depth > kMaxNesting) {
        where = t.offset;
        return true;
      }
    } else if (t.text == ")" || t.text == "]" || t.text == "}") {
      depth = std::max(0, depth - 1);
    }
  }
  return false;
}

struct ExpansionCost {
  std::size_t total = 0;  // tokens of the whole text after macro expansion (bound)
  std::size_t longestStatement = 0;
  std::size_t longestAt = 0;  // offset of the longest statement's last token
};

// Upper bound of what the text expands to, counted in tokens: each macro's size is its body with
// earlier macros substituted (self-reference is not expanded, as in the C preprocessor); the
// environment's macros count with their bodies. Statements are split at ; { }.
ExpansionCost expansionCost(const std::vector<Token>& tokens) {
  constexpr std::size_t kCap = kMaxMacroExpansion + 1;
  std::map<std::string, std::size_t, std::less<>> size;
  for (const auto& m : ShaderEnvironment::macros())
    size[std::string(m.name)] = std::max<std::size_t>(1, scanTokens(m.body).size());
  const auto cost = [&](std::string_view name) -> std::size_t {
    const auto it = size.find(name);
    return it == size.end() ? 1 : it->second;
  };
  ExpansionCost out;
  std::size_t statement = 0;
  for (const auto& t : tokens) {
    if (t.kind == TokenKind::Directive) {
      std::string_view d = t.text.substr(1);
      while (!d.empty() && (d.front() == ' ' || d.front() == '\t')) d.remove_prefix(1);
      if (d.substr(0, 6) != "define") continue;
      const auto inner = scanTokens(d.substr(6));
      if (inner.empty() || inner[0].kind != TokenKind::Identifier) continue;
      std::size_t n = 0;
      for (std::size_t k = 1; k < inner.size(); ++k)
        n = std::min(n + (inner[k].text == inner[0].text ? 1 : cost(inner[k].text)), kCap);
      size[std::string(inner[0].text)] = std::max<std::size_t>(n, 1);
      continue;
    }
    const std::size_t c = cost(t.text);
    out.total = std::min(out.total + c, kCap);
    statement = std::min(statement + c, kCap);
    if (statement > out.longestStatement) {
      out.longestStatement = statement;
      out.longestAt = t.offset;
    }
    if (t.kind == TokenKind::Punct && (t.text == ";" || t.text == "{" || t.text == "}"))
      statement = 0;
  }
  return out;
}

}  // namespace

core::Expected<WrappedShader> wrapPresetShader(std::string_view presetText, Stage stage) {
  if (presetText.size() > kMaxShaderTextBytes)
    return core::makeDiagnostic(core::DiagnosticId::ShaderTooLarge,
                                "shader text is " + std::to_string(presetText.size()) +
                                    " bytes; the limit is " + std::to_string(kMaxShaderTextBytes),
                                std::string(kSection));
  const std::string stripped = stripComments(presetText);
  {
    const auto tokens = scanTokens(stripped);
    std::size_t where = 0;
    if (nestingTooDeep(tokens, where))
      return core::makeDiagnostic(core::DiagnosticId::ShaderTooComplex,
                                  "brackets nested deeper than " + std::to_string(kMaxNesting),
                                  std::string(kSection), lineOf(stripped, where));
    const ExpansionCost cost = expansionCost(tokens);
    if (cost.total > kMaxMacroExpansion)
      return core::makeDiagnostic(core::DiagnosticId::ShaderTooComplex,
                                  "the shader's #defines expand to more than " +
                                      std::to_string(kMaxMacroExpansion) + " tokens",
                                  std::string(kSection));
    if (cost.longestStatement > kMaxStatementTokens)
      return core::makeDiagnostic(
          core::DiagnosticId::ShaderTooComplex,
          "a statement longer than " + std::to_string(kMaxStatementTokens) + " tokens",
          std::string(kSection), lineOf(stripped, cost.longestAt));
  }

  RepairedText repaired = applyRepairs(stripped);
  std::string& text = repaired.text;
  const auto tokens = scanTokens(text);
  std::size_t bodyToken = tokens.size();
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i].kind == TokenKind::Identifier && tokens[i].text == "shader_body") {
      bodyToken = i;
      break;
    }
  if (bodyToken == tokens.size())
    return core::makeDiagnostic(core::DiagnosticId::ShaderNoBody,
                                "no shader_body in the shader text", std::string(kSection));
  std::size_t open = tokens.size(), close = tokens.size();
  for (std::size_t i = bodyToken + 1; i < tokens.size() && open == tokens.size(); ++i)
    if (tokens[i].kind == TokenKind::Punct && tokens[i].text == "{") open = i;
  for (std::size_t i = tokens.size(); i-- > bodyToken + 1;)
    if (tokens[i].kind == TokenKind::Punct && tokens[i].text == "}") {
      close = i;
      break;
    }
  if (open == tokens.size() || close == tokens.size() || close <= open)
    return core::makeDiagnostic(core::DiagnosticId::ShaderNoBodyBlock,
                                "shader_body is not followed by a { ... } block",
                                std::string(kSection), lineOf(text, tokens[bodyToken].offset));

  // Built back to front so the offsets stay valid; nothing inserted contains a line break.
  const std::size_t openAt = tokens[open].offset + 1;
  const std::size_t closeAt = tokens[close].offset;
  text.insert(closeAt, " _return_value = float4(ret.xyz, _vDiffuse.w); ");
  std::string entry = " float3 ret = 0;";
  for (const auto& u : repaired.prelude.writtenUniforms) entry += " " + u + " = " + u + "_u;";
  text.insert(openAt, entry);
  const Token& body = tokens[bodyToken];
  text.replace(body.offset, body.length,
               "void " + std::string(ShaderEnvironment::kEntryPoint) + "(" +
                   std::string(ShaderEnvironment::entryParameters(stage)) + ")");

  if (const auto crash = findGlslangCrashPattern(text))
    return core::makeDiagnostic(core::DiagnosticId::ShaderHlslError, crash->message,
                                std::string(kSection), lineOf(text, crash->offset));

  WrappedShader out;
  out.prelude = ShaderEnvironment::prelude(stage, repaired.prelude);
  out.body = std::move(text);
  out.repairs = std::move(repaired.applied);
  out.writtenUniforms.assign(repaired.prelude.writtenUniforms.begin(),
                             repaired.prelude.writtenUniforms.end());
  return out;
}

}  // namespace phosphene::shader
