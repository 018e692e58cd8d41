// The translator's back half in a build without glslang and SPIRV-Cross (PHOSPHENE_WITH_HLSL=OFF,
// or AUTO where they are missing). It stands in for HlslCompiler.cpp and GlslEmitter.cpp: the
// MilkDrop-aware front half (wrapping, repairs, crash guards) still runs, so a shader that is
// malformed is reported as such, and every shader that would have reached glslang fails with
// SHD012 instead. The engine turns that into its usual SHD010 warning and draws the stage with
// MilkDrop's built-in warp/composite shader, exactly as for a shader that does not translate.

#include "shader/GlslEmitter.hpp"
#include "shader/HlslCompiler.hpp"

namespace phosphene::shader {

// Nothing to keep alive: there are no glslang tables in this build.
GlslangProcess::GlslangProcess() = default;
GlslangProcess::~GlslangProcess() = default;

core::Expected<std::vector<std::uint32_t>> compileHlsl(const WrappedShader& /*shader*/,
                                                       core::Diagnostics& /*warnings*/) {
  return core::Diagnostics{core::makeDiagnostic(
      core::DiagnosticId::ShaderTranslationUnavailable,
      "this build of Phosphene has no HLSL translation (built with PHOSPHENE_WITH_HLSL=OFF or "
      "without glslang/SPIRV-Cross); the stage is drawn with MilkDrop's built-in shader",
      "shader")};
}

core::Diagnostics emitGlsl(std::span<const std::uint32_t> /*spirv*/, Dialect /*dialect*/,
                           TranslatedShader& /*out*/) {
  // Unreachable through Translator (compileHlsl fails first); kept an error for any other caller.
  return {core::makeDiagnostic(core::DiagnosticId::ShaderTranslationUnavailable,
                               "this build of Phosphene has no GLSL generation (SPIRV-Cross)",
                               "shader")};
}

}  // namespace phosphene::shader
