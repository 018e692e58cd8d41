#pragma once
// What one preset owns in a GL context, apart from the context-wide renderer: its linked warp and
// comp programs, how its stages draw without a shader, the random values MD2 draws at its load,
// the time its shaders count from, and the blur levels its shaders read. The engine keeps one per
// preset slot (current and, during a transition, outgoing), so two presets draw in one frame with
// their own programs and constants (spec §9: each shader pass gets its own preset's q values,
// rand_preset and rot matrices). Textures are not owned here: the renderer's texture cache is
// context-wide and keeps every texture a live PresetGpuState binds (textureNames()).

#include <memory>
#include <string>
#include <vector>

#include "gl/Gl.hpp"
#include "preset/ShaderInputs.hpp"
#include "render/PresetShaderProgram.hpp"
#include "render/WarpPass.hpp"
#include "shader/TranslatedShader.hpp"

namespace phosphene::render {

/// How the warp and comp stages of a preset are drawn when they have no shader of their own
/// (spec §8.6).
struct PresetStages {
  BuiltinStyle warp = BuiltinStyle::FixedFunction;
  BuiltinStyle comp = BuiltinStyle::FixedFunction;

  /// PS version 0 → MD2's fixed-function path; > 0 → the shader MD2 generates for an empty block.
  /// A stage whose preset shader links is drawn with it instead; these styles are the fallback
  /// when it does not.
  static PresetStages fromPsVersions(int warpPsVersion, int compPsVersion) {
    return {warpPsVersion > 0 ? BuiltinStyle::GeneratedShader : BuiltinStyle::FixedFunction,
            compPsVersion > 0 ? BuiltinStyle::GeneratedShader : BuiltinStyle::FixedFunction};
  }
};

/// A preset's translated shaders (null: the stage has none, or it did not translate) and the
/// random values MD2 draws at its load: the GL-free input of Renderer::linkPreset.
struct PresetShaders {
  std::shared_ptr<const shader::TranslatedShader> warp;
  std::shared_ptr<const shader::TranslatedShader> comp;
  preset::ShaderPresetRandom random;
  double startTime = 0.0;  // FrameInputs::time at load: shader `time` counts from here
  std::string name;        // for diagnostics
};

struct PresetGpuState {
  PresetStages stages;
  PresetShaderProgram warp, comp;
  preset::ShaderPresetRandom random;
  double startTime = 0.0;
  int blurLevels = 0;  // highest blur level the shaders read (0: no blur pass for this preset)
  std::string name;

  bool hasWarpShader() const { return static_cast<bool>(warp); }
  bool hasCompShader() const { return static_cast<bool>(comp); }
  int textureUnits() const;
  /// The user/random/noise textures the programs bind (the cache must keep them).
  std::vector<GLuint> textureNames() const;
  /// Drops the programs (GL context current); keeps the stages.
  void reset();
};

}  // namespace phosphene::render
