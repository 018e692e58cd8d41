// Invalid shaders that crash glslang 12 (found by fuzz_shader) are refused with a diagnostic
// before glslang sees them, and the corpus-style forms next to them still translate. A
// regression here crashes the test, which counts as a failure.

#include <gtest/gtest.h>

#include "shader/GlslangGuards.hpp"
#include "shader/Translator.hpp"

namespace phosphene::shader {
namespace {

class GlslangGuards : public ::testing::Test {
 protected:
  void expectRefused(const std::string& text, int line) {
    const auto t = translator.translate(text, Stage::Warp, 2, Dialect::Glsl330);
    ASSERT_FALSE(t) << text;
    EXPECT_EQ(t.diagnostics().front().id, core::DiagnosticId::ShaderHlslError) << text;
    EXPECT_EQ(t.diagnostics().front().line, line) << text;
  }
  void expectTranslated(const std::string& text) {
    const auto t = translator.translate(text, Stage::Warp, 2, Dialect::Glsl330);
    EXPECT_TRUE(t) << text << ": " << (t ? "" : t.diagnostics().front().format());
  }
  Translator translator;
};

TEST_F(GlslangGuards, FunctionHeaderFollowedByAName) {
  expectRefused("float4 x;\nvoid f() x;\nshader_body { ret = 1; }", 2);
  expectRefused("shader_body bass; { ret = 1; }", 1);
  expectTranslated(
      "float f(float a);\nfloat f(float a) { return a; }\nshader_body { ret = f(1); }");
}

TEST_F(GlslangGuards, GlobalDeclarationFollowedByAName) {
  expectRefused("float3 acc;\nfloat texsize_x acc;\nshader_body { }", 2);
  expectRefused("uniform float b time;\nshader_body { }", 1);
  expectTranslated("static const float k = 1, j[2] = {1, 2};\nshader_body { ret = k + j[1]; }");
}

TEST_F(GlslangGuards, UnbalancedBrackets) {
  expectRefused("float f(float[\nshader_body{}", 1);
  expectRefused("shader_body { ret = (1]; }", 1);
}

TEST_F(GlslangGuards, PostfixStepInsideAnExpression) {
  expectRefused("shader_body {\n float a = sin(l++);\n}", 2);
  expectRefused("shader_body { float3 acc = 1;\n ret = acc + (uv.x*2)--; }", 2);
  expectRefused("shader_body { ret = M_PI++; }", 1);
  // As statements and loop steps (how the corpus uses them) they are fine.
  expectTranslated("shader_body { int n = 0; for (int i = 0; i < 4; i++) { n++; } ret = n; n--; }");
}

TEST(FindGlslangCrashPattern, CleanTextHasNone) {
  EXPECT_FALSE(
      findGlslangCrashPattern("float a[2];\nfloat3 f(float3 x) { return x; }\n"
                              "void PS(float4 c : COLOR, out float4 o : COLOR0) { o = c; }"));
}

}  // namespace
}  // namespace phosphene::shader
