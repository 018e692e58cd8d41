#pragma once
// A preset's warp and comp shader text translated for one GLSL dialect (through a
// shader::TranslationCache), with the one warning per stage that does not translate. Shared by
// Engine (at load and at link) and `phosphene lint`, so both report the same thing. No GL.

#include <memory>

#include "core/Diagnostic.hpp"
#include "milk/Preset.hpp"
#include "shader/TranslationCache.hpp"

namespace phosphene::engine {

struct TranslatedPresetShaders {
  /// Null when the stage has no shader (PS version 0 or no text: MD2's fixed-function warp or
  /// its generated shader) or when its text does not translate.
  std::shared_ptr<const shader::TranslatedShader> warp;
  std::shared_ptr<const shader::TranslatedShader> comp;
};

/// Whether the preset carries shader text MD2 would compile for the stage.
bool hasPresetShader(const milk::Preset& preset, shader::Stage stage);

/// Translates one stage (null when it has no shader or does not translate; then the SHD010
/// warning described below goes to `report`).
std::shared_ptr<const shader::TranslatedShader> translatePresetStage(
    const milk::Preset& preset, shader::Stage stage, shader::Dialect dialect,
    shader::TranslationCache& cache, core::Diagnostics* report);

/// Translates both stages. For each stage with text that fails, appends to `report` (when not
/// null) one SHD010 warning carrying the translator's first error, with the preset's own line
/// number: the stage is then drawn with the built-in shader, so nothing here is an error.
TranslatedPresetShaders translatePresetShaders(const milk::Preset& preset, shader::Dialect dialect,
                                               shader::TranslationCache& cache,
                                               core::Diagnostics* report);

}  // namespace phosphene::engine
