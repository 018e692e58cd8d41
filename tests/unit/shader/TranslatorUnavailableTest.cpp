// A build without glslang/SPIRV-Cross (PHOSPHENE_WITH_HLSL off): every shader that would reach
// the HLSL compiler fails with SHD012, so the engine draws that stage with the built-in shader;
// the MilkDrop-aware front half still runs and reports malformed text as before.

#include <gtest/gtest.h>

#include "shader/TranslationCache.hpp"
#include "shader/Translator.hpp"

namespace phosphene::shader {
namespace {

bool hasId(const core::Diagnostics& diags, core::DiagnosticId id) {
  for (const auto& d : diags)
    if (d.id == id) return true;
  return false;
}

TEST(TranslatorUnavailable, ValidShaderFailsWithShd012) {
  const Translator translator;
  for (const Dialect dialect : {Dialect::Glsl330, Dialect::Glsl300es}) {
    const auto t = translator.translate("shader_body { ret = tex2D(sampler_main, uv).xyz; }",
                                        Stage::Warp, 2, dialect);
    ASSERT_FALSE(t);
    EXPECT_TRUE(hasId(t.diagnostics(), core::DiagnosticId::ShaderTranslationUnavailable));
    EXPECT_EQ(t.diagnostics().front().severity, core::Severity::Error);
    EXPECT_EQ(t.diagnostics().front().section, "warp_shader");
    EXPECT_EQ(core::diagnosticCode(t.diagnostics().front().id), "SHD012");
  }
}

TEST(TranslatorUnavailable, MalformedShaderIsStillReportedAsSuch) {
  const Translator translator;
  const auto t = translator.translate("ret = 1;", Stage::Comp, 2, Dialect::Glsl330);
  ASSERT_FALSE(t);
  EXPECT_TRUE(hasId(t.diagnostics(), core::DiagnosticId::ShaderNoBody));
  EXPECT_FALSE(hasId(t.diagnostics(), core::DiagnosticId::ShaderTranslationUnavailable));
}

TEST(TranslatorUnavailable, CacheReturnsTheFailure) {
  TranslationCache cache;
  const auto result = cache.translate("shader_body { ret = 0; }", Stage::Comp, 2, Dialect::Glsl330);
  ASSERT_TRUE(result);
  EXPECT_FALSE(*result);
  EXPECT_TRUE(hasId(result->diagnostics(), core::DiagnosticId::ShaderTranslationUnavailable));
}

}  // namespace
}  // namespace phosphene::shader
