#pragma once
// SPIRV-Cross (C API, Debian libspirv-cross-c-shared) turns the SPIR-V into GLSL 330 core or
// GLSL ES 300 and reflects which uniforms, samplers and varyings the shader really uses.
//
// Uniforms: glslang puts the implicit HLSL uniforms into a `$Global` block; SPIRV-Cross emits it as
// a plain struct uniform (no UBO binding to manage, works on ES 3.0 / WebGL 2) named
// kUniformInstance, so a register is set with glGetUniformLocation("md._qa").

#include <cstdint>
#include <span>
#include <string_view>

#include "core/Expected.hpp"
#include "shader/TranslatedShader.hpp"

namespace phosphene::shader {

inline constexpr std::string_view kUniformInstance = "md";

/// Fills `out.glsl`, `uniforms`, `samplers`, `inputs`, `output` (names as emitted). Uniforms
/// renamed by the writable-uniform repair (`_qa_u`) are reported under their include.fx name.
core::Diagnostics emitGlsl(std::span<const std::uint32_t> spirv, Dialect dialect,
                           TranslatedShader& out);

}  // namespace phosphene::shader
