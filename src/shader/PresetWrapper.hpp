#pragma once
// Builds the HLSL translation unit MilkDrop 2 builds around a preset shader (spec §8.1): the
// environment prelude, then the preset's text with `shader_body` turned into the entry point,
// `float3 ret = 0;` at its top and the output written before the last `}`. Helper functions,
// globals and #defines before `shader_body` stay where they are.
//
// The preset part is kept as its own string with the preset's line structure, so glslang's line
// numbers for it are the preset text's lines.

#include <string>
#include <string_view>
#include <vector>

#include "core/Expected.hpp"
#include "shader/Repairs.hpp"
#include "shader/ShaderEnvironment.hpp"

namespace phosphene::shader {

/// Inputs larger than this are refused (MD2 caps a code block at 32 KiB; this leaves room).
inline constexpr std::size_t kMaxShaderTextBytes = 64u << 10;
/// Deepest bracket nesting accepted; with the statement limit below it keeps glslang's
/// recursive-descent parser within 512 KiB of stack (measured: 62 levels of `-(1+` plus a
/// 300-operator chain).
inline constexpr int kMaxNesting = 64;
/// Largest number of tokens the preset's own #defines may expand to (guards macro bombs).
inline constexpr std::size_t kMaxMacroExpansion = 200000;
/// Longest statement accepted, in tokens after macro expansion. glslang's recursive passes use
/// stack per operator of a chain: 2048 tokens (about 500 operators) fit in 512 KiB (macOS's
/// secondary-thread default), 4096 needed 1 MiB. The corpus's longest statement has 165 tokens.
inline constexpr std::size_t kMaxStatementTokens = 2048;

struct WrappedShader {
  std::string prelude;  // environment, helpers, stage defines
  std::string body;     // the preset's text, repaired and wrapped; same lines as the preset
  std::vector<Repair> repairs;
  std::vector<std::string> writtenUniforms;
};

/// Wraps preset shader text for `stage`. Fails (SHD001/SHD002/SHD006/SHD007) when there is no
/// `shader_body`, no body block, or the text is too large or too deeply nested.
core::Expected<WrappedShader> wrapPresetShader(std::string_view presetText, Stage stage);

}  // namespace phosphene::shader
