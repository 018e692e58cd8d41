// translate(): shader_body location, globals, the repairs end to end, diagnostics with the
// preset's own line numbers, and what is reported to the renderer.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "shader/HlslCompiler.hpp"
#include "shader/Translator.hpp"

namespace phosphene::shader {
namespace {

class TranslatorTest : public ::testing::Test {
 protected:
  core::Expected<TranslatedShader> run(const std::string& text, Stage stage = Stage::Warp,
                                       Dialect dialect = Dialect::Glsl330) {
    return translator.translate(text, stage, 2, dialect);
  }
  static bool applied(const TranslatedShader& t, Repair r) {
    return std::find(t.repairs.begin(), t.repairs.end(), r) != t.repairs.end();
  }
  Translator translator;
};

std::string firstError(const core::Expected<TranslatedShader>& t) {
  return t ? std::string() : t.diagnostics().front().format();
}

TEST_F(TranslatorTest, HelpersGlobalsAndDefinesMayPrecedeShaderBody) {
  const std::string text =
      "#define SCALE 0.5\n"
      "sampler sampler_clouds;\n"
      "float4 texsize_clouds;\n"
      "float3 tint = float3(1, 0.5, 0.25);\n"
      "float3 shade(float3 c) { return c * tint * SCALE; }\n"
      "float my_shader_body_x = 1;\n"  // not the entry: shader_body is matched as a whole word
      "shader_body\n"
      "{\n"
      "  ret = shade(tex2D(sampler_clouds, uv * texsize_clouds.zw).xyz) * my_shader_body_x;\n"
      "}\n";
  for (Dialect d : {Dialect::Glsl330, Dialect::Glsl300es}) {
    const auto t = run(text, Stage::Warp, d);
    ASSERT_TRUE(t) << firstError(t);
    EXPECT_EQ(t->userTextures, std::vector<std::string>{"clouds"});
    // texsize_NAME stays a uniform the host sets; the preset's other globals are static.
    const auto tex = std::find_if(t->uniforms.begin(), t->uniforms.end(),
                                  [](const auto& u) { return u.name == "texsize_clouds"; });
    ASSERT_NE(tex, t->uniforms.end());
    EXPECT_EQ(tex->glslName, "md.texsize_clouds");
    EXPECT_TRUE(std::none_of(t->uniforms.begin(), t->uniforms.end(),
                             [](const auto& u) { return u.name == "tint"; }));
  }
}

TEST_F(TranslatorTest, WritingAGlobalNeedsStatic) {
  // fxc gave non-static globals a writable per-invocation copy; glslang calls them uniforms.
  const auto t = run("float3 acc;\nshader_body { acc = GetPixel(uv); acc *= 2; ret = acc; }");
  ASSERT_TRUE(t) << firstError(t);
  EXPECT_TRUE(applied(*t, Repair::StaticGlobals));
}

TEST_F(TranslatorTest, WritingQVariablesAndRandPreset) {
  // Geiss + Flexi + Martin - disconnected writes q25 = q24; others clamp rand_preset.
  const auto t =
      run("shader_body { q25 = q24; rand_preset = max(.2, min(.85, rand_preset));\n"
          " ret = float3(q25, q26, rand_preset.x); }",
          Stage::Comp, Dialect::Glsl300es);
  ASSERT_TRUE(t) << firstError(t);
  EXPECT_TRUE(applied(*t, Repair::WritableUniforms));
  // The host still sets the include.fx register; the copy is taken first, so q26 (a sibling of
  // the written q25) reads the host's value.
  const auto qg = std::find_if(t->uniforms.begin(), t->uniforms.end(),
                               [](const auto& u) { return u.name == "_qg"; });
  ASSERT_NE(qg, t->uniforms.end());
  EXPECT_EQ(qg->glslName, "md._qg_u");
  EXPECT_NE(t->glsl.find("= md._qg_u;"), std::string::npos) << t->glsl;
}

TEST_F(TranslatorTest, DoubleIsFloatSoEsAcceptsIt) {
  const auto t = run("shader_body { double3 b = lum(GetPixel(uv)); ret = b; }", Stage::Warp,
                     Dialect::Glsl300es);
  ASSERT_TRUE(t) << firstError(t);
  EXPECT_EQ(t->glsl.find("double"), std::string::npos);
  EXPECT_EQ(t->glsl.find("dvec"), std::string::npos);
}

TEST_F(TranslatorTest, NegatedComparisonInParentheses) {
  // suksma - n4: glslang's parser rejects `-(bool)` ("'assignment expression' : Expected").
  const auto t = run("shader_body { ret = GetPixel(uv); ret -= -(lum(ret) < sin(time)) * ret; }");
  ASSERT_TRUE(t) << firstError(t);
  EXPECT_TRUE(applied(*t, Repair::NegatedParen));
}

TEST_F(TranslatorTest, NormalizeOfAScalar) {
  const auto t = run("shader_body { float s = normalize(time - 5); ret = s; }");
  ASSERT_TRUE(t) << firstError(t);
  EXPECT_TRUE(applied(*t, Repair::ScalarNormalize));
}

TEST_F(TranslatorTest, Dx9MathTakesTheAbsoluteValue) {
  // DX9 pow/sqrt/log of a negative number used |x| (projectM issue 724); GLSL gives NaN.
  const auto t = run("shader_body { ret = pow(1 - rad, 8) + sqrt(uv.x - 0.5) + pow(ang, 1); }");
  ASSERT_TRUE(t) << firstError(t);
  EXPECT_TRUE(applied(*t, Repair::Dx9Math));
  EXPECT_NE(t->glsl.find("pow(abs("), std::string::npos) << t->glsl;
  EXPECT_NE(t->glsl.find("sqrt(abs("), std::string::npos) << t->glsl;
}

TEST_F(TranslatorTest, AsinAndAcosUseFxcsPolynomial) {
  // Stahlregen & bdrv + ... - Starcraft (Distorted): asin(3*ret.yx) leaves [-1, 1]; fxc's inline
  // Abramowitz-Stegun polynomial with DX9's |x| square root stays finite there.
  const auto t =
      run("shader_body { ret = GetPixel(uv); ret.xy = asin(3 * ret.yx); ret.z = acos(1) + "
          "acos(ret).y; }",
          Stage::Comp, Dialect::Glsl300es);
  ASSERT_TRUE(t) << firstError(t);
  EXPECT_NE(t->glsl.find("_md_asin"), std::string::npos) << t->glsl;
  EXPECT_NE(t->glsl.find("_md_acos"), std::string::npos) << t->glsl;
  EXPECT_NE(t->glsl.find("0.0742610"), std::string::npos) << t->glsl;
}

TEST_F(TranslatorTest, TypelessSamplerUsedWithTex3DIsAVolume) {
  // Rozzor & Rovastar - Dynamic Swirls 3: `sampler sampler_fw_noisevol_hq;` read with tex3D;
  // declared 2D, glslang would silently sample .xy.
  const auto t =
      run("sampler sampler_fw_noisevol_hq;\n"
          "shader_body { ret = tex3D(sampler_fw_noisevol_hq, float3(uv, time * 0.1)).xyz; }");
  ASSERT_TRUE(t) << firstError(t);
  ASSERT_EQ(t->samplers.size(), 1u);
  EXPECT_TRUE(t->samplers[0].volume);
  EXPECT_EQ(t->samplers[0].texture.kind, TextureKind::NoiseVolume);
  EXPECT_EQ(t->noiseTextures, std::vector<std::string>{"noisevol_hq"});
  EXPECT_NE(t->glsl.find("sampler3D"), std::string::npos);
}

TEST_F(TranslatorTest, FloatRemainderIsTruncatedLikeHlsl) {
  // HLSL % and fmod keep the dividend's sign; glslang emits OpFMod (floored), patched to OpFRem.
  const auto t = run("shader_body { ret = (uv.x * 10 - 5) % 3 + fmod(uv.y - 1, 0.3); }");
  ASSERT_TRUE(t) << firstError(t);
  EXPECT_NE(t->glsl.find("trunc"), std::string::npos) << t->glsl;
  EXPECT_EQ(t->glsl.find("mod("), std::string::npos) << t->glsl;
}

TEST_F(TranslatorTest, PatchFloatRemainderRewritesOnlyOpFMod) {
  // Header, then OpFMod (141) and OpFAdd (129) instructions of 5 words each.
  std::vector<std::uint32_t> words = {
      0x07230203, 0x10000, 0, 10, 0, (5u << 16) | 141, 1, 2, 3, 4, (5u << 16) | 129, 1, 5, 3, 4};
  EXPECT_EQ(patchFloatRemainder(words), 1);
  EXPECT_EQ(words[5], (5u << 16) | 140);
  EXPECT_EQ(words[10], (5u << 16) | 129);
}

TEST_F(TranslatorTest, SamplerNamedMainIsRenamedForGlsl) {
  // [dylan] cube in a room: `#define base01 main` then `sampler base01;`.
  const auto t =
      run("#define base01 main\nsampler base01;\nshader_body { ret = tex2D(base01, uv).xyz; }",
          Stage::Warp, Dialect::Glsl300es);
  ASSERT_TRUE(t) << firstError(t);
  ASSERT_EQ(t->samplers.size(), 1u);
  EXPECT_EQ(t->samplers[0].name, "main");
  EXPECT_EQ(t->samplers[0].glslName, "md_main");
  EXPECT_EQ(t->samplers[0].texture.kind, TextureKind::Main);
  EXPECT_EQ(t->glsl.find("sampler2D main;"), std::string::npos);
}

TEST_F(TranslatorTest, ErrorsCarryThePresetsLineNumber) {
  const std::string text =
      "/* a comment\n"
      "   over two lines */\n"
      "float3 helper(float3 c) { return c; }\n"
      "shader_body {\n"
      "  float3 a = GetPixel(uv);\n"
      "  ret = a * undefined_thing;\n"
      "}\n";
  const auto t = run(text);
  ASSERT_FALSE(t);
  const auto& d = t.diagnostics().front();
  EXPECT_EQ(d.id, core::DiagnosticId::ShaderHlslError);
  EXPECT_EQ(d.section, "warp_shader");
  EXPECT_EQ(d.line, 6);
  EXPECT_NE(d.message.find("undefined_thing"), std::string::npos) << d.message;
}

TEST_F(TranslatorTest, StructuralErrors) {
  auto t = run("ret = 1;");
  ASSERT_FALSE(t);
  EXPECT_EQ(t.diagnostics().front().id, core::DiagnosticId::ShaderNoBody);
  t = run("float x;\nshader_body ret = 1;");
  ASSERT_FALSE(t);
  EXPECT_EQ(t.diagnostics().front().id, core::DiagnosticId::ShaderNoBodyBlock);
  EXPECT_EQ(t.diagnostics().front().line, 2);
  t = run(std::string(70000, ' ') + "shader_body{}");
  ASSERT_FALSE(t);
  EXPECT_EQ(t.diagnostics().front().id, core::DiagnosticId::ShaderTooLarge);
  t = run("shader_body { ret = " + std::string(300, '(') + "1" + std::string(300, ')') + "; }");
  ASSERT_FALSE(t);
  EXPECT_EQ(t.diagnostics().front().id, core::DiagnosticId::ShaderTooComplex);
}

TEST_F(TranslatorTest, OverlongStatementsAreRefusedBeforeGlslang) {
  // glslang recurses once per operator of a chain; 12,000 `+` overflowed an 8 MiB stack.
  std::string chain = "1";
  for (int i = 0; i < 1200; ++i) chain += "+uv.x";
  auto t = run("shader_body {\n ret = 0;\n ret = " + chain + ";\n}");
  ASSERT_FALSE(t);
  EXPECT_EQ(t.diagnostics().front().id, core::DiagnosticId::ShaderTooComplex);
  EXPECT_EQ(t.diagnostics().front().line, 3);
  // Through a macro too: the length counts expanded tokens.
  std::string macro = "#define LONG 1";
  for (int i = 0; i < 100; ++i) macro += "+uv.x";
  std::string uses = "LONG";
  for (int i = 0; i < 10; ++i) uses += "+LONG";
  t = run(macro + "\nshader_body { ret = " + uses + "; }");
  ASSERT_FALSE(t);
  EXPECT_EQ(t.diagnostics().front().id, core::DiagnosticId::ShaderTooComplex);
  // A long program of short statements is fine.
  std::string many;
  for (int i = 0; i < 300; ++i) many += " ret += uv.x * " + std::to_string(i) + ";";
  EXPECT_TRUE(run("shader_body {" + many + " }"));
}

TEST_F(TranslatorTest, MacroBombsAreRefusedBeforeGlslang) {
  std::string text = "#define A0 x x\n";
  for (int i = 1; i < 30; ++i)
    text += "#define A" + std::to_string(i) + " A" + std::to_string(i - 1) + " A" +
            std::to_string(i - 1) + "\n";
  text += "shader_body { float x = 1; ret = A29; }";
  const auto t = run(text);
  ASSERT_FALSE(t);
  EXPECT_EQ(t.diagnostics().front().id, core::DiagnosticId::ShaderTooComplex);
}

TEST_F(TranslatorTest, OnlyWhatIsReadIsReported) {
  const auto t = run("shader_body { ret = GetPixel(uv) * bass; }", Stage::Comp);
  ASSERT_TRUE(t);
  ASSERT_EQ(t->uniforms.size(), 1u);
  EXPECT_EQ(t->uniforms[0].name, "_c3");
  ASSERT_EQ(t->samplers.size(), 1u);
  EXPECT_EQ(t->samplers[0].name, "sampler_main");
  EXPECT_EQ(t->maxBlurLevel, 0);
  EXPECT_TRUE(t->noiseTextures.empty());
  EXPECT_TRUE(t->repairs.empty());
}

TEST_F(TranslatorTest, VersionLinesPerDialect) {
  const auto gl = run("shader_body { ret = 1; }", Stage::Comp, Dialect::Glsl330);
  const auto es = run("shader_body { ret = 1; }", Stage::Comp, Dialect::Glsl300es);
  ASSERT_TRUE(gl);
  ASSERT_TRUE(es);
  EXPECT_EQ(gl->glsl.rfind("#version 330\n", 0), 0u);
  EXPECT_EQ(es->glsl.rfind("#version 300 es\n", 0), 0u);
  EXPECT_NE(es->glsl.find("precision highp float;"), std::string::npos);
}

}  // namespace
}  // namespace phosphene::shader
