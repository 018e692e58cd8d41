#pragma once
// MilkDrop HLSL warp/comp shader text -> GLSL 330 core / GLSL ES 300 fragment shader.
//
//   preset text --MilkDrop-aware pass (PresetWrapper, Repairs, ShaderEnvironment)--> HLSL
//     --glslang HLSL front end, DX9 mode (HlslCompiler)--> SPIR-V (+ OpFMod -> OpFRem)
//     --SPIRV-Cross (GlslEmitter)--> GLSL + the uniforms/samplers/varyings actually used
//
// Diagnostics carry section "warp_shader" or "comp_shader" and the line within the preset's
// shader text (1-based: the joined warp_N/comp_N lines, milk::joinShader's text, so line k is
// warp_k when no line holds a byte 1); JoinedCode::segments maps it to the file line.
//
// rot_* matrices: see ShaderUniform::matrix for the upload.
//
// Stack: glslang is recursive; the input limits of PresetWrapper.hpp keep a translation within
// 512 KiB of stack, so it may run on a loader thread with a small stack.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/Expected.hpp"
#include "shader/HlslCompiler.hpp"
#include "shader/TranslatedShader.hpp"

namespace phosphene::shader {

/// Translates one shader. Keeps glslang's tables alive while it lives; cheap to keep around.
class Translator {
 public:
  core::Expected<TranslatedShader> translate(const std::string& presetShaderText, Stage stage,
                                             int psVersion, Dialect dialect) const;

  /// The HLSL half alone (wrap, repair, glslang): SPIR-V valid for both dialects.
  struct Spirv {
    std::vector<std::uint32_t> words;
    std::vector<Repair> repairs;
    core::Diagnostics warnings;
    bool readsHueShader = false;  // see TranslatedShader
  };
  core::Expected<Spirv> compileToSpirv(const std::string& presetShaderText, Stage stage) const;
  /// The GLSL half: SPIR-V from compileToSpirv to one dialect.
  core::Expected<TranslatedShader> emit(const Spirv& spirv, Stage stage, int psVersion,
                                        Dialect dialect) const;

 private:
  GlslangProcess process_;
};

/// One-shot translation (initialises glslang for the call; prefer a Translator or the cache).
core::Expected<TranslatedShader> translate(const std::string& presetShaderText, Stage stage,
                                           int psVersion, Dialect dialect);

}  // namespace phosphene::shader
