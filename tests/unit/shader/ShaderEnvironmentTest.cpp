// The MilkDrop shader environment (spec §8.2-§8.4, include.fx in MD2's data folder): every macro,
// uniform and sampler a preset can use translates to GLSL, reads the register include.fx names,
// and is reported to the renderer as used.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "shader/Translator.hpp"

namespace phosphene::shader {
namespace {

bool hasUniform(const TranslatedShader& t, std::string_view name) {
  return std::any_of(t.uniforms.begin(), t.uniforms.end(),
                     [&](const ShaderUniform& u) { return u.name == name; });
}
const ShaderSampler* findSampler(const TranslatedShader& t, std::string_view name) {
  for (const auto& s : t.samplers)
    if (s.name == name) return &s;
  return nullptr;
}

// A float expression that uses `macro` the way a preset would.
std::string useOf(const EnvMacro& m) {
  const std::string n(m.name);
  if (n == "tex2d") return "tex2d(sampler_main, uv).x";
  if (n == "tex3d") return "tex3d(sampler_noisevol_lq, float3(uv, 0.5)).x";
  if (n.rfind("sampler_", 0) == 0) return "tex2D(" + n + ", uv).x";
  if (n == "lum") return "lum(float3(uv, 1))";
  if (n == "get_fft") return "get_fft(uv.x)";  // MilkDrop 3: scalar arguments
  if (n == "get_fft_hz") return "get_fft_hz(uv.x * 22050.0)";
  if (!m.params.empty()) return n + "(uv).x";
  return "(" + n + ").xxxx.x";  // scalars and vectors alike
}

class EveryMacro : public ::testing::TestWithParam<Stage> {};

TEST_P(EveryMacro, TranslatesAndReadsItsRegister) {
  const Translator translator;
  std::vector<EnvMacro> all(ShaderEnvironment::macros().begin(), ShaderEnvironment::macros().end());
  for (const auto& m : ShaderEnvironment::stageMacros(GetParam())) all.push_back(m);
  for (const auto& m : all) {
    const std::string text = "shader_body { ret = " + useOf(m) + "; }";
    for (Dialect d : {Dialect::Glsl330, Dialect::Glsl300es}) {
      const auto t = translator.translate(text, GetParam(), 2, d);
      ASSERT_TRUE(t) << m.name << ": " << t.diagnostics().front().format();
      if (!m.uniform.empty()) {
        EXPECT_TRUE(hasUniform(*t, m.uniform)) << m.name;
      }
    }
  }
}

std::string stageParamName(const ::testing::TestParamInfo<Stage>& p) {
  return std::string(stageName(p.param));
}

INSTANTIATE_TEST_SUITE_P(Stages, EveryMacro, ::testing::Values(Stage::Warp, Stage::Comp),
                         stageParamName);

TEST(ShaderEnvironment, QVariablesArePackedInOrder) {
  // q1 = _qa.x ... q4 = _qa.w, q5 = _qb.x, q32 = _qh.w (spec §8.2).
  EXPECT_EQ(ShaderEnvironment::uniformBehind("q1"), "_qa");
  EXPECT_EQ(ShaderEnvironment::uniformBehind("q4"), "_qa");
  EXPECT_EQ(ShaderEnvironment::uniformBehind("q5"), "_qb");
  EXPECT_EQ(ShaderEnvironment::uniformBehind("q32"), "_qh");
  const Translator translator;
  const auto t =
      translator.translate("shader_body { ret = q32; }", Stage::Comp, 2, Dialect::Glsl330);
  ASSERT_TRUE(t);
  EXPECT_NE(t->glsl.find("md._qh.w"), std::string::npos) << t->glsl;
  ASSERT_EQ(t->uniforms.size(), 1u);  // only what is read
  EXPECT_EQ(t->uniforms[0].glslName, "md._qh");
}

TEST(ShaderEnvironment, MilkDrop3QVariablesContinueThePacking) {
  // MilkDrop 3's q33..q64 (README.md: "the range is now q1-q64") in _qi.._qp, four per register,
  // as an MD3-style include.fx declares them (`float4 _qi; // q vars bank 9 [q33-q36]`,
  // `#define q60 _qo.w`).
  EXPECT_EQ(ShaderEnvironment::uniformBehind("q33"), "_qi");
  EXPECT_EQ(ShaderEnvironment::uniformBehind("q60"), "_qo");
  EXPECT_EQ(ShaderEnvironment::uniformBehind("q64"), "_qp");
  EXPECT_EQ(ShaderEnvironment::uniformBehind("q65"), "");
  const Translator translator;
  const auto t =
      translator.translate("shader_body { ret = q60 + q33; }", Stage::Warp, 2, Dialect::Glsl300es);
  ASSERT_TRUE(t);
  EXPECT_NE(t->glsl.find("md._qo.w"), std::string::npos) << t->glsl;
  EXPECT_NE(t->glsl.find("md._qi.x"), std::string::npos) << t->glsl;
  EXPECT_EQ(t->uniforms.size(), 2u);  // only what is read: an MD2 shader gains no uniforms
}

TEST(ShaderEnvironment, MilkDrop3FftHelpersReadSamplerFft) {
  // MilkDrop3 README: get_fft(pos) and get_fft_hz(freq) in shaders; an MD3-style include.fx:
  // get_fft(p) = tex2D(sampler_fft, float2(saturate(p), 0.25)).x, get_fft_hz(hz) =
  // get_fft(saturate(hz / 22050)).
  const Translator translator;
  const auto t = translator.translate("shader_body { ret = get_fft(uv.x) + get_fft_hz(440.0); }",
                                      Stage::Comp, 2, Dialect::Glsl300es);
  ASSERT_TRUE(t) << (t.diagnostics().empty() ? "" : t.diagnostics().front().format());
  ASSERT_EQ(t->samplers.size(), 1u);
  EXPECT_EQ(t->samplers[0].name, "sampler_fft");
  EXPECT_EQ(t->samplers[0].texture.kind, TextureKind::Fft);
  EXPECT_EQ(t->samplers[0].texture.wrap, TextureWrap::Clamp);
  EXPECT_TRUE(t->userTextures.empty());  // not a file to look for
}

TEST(ShaderEnvironment, EverySamplerAndNoiseSizeIsDeclared) {
  const Translator translator;
  std::string body;
  for (const auto& s : ShaderEnvironment::samplers())
    body += s.volume ? "ret += tex3D(" + std::string(s.name) + ", float3(uv, 0.5)).xyz;\n"
                     : "ret += tex2D(" + std::string(s.name) + ", uv).xyz;\n";
  for (auto u : ShaderEnvironment::noiseSizeUniforms())
    body += "ret.x += " + std::string(u) + ".x;\n";
  const auto t =
      translator.translate("shader_body {\n" + body + "}", Stage::Warp, 3, Dialect::Glsl300es);
  ASSERT_TRUE(t) << t.diagnostics().front().format();
  EXPECT_EQ(t->samplers.size(), ShaderEnvironment::samplers().size());
  for (const auto& s : ShaderEnvironment::samplers()) {
    const ShaderSampler* found = findSampler(*t, s.name);
    ASSERT_NE(found, nullptr) << s.name;
    EXPECT_EQ(found->volume, s.volume) << s.name;
  }
  for (auto u : ShaderEnvironment::noiseSizeUniforms()) EXPECT_TRUE(hasUniform(*t, u)) << u;
  EXPECT_EQ(t->maxBlurLevel, 3);
  EXPECT_TRUE(t->readsMain);
  EXPECT_EQ(t->noiseTextures.size(), 6u);
}

TEST(ShaderEnvironment, BlurHelpersScaleByTheirRegisters) {
  const Translator translator;
  const auto t =
      translator.translate("shader_body { ret = GetBlur2(uv); }", Stage::Comp, 2, Dialect::Glsl330);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->maxBlurLevel, 2);
  EXPECT_TRUE(hasUniform(*t, "_c5"));  // GetBlur2 = tex * _c5.z + _c5.w
  EXPECT_NE(t->glsl.find("md._c5.z"), std::string::npos);
  EXPECT_NE(t->glsl.find("md._c5.w"), std::string::npos);
  EXPECT_EQ(findSampler(*t, "sampler_blur1"), nullptr);
}

TEST(ShaderEnvironment, RotationMatricesAreFloat4x3) {
  const Translator translator;
  const auto t =
      translator.translate("shader_body { float3 p = mul(float4(uv, 0, 1), rot_s1); ret = p; }",
                           Stage::Warp, 2, Dialect::Glsl330);
  ASSERT_TRUE(t) << t.diagnostics().front().format();
  ASSERT_EQ(t->uniforms.size(), 1u);
  EXPECT_EQ(t->uniforms[0].name, "rot_s1");
  EXPECT_TRUE(t->uniforms[0].matrix);
  EXPECT_NE(t->glsl.find("mat4x3 rot_s1"), std::string::npos);
  // HLSL row-vector mul(p, M) became M * p in GLSL: column i of the mat4x3 is HLSL row i.
  EXPECT_NE(t->glsl.find("md.rot_s1) * vec4("), std::string::npos) << t->glsl;
}

TEST(ShaderEnvironment, WarpAndCompStageParameters) {
  const Translator translator;
  // Warp: uv = _uv.xy, uv_orig = _uv.zw; comp: both are _uv.xy and hue_shader is the colour.
  const auto w = translator.translate("shader_body { ret = float3(uv_orig, rad + ang); }",
                                      Stage::Warp, 2, Dialect::Glsl330);
  ASSERT_TRUE(w);
  EXPECT_NE(w->glsl.find("in vec4 _uv;"), std::string::npos) << w->glsl;
  EXPECT_NE(w->glsl.find(".zw"), std::string::npos);
  const auto c = translator.translate("shader_body { ret = hue_shader * float3(uv_orig, 1); }",
                                      Stage::Comp, 2, Dialect::Glsl330);
  ASSERT_TRUE(c);
  EXPECT_NE(c->glsl.find("in vec2 _uv;"), std::string::npos) << c->glsl;
  EXPECT_NE(c->glsl.find("in vec4 _vDiffuse;"), std::string::npos);
  // Alpha always comes from the vertex colour: the output reads _vDiffuse.w.
  EXPECT_NE(std::find(c->inputs.begin(), c->inputs.end(), "_vDiffuse"), c->inputs.end());
  EXPECT_FALSE(c->output.empty());
}

TEST(ShaderEnvironment, RetStartsAtZero) {
  const Translator translator;
  const auto t =
      translator.translate("shader_body { ret.x += 1; }", Stage::Comp, 2, Dialect::Glsl330);
  ASSERT_TRUE(t);
  EXPECT_NE(t->glsl.find("vec3(0.0)"), std::string::npos) << t->glsl;
}

}  // namespace
}  // namespace phosphene::shader
