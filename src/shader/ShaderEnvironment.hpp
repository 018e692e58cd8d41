#pragma once
// The MilkDrop 2 shader environment (spec §8.1-§8.4, research hlsl.md §1): the uniforms, samplers,
// macros and constants that MD2's include.fx gives every preset shader, the per-stage defines and
// entry parameters, and the helpers Phosphene adds to emulate what fxc (DX9) accepted. Written
// from the documented facts; the names and types are MD2's so presets compile unchanged and the
// host binds include.fx's register names (_c0.._c13, _qa.._qh, rand_*, rot_*).

#include <cstdint>
#include <set>
#include <span>
#include <string>
#include <string_view>

namespace phosphene::shader {

enum class Stage : std::uint8_t { Warp, Comp };
enum class Dialect : std::uint8_t { Glsl330, Glsl300es };

std::string_view stageName(Stage s);      // "warp" / "comp"
std::string_view dialectName(Dialect d);  // "glsl330" / "glsl300es"

struct EnvSampler {
  std::string_view name;
  bool volume;  // sampler3D
};

/// A `#define` of include.fx or of a stage. `uniform` names the include.fx uniform the macro
/// reads (empty when it reads none): a write through the macro is a write to that uniform.
struct EnvMacro {
  std::string_view name;
  std::string_view params;  // "(uv)" for function-like macros, else empty
  std::string_view body;
  std::string_view uniform;
};

/// What the prelude must contain besides include.fx, decided by the repairs.
struct PreludeOptions {
  /// include.fx uniforms the preset writes: declared as `<name>_u` with a writable static copy
  /// named `<name>` that the entry point fills first (fxc gave every uniform such a copy).
  std::set<std::string, std::less<>> writtenUniforms;
  bool scalarNormalize = false;  // fxc accepted normalize(float)
  bool dx9Math = false;          // abs-domain pow/sqrt/log*/rsqrt of DX9
};

class ShaderEnvironment {
 public:
  /// float4 uniforms: rand_frame, rand_preset, _c0.._c13, _qa.._qh (include.fx order), then
  /// MilkDrop 3's _qi.._qp (q33..q64).
  static std::span<const std::string_view> vectorUniforms();
  /// float4x3 rotation matrices rot_s1..4, rot_d1..4, rot_f1..4, rot_vf1..4, rot_uf1..4,
  /// rot_rand1..4.
  static std::span<const std::string_view> matrixUniforms();
  /// float4 sizes of the noise textures (texsize_noise_lq, ...).
  static std::span<const std::string_view> noiseSizeUniforms();
  /// Samplers include.fx declares: main and its fw/fc/pw/pc variants, noise, noisevol, blur1-3.
  static std::span<const EnvSampler> samplers();
  /// include.fx's macros (time, q1..q64, GetBlur1, lum, M_PI, ...), without the stage ones.
  static std::span<const EnvMacro> macros();
  /// The stage's macros: uv, uv_orig, rad, ang (and hue_shader for comp).
  static std::span<const EnvMacro> stageMacros(Stage stage);

  /// The include.fx uniform a name reads or writes (itself for a uniform, the register for a
  /// macro such as `q5` or `bass`), or empty.
  static std::string_view uniformBehind(std::string_view name);
  static bool isMatrixUniform(std::string_view name);

  /// HLSL text placed before the preset's text: include.fx equivalent, repairs' helpers, stage
  /// defines. Ends with a line break.
  static std::string prelude(Stage stage, const PreludeOptions& options);
  /// The parameter list that replaces `shader_body` (MD2's `PS(...)` signature for the stage).
  static std::string_view entryParameters(Stage stage);
  /// Name of the entry point the wrapper creates.
  static constexpr std::string_view kEntryPoint = "PS";
};

}  // namespace phosphene::shader
