// The repairs of the MilkDrop-aware pass, each on a small shader of our own that reproduces the
// failure class research/hlsl.md §4 found in the corpus; the text edits here, the full
// translation in TranslatorTest.

#include <gtest/gtest.h>

#include <algorithm>

#include "shader/Repairs.hpp"

namespace phosphene::shader {
namespace {

TEST(RepairStaticGlobals, GlobalsBeforeShaderBodyBecomeStatic) {
  std::string t =
      "float3 acc;\n"
      "float2 a = float2(1, 2), b;\n"
      "const float k = 2;\n"
      "float3 helper(float3 x) { float3 local = x; return local; }\n"
      "shader_body { float3 inside = 1; ret = inside; }";
  EXPECT_TRUE(repairStaticGlobals(t));
  EXPECT_NE(t.find("static float3 acc;"), std::string::npos);
  EXPECT_NE(t.find("static float2 a ="), std::string::npos);
  EXPECT_NE(t.find("static const float k"), std::string::npos);
  // Functions, their locals and the body's locals are untouched.
  EXPECT_NE(t.find("\nfloat3 helper(float3 x) { float3 local"), std::string::npos);
  EXPECT_NE(t.find("{ float3 inside"), std::string::npos);
}

TEST(RepairStaticGlobals, LeavesHostBoundAndAlreadyQualifiedDeclarations) {
  std::string t =
      "float4 texsize_clouds;\nsampler sampler_clouds;\nstatic float x;\nuniform float y;\n"
      "#define Z 1\nshader_body { ret = 0; }";
  EXPECT_FALSE(repairStaticGlobals(t));
}

TEST(FindWrittenUniforms, WritesThroughMacrosAndDirectly) {
  const auto w = findWrittenUniforms(
      "shader_body { q25 = q24; rand_preset = max(.2, rand_preset); q1.x += 1; ++q9;"
      " float a = q30; bool b = (q31 == 2); }");
  EXPECT_EQ(w, (std::vector<std::string>{"_qa", "_qc", "_qg", "rand_preset"}));
}

TEST(RepairDoubleToFloat, SmTwoAndThreeHaveNoDoubles) {
  std::string t = "double3 blur = 1; double x; double2x2 m; doubles d;";
  EXPECT_TRUE(repairDoubleToFloat(t));
  EXPECT_EQ(t, "float3 blur = 1; float x; float2x2 m; doubles d;");
}

TEST(RepairNegatedParen, UnaryMinusBeforeParenthesesOnly) {
  std::string t = "ret -= -(lum(ret) < 0.5) * ret; a = b - (c); d = f(-(e)); return -(g);";
  EXPECT_TRUE(repairNegatedParen(t));
  EXPECT_EQ(t,
            "ret -= (-1*(lum(ret) < 0.5)) * ret; a = b - (c); d = f((-1*(e))); return (-1*(g));");
}

TEST(RepairDx9Math, CallsAreRenamedAndPowOfOneFolds) {
  std::string t =
      "a = pow(1 - rad, 8); b = sqrt(x) + log2(y) + rsqrt(z); c = pow(v, 1.0); d = w.log;";
  EXPECT_TRUE(repairDx9Math(t));
  EXPECT_EQ(t,
            "a = _md_pow(1 - rad, 8); b = _md_sqrt(x) + _md_log2(y) + _md_rsqrt(z); c = (v); "
            "d = w.log;");
}

TEST(RepairDx9Math, NestedCallsInsideAFoldedPowAreRenamedByApplyRepairs) {
  const auto r = applyRepairs("shader_body { ret = pow(sqrt(uv.x), 1); }");
  EXPECT_NE(r.text.find("(_md_sqrt(uv.x))"), std::string::npos) << r.text;
}

TEST(RepairSamplerTypes, DimensionFromUseOrName) {
  std::string t =
      "sampler sampler_fw_noisevol_hq; sampler sampler_clouds; sampler sampler_vol;\n"
      "shader_body { ret = tex3D(sampler_vol, float3(uv, 0)).xyz; }";
  EXPECT_TRUE(repairSamplerTypes(t));
  EXPECT_NE(t.find("sampler3D sampler_fw_noisevol_hq;"), std::string::npos);
  EXPECT_NE(t.find("sampler2D sampler_clouds;"), std::string::npos);
  EXPECT_NE(t.find("sampler3D sampler_vol;"), std::string::npos);
}

TEST(RepairSamplerTypes, SamplerStateBlocksAreBlankedKeepingLines) {
  std::string t = "sampler2D sampler_x = sampler_state {\n Texture = <Foo>;\n};\nshader_body {}";
  EXPECT_TRUE(repairSamplerTypes(t));
  EXPECT_EQ(t.find("sampler_state"), std::string::npos);
  EXPECT_EQ(std::count(t.begin(), t.end(), '\n'), 3);
}

TEST(ApplyRepairs, ReportsWhatItDidAndWhatThePreludeNeeds) {
  const auto r = applyRepairs(
      "float3 g;\nshader_body { q2 = normalize(time); double d = 1; ret = -(d > 0) * g; }");
  EXPECT_TRUE(r.prelude.scalarNormalize);
  EXPECT_EQ(r.prelude.writtenUniforms.count("_qa"), 1u);
  const std::vector<Repair> expected = {Repair::StaticGlobals, Repair::WritableUniforms,
                                        Repair::DoubleToFloat, Repair::NegatedParen,
                                        Repair::ScalarNormalize};
  EXPECT_EQ(r.applied, expected);
}

}  // namespace
}  // namespace phosphene::shader
