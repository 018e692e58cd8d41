#pragma once
// glslang's HLSL front end in DX9-compatibility mode: the wrapped preset text to SPIR-V, with the
// one SPIR-V fix HLSL needs (float `%`/fmod are truncated remainders). glslang keeps process-wide
// tables; a GlslangProcess object holds them for as long as it lives (refcounted by glslang), so
// a long-lived owner (the translation cache) keeps them warm without global state of ours.

#include <cstdint>
#include <vector>

#include "core/Expected.hpp"
#include "shader/PresetWrapper.hpp"

namespace phosphene::shader {

class GlslangProcess {
 public:
  GlslangProcess();
  ~GlslangProcess();
  GlslangProcess(const GlslangProcess&) = delete;
  GlslangProcess& operator=(const GlslangProcess&) = delete;
};

/// Compiles the wrapped shader. Errors are SHD003 with the preset's line (section "shader"; line
/// 0 when glslang blames the environment), or SHD004 when SPIR-V generation fails. Warnings
/// that glslang prints for the preset's lines come back as SHD009 in `warnings`.
core::Expected<std::vector<std::uint32_t>> compileHlsl(const WrappedShader& shader,
                                                       core::Diagnostics& warnings);

/// Rewrites OpFMod (floored, sign of the divisor) to OpFRem (truncated, sign of the dividend):
/// HLSL's float `%` and fmod() mean the latter. Returns how many were rewritten.
int patchFloatRemainder(std::vector<std::uint32_t>& spirv);

}  // namespace phosphene::shader
