#pragma once
// Text repairs applied to a preset's shader text (comments already stripped) before glslang sees
// it: each makes glslang accept, or compute like DX9, what MilkDrop's legacy d3dx9_31 compiler
// accepted (research hlsl.md §4-§5). Every repair is token-local and keeps the line structure,
// so glslang's line numbers stay the preset's own.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "shader/ShaderEnvironment.hpp"

namespace phosphene::shader {

enum class Repair : std::uint8_t {
  StaticGlobals,     // globals before shader_body become `static` (fxc let shaders write them)
  WritableUniforms,  // a write to q1..q32, rand_preset, ... gets a per-invocation copy
  DoubleToFloat,     // SM2/3 had no doubles
  NegatedParen,      // `-(bool expr)`: glslang's parser rejects it; becomes `(-1*(...))`
  ScalarNormalize,   // normalize(float), accepted by fxc
  Dx9Math,           // pow/sqrt/log/log2/log10/rsqrt on |x| as DX9 did; pow(x, 1) is x;
                     // asin/acos with fxc's polynomial (finite outside [-1, 1])
  SamplerTypes,      // `sampler X;` gets its dimension (3D when used with tex3D or noisevol)
  Count
};

std::string_view repairName(Repair r);

struct RepairedText {
  std::string text;
  PreludeOptions prelude;       // helpers and writable uniforms the prelude must provide
  std::vector<Repair> applied;  // in the order applied
};

/// Runs every repair in hlsl.md's order on comment-free preset text.
RepairedText applyRepairs(std::string_view text);

// The single repairs, for tests. Each returns true when it changed something.
bool repairStaticGlobals(std::string& text);
bool repairDoubleToFloat(std::string& text);
bool repairNegatedParen(std::string& text);
bool repairDx9Math(std::string& text);
bool repairSamplerTypes(std::string& text);
/// The include.fx uniforms the text writes (directly or through a macro such as q5).
std::vector<std::string> findWrittenUniforms(std::string_view text);

}  // namespace phosphene::shader
