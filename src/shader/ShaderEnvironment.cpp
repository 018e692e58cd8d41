#include "shader/ShaderEnvironment.hpp"

#include <array>

namespace phosphene::shader {

std::string_view stageName(Stage s) {
  return s == Stage::Warp ? "warp" : "comp";
}
std::string_view dialectName(Dialect d) {
  return d == Dialect::Glsl330 ? "glsl330" : "glsl300es";
}

namespace {

// _qi.._qp hold MilkDrop 3's q33..q64, four per register like _qa.._qh (MilkDrop3 README:
// q1..q64; an MD3-style include.fx declares `float4 _qi; // q vars bank 9 [q33-q36]` .. `_qp` and
// `#define q33 _qi.x` .. `#define q64 _qp.w`). An MD2 shader never names them, so for it they are
// unused declarations the GLSL compiler drops.
constexpr std::array<std::string_view, 32> kVectorUniforms = {
    "rand_frame", "rand_preset", "_c0",  "_c1",  "_c2",  "_c3", "_c4", "_c5", "_c6", "_c7", "_c8",
    "_c9",        "_c10",        "_c11", "_c12", "_c13", "_qa", "_qb", "_qc", "_qd", "_qe", "_qf",
    "_qg",        "_qh",         "_qi",  "_qj",  "_qk",  "_ql", "_qm", "_qn", "_qo", "_qp"};

constexpr std::array<std::string_view, 24> kMatrixUniforms = {
    "rot_s1",  "rot_s2",  "rot_s3",  "rot_s4",  "rot_d1",    "rot_d2",    "rot_d3",    "rot_d4",
    "rot_f1",  "rot_f2",  "rot_f3",  "rot_f4",  "rot_vf1",   "rot_vf2",   "rot_vf3",   "rot_vf4",
    "rot_uf1", "rot_uf2", "rot_uf3", "rot_uf4", "rot_rand1", "rot_rand2", "rot_rand3", "rot_rand4"};

constexpr std::array<std::string_view, 6> kNoiseSizes = {
    "texsize_noise_lq", "texsize_noise_lq_lite", "texsize_noise_mq",
    "texsize_noise_hq", "texsize_noisevol_lq",   "texsize_noisevol_hq"};

// sampler_fft: MilkDrop 3's spectrum texture (README "Full FFT audio data now directly accessible
// in shaders ... get_fft(pos) and get_fft_hz(freq)"); the render binds it (Renderer).
constexpr std::array<EnvSampler, 15> kSamplers = {{
    {"sampler_main", false},
    {"sampler_fc_main", false},
    {"sampler_pc_main", false},
    {"sampler_fw_main", false},
    {"sampler_pw_main", false},
    {"sampler_noise_lq", false},
    {"sampler_noise_lq_lite", false},
    {"sampler_noise_mq", false},
    {"sampler_noise_hq", false},
    {"sampler_noisevol_lq", true},
    {"sampler_noisevol_hq", true},
    {"sampler_blur1", false},
    {"sampler_blur2", false},
    {"sampler_blur3", false},
    {"sampler_fft", false},
}};

// include.fx's defines (spec §8.2, §8.4). The blur helpers scale the 8-bit blur texture back to
// the range the blur pass squeezed it into (_c5/_c6 hold max-min and min).
constexpr EnvMacro kMacros[] = {
    {"M_PI", "", "3.14159265359", ""},
    {"M_PI_2", "", "6.28318530718", ""},
    {"M_INV_PI_2", "", "0.159154943091895", ""},
    {"aspect", "", "_c0", "_c0"},
    {"time", "", "_c2.x", "_c2"},
    {"fps", "", "_c2.y", "_c2"},
    {"frame", "", "_c2.z", "_c2"},
    {"progress", "", "_c2.w", "_c2"},
    {"bass", "", "_c3.x", "_c3"},
    {"mid", "", "_c3.y", "_c3"},
    {"treb", "", "_c3.z", "_c3"},
    {"vol", "", "_c3.w", "_c3"},
    {"bass_att", "", "_c4.x", "_c4"},
    {"mid_att", "", "_c4.y", "_c4"},
    {"treb_att", "", "_c4.z", "_c4"},
    {"vol_att", "", "_c4.w", "_c4"},
    {"blur1_min", "", "_c6.z", "_c6"},
    {"blur1_max", "", "_c6.w", "_c6"},
    {"texsize", "", "_c7", "_c7"},
    {"roam_cos", "", "_c8", "_c8"},
    {"roam_sin", "", "_c9", "_c9"},
    {"slow_roam_cos", "", "_c10", "_c10"},
    {"slow_roam_sin", "", "_c11", "_c11"},
    {"mip_x", "", "_c12.x", "_c12"},
    {"mip_y", "", "_c12.y", "_c12"},
    {"mip_xy", "", "_c12.xy", "_c12"},
    {"mip_avg", "", "_c12.z", "_c12"},
    {"blur2_min", "", "_c13.x", "_c13"},
    {"blur2_max", "", "_c13.y", "_c13"},
    {"blur3_min", "", "_c13.z", "_c13"},
    {"blur3_max", "", "_c13.w", "_c13"},
    {"q1", "", "_qa.x", "_qa"},
    {"q2", "", "_qa.y", "_qa"},
    {"q3", "", "_qa.z", "_qa"},
    {"q4", "", "_qa.w", "_qa"},
    {"q5", "", "_qb.x", "_qb"},
    {"q6", "", "_qb.y", "_qb"},
    {"q7", "", "_qb.z", "_qb"},
    {"q8", "", "_qb.w", "_qb"},
    {"q9", "", "_qc.x", "_qc"},
    {"q10", "", "_qc.y", "_qc"},
    {"q11", "", "_qc.z", "_qc"},
    {"q12", "", "_qc.w", "_qc"},
    {"q13", "", "_qd.x", "_qd"},
    {"q14", "", "_qd.y", "_qd"},
    {"q15", "", "_qd.z", "_qd"},
    {"q16", "", "_qd.w", "_qd"},
    {"q17", "", "_qe.x", "_qe"},
    {"q18", "", "_qe.y", "_qe"},
    {"q19", "", "_qe.z", "_qe"},
    {"q20", "", "_qe.w", "_qe"},
    {"q21", "", "_qf.x", "_qf"},
    {"q22", "", "_qf.y", "_qf"},
    {"q23", "", "_qf.z", "_qf"},
    {"q24", "", "_qf.w", "_qf"},
    {"q25", "", "_qg.x", "_qg"},
    {"q26", "", "_qg.y", "_qg"},
    {"q27", "", "_qg.z", "_qg"},
    {"q28", "", "_qg.w", "_qg"},
    {"q29", "", "_qh.x", "_qh"},
    {"q30", "", "_qh.y", "_qh"},
    {"q31", "", "_qh.z", "_qh"},
    {"q32", "", "_qh.w", "_qh"},
    {"q33", "", "_qi.x", "_qi"},
    {"q34", "", "_qi.y", "_qi"},
    {"q35", "", "_qi.z", "_qi"},
    {"q36", "", "_qi.w", "_qi"},
    {"q37", "", "_qj.x", "_qj"},
    {"q38", "", "_qj.y", "_qj"},
    {"q39", "", "_qj.z", "_qj"},
    {"q40", "", "_qj.w", "_qj"},
    {"q41", "", "_qk.x", "_qk"},
    {"q42", "", "_qk.y", "_qk"},
    {"q43", "", "_qk.z", "_qk"},
    {"q44", "", "_qk.w", "_qk"},
    {"q45", "", "_ql.x", "_ql"},
    {"q46", "", "_ql.y", "_ql"},
    {"q47", "", "_ql.z", "_ql"},
    {"q48", "", "_ql.w", "_ql"},
    {"q49", "", "_qm.x", "_qm"},
    {"q50", "", "_qm.y", "_qm"},
    {"q51", "", "_qm.z", "_qm"},
    {"q52", "", "_qm.w", "_qm"},
    {"q53", "", "_qn.x", "_qn"},
    {"q54", "", "_qn.y", "_qn"},
    {"q55", "", "_qn.z", "_qn"},
    {"q56", "", "_qn.w", "_qn"},
    {"q57", "", "_qo.x", "_qo"},
    {"q58", "", "_qo.y", "_qo"},
    {"q59", "", "_qo.z", "_qo"},
    {"q60", "", "_qo.w", "_qo"},
    {"q61", "", "_qp.x", "_qp"},
    {"q62", "", "_qp.y", "_qp"},
    {"q63", "", "_qp.z", "_qp"},
    {"q64", "", "_qp.w", "_qp"},
    {"sampler_FC_main", "", "sampler_fc_main", ""},
    {"sampler_PC_main", "", "sampler_pc_main", ""},
    {"sampler_FW_main", "", "sampler_fw_main", ""},
    {"sampler_PW_main", "", "sampler_pw_main", ""},
    {"GetMain", "(uv)", "(tex2D(sampler_main,uv).xyz)", ""},
    {"GetPixel", "(uv)", "(tex2D(sampler_main,uv).xyz)", ""},
    {"GetBlur1", "(uv)", "(tex2D(sampler_blur1,uv).xyz*_c5.x + _c5.y)", ""},
    {"GetBlur2", "(uv)", "(tex2D(sampler_blur2,uv).xyz*_c5.z + _c5.w)", ""},
    {"GetBlur3", "(uv)", "(tex2D(sampler_blur3,uv).xyz*_c6.x + _c6.y)", ""},
    {"lum", "(x)", "(dot(x,float3(0.32,0.49,0.29)))", ""},
    {"tex2d", "", "tex2D", ""},
    // MilkDrop 3: the spectrum at pos 0..1 (row 0.25 of sampler_fft) and at a frequency in Hz
    // (0..22050 Hz mapped to 0..1), as an MD3-style include.fx defines them.
    {"get_fft", "(p)", "(tex2D(sampler_fft, float2(saturate((p)), 0.25)).x)", ""},
    {"get_fft_hz", "(hz)", "(get_fft(saturate((hz) / 22050.0)))", ""},
    {"tex3d", "", "tex3D", ""},
};

// Warp: uv is the warped coordinate, uv_orig the screen position. Comp: MD2 maps both uv and
// uv_orig to _uv.xy and exposes the vertex colour as hue_shader.
constexpr EnvMacro kWarpMacros[] = {
    {"rad", "", "_rad_ang.x", ""},
    {"ang", "", "_rad_ang.y", ""},
    {"uv", "", "_uv.xy", ""},
    {"uv_orig", "", "_uv.zw", ""},
};
constexpr EnvMacro kCompMacros[] = {
    {"rad", "", "_rad_ang.x", ""},
    {"ang", "", "_rad_ang.y", ""},
    {"uv", "", "_uv.xy", ""},
    {"uv_orig", "", "_uv.xy", ""},
    {"hue_shader", "", "_vDiffuse.xyz", ""},
};

// Helpers that emulate fxc. normalize(float) is the sign of x (fxc accepted it; glslang finds
// the call ambiguous). The _md_* macros give DX9's abs-domain results for pow/sqrt/log*/rsqrt
// (projectM issue 724 measured this on DX9 SM3); the preset's calls are renamed to them, and
// to fxc's acos/asin polynomial.
constexpr std::string_view kScalarNormalize =
    "float normalize(float x) { return x * rsqrt(x * x); }\n";
constexpr std::string_view kDx9Math =
    "#define _md_pow(a, b) pow(abs(a), (b))\n"
    "#define _md_sqrt(a) sqrt(abs(a))\n"
    "#define _md_rsqrt(a) rsqrt(abs(a))\n"
    "#define _md_log(a) log(abs(a))\n"
    "#define _md_log2(a) log2(abs(a))\n"
    "#define _md_log10(a) log10(abs(a))\n"
    // fxc expanded acos/asin inline with Abramowitz & Stegun 4.4.45 (the coefficients are visible
    // in any fxc-compiled acos); its sqrt was DX9's rsq of |x|, so inputs beyond [-1, 1] give
    // finite values where GLSL gives NaN. One overload per width keeps x evaluated once.
    "float _md_acos_p(float a) { return 1.5707288 + a * (-0.2121144 + a * (0.0742610 + a * "
    "-0.0187293)); }\n"
    "float _md_acos(float x) { float a = abs(x); float p = sqrt(abs(1 - a)) * _md_acos_p(a); "
    "return x < 0 ? 3.14159265 - p : p; }\n"
    "float2 _md_acos(float2 x) { return float2(_md_acos(x.x), _md_acos(x.y)); }\n"
    "float3 _md_acos(float3 x) { return float3(_md_acos(x.x), _md_acos(x.y), _md_acos(x.z)); }\n"
    "float4 _md_acos(float4 x) { return float4(_md_acos(x.x), _md_acos(x.y), _md_acos(x.z), "
    "_md_acos(x.w)); }\n"
    "float _md_asin(float x) { return 1.57079633 - _md_acos(x); }\n"
    "float2 _md_asin(float2 x) { return 1.57079633 - _md_acos(x); }\n"
    "float3 _md_asin(float3 x) { return 1.57079633 - _md_acos(x); }\n"
    "float4 _md_asin(float4 x) { return 1.57079633 - _md_acos(x); }\n";

void appendMacro(std::string& out, const EnvMacro& m) {
  out += "#define ";
  out += m.name;
  out += m.params;
  out += ' ';
  out += m.body;
  out += '\n';
}

void appendUniform(std::string& out, std::string_view type, std::string_view name,
                   const PreludeOptions& options) {
  const bool written = options.writtenUniforms.count(name) != 0;
  out += type;
  out += ' ';
  out += name;
  if (written) out += "_u";
  out += ";\n";
  if (written) {
    out += "static ";
    out += type;
    out += ' ';
    out += name;
    out += ";\n";
  }
}

}  // namespace

std::span<const std::string_view> ShaderEnvironment::vectorUniforms() {
  return kVectorUniforms;
}
std::span<const std::string_view> ShaderEnvironment::matrixUniforms() {
  return kMatrixUniforms;
}
std::span<const std::string_view> ShaderEnvironment::noiseSizeUniforms() {
  return kNoiseSizes;
}
std::span<const EnvSampler> ShaderEnvironment::samplers() {
  return kSamplers;
}
std::span<const EnvMacro> ShaderEnvironment::macros() {
  return kMacros;
}
std::span<const EnvMacro> ShaderEnvironment::stageMacros(Stage stage) {
  if (stage == Stage::Warp) return kWarpMacros;
  return kCompMacros;
}

std::string_view ShaderEnvironment::uniformBehind(std::string_view name) {
  for (auto u : kVectorUniforms)
    if (u == name) return u;
  for (auto u : kMatrixUniforms)
    if (u == name) return u;
  for (const auto& m : kMacros)
    if (m.name == name) return m.uniform;
  return {};
}

bool ShaderEnvironment::isMatrixUniform(std::string_view name) {
  for (auto u : kMatrixUniforms)
    if (u == name) return true;
  return false;
}

std::string_view ShaderEnvironment::entryParameters(Stage stage) {
  if (stage == Stage::Warp)
    return "float4 _vDiffuse : COLOR, float4 _uv : TEXCOORD0, float2 _rad_ang : TEXCOORD1, "
           "out float4 _return_value : COLOR0";
  return "float4 _vDiffuse : COLOR, float2 _uv : TEXCOORD0, float2 _rad_ang : TEXCOORD1, "
         "out float4 _return_value : COLOR0";
}

std::string ShaderEnvironment::prelude(Stage stage, const PreludeOptions& options) {
  std::string out;
  out.reserve(4096);
  for (auto u : kVectorUniforms) appendUniform(out, "float4", u, options);
  for (auto u : kMatrixUniforms) appendUniform(out, "float4x3", u, options);
  // MD2 binds these through `sampler_state { Texture = <PrevFrameImage>; }`; the filter and wrap
  // state is the host's business, so plain sampler declarations are enough.
  for (const auto& s : kSamplers) {
    out += s.volume ? "sampler3D " : "sampler2D ";
    out += s.name;
    out += ";\n";
  }
  for (auto u : kNoiseSizes) {
    out += "float4 ";
    out += u;
    out += ";\n";
  }
  for (const auto& m : kMacros) appendMacro(out, m);
  if (options.scalarNormalize) out += kScalarNormalize;
  if (options.dx9Math) out += kDx9Math;
  for (const auto& m : stageMacros(stage)) appendMacro(out, m);
  return out;
}

}  // namespace phosphene::shader
