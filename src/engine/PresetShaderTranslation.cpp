#include "engine/PresetShaderTranslation.hpp"

#include <string>

#include "milk/CodeText.hpp"

namespace phosphene::engine {
namespace {

const milk::CodeBlock& shaderText(const milk::Preset& p, shader::Stage stage) {
  return stage == shader::Stage::Warp ? p.warpShader : p.compShader;
}

int psVersion(const milk::Preset& p, shader::Stage stage) {
  return stage == shader::Stage::Warp ? p.warpPsVersion : p.compPsVersion;
}

}  // namespace

std::shared_ptr<const shader::TranslatedShader> translatePresetStage(
    const milk::Preset& p, shader::Stage stage, shader::Dialect dialect,
    shader::TranslationCache& cache, core::Diagnostics* report) {
  if (!hasPresetShader(p, stage)) return nullptr;
  const auto result = cache.translate(milk::joinShader(shaderText(p, stage)).text, stage,
                                      psVersion(p, stage), dialect);
  // Aliasing constructor: shares ownership of the cache entry, no copy of the GLSL.
  if (*result) return std::shared_ptr<const shader::TranslatedShader>(result, &**result);
  if (report) {
    // The warning takes the translator's first error: its ID, its words and its position in the
    // preset's own shader text (section warp_shader/comp_shader, line within it).
    const std::string stageName(shader::stageName(stage));
    std::string message = stageName + " shader does not translate";
    int line = 0, column = 0;
    for (const core::Diagnostic& d : result->diagnostics()) {
      if (d.severity != core::Severity::Error) continue;
      std::string cause = d.message;
      while (!cause.empty() && (cause.back() == ' ' || cause.back() == '\n')) cause.pop_back();
      message += ": [" + std::string(core::diagnosticCode(d.id)) + "] " + cause;
      line = d.line;
      column = d.column;
      break;
    }
    report->push_back(core::makeDiagnostic(core::DiagnosticId::ShaderStageFallback, message,
                                           stageName + "_shader", line, column));
  }
  return nullptr;
}

bool hasPresetShader(const milk::Preset& preset, shader::Stage stage) {
  return psVersion(preset, stage) > 0 && !shaderText(preset, stage).empty();
}

TranslatedPresetShaders translatePresetShaders(const milk::Preset& preset, shader::Dialect dialect,
                                               shader::TranslationCache& cache,
                                               core::Diagnostics* report) {
  TranslatedPresetShaders out;
  out.warp = translatePresetStage(preset, shader::Stage::Warp, dialect, cache, report);
  out.comp = translatePresetStage(preset, shader::Stage::Comp, dialect, cache, report);
  return out;
}

}  // namespace phosphene::engine
