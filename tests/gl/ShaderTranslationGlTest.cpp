// Translated MilkDrop shaders compile and link on a real driver (Mesa llvmpipe in CI): every unique
// warp/comp shader of the installed collection, as GLSL 330 core on a 3.3 core context and as
// GLSL ES 300 on an ES 3.0 context, each with a minimal vertex shader that writes the varyings
// the translation reports. Prints the counts and the failures with the driver's log. Sharded so
// `ctest -j` spreads the work. research/hlsl.md §6: glslangValidator passing is not enough.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "GlTestContext.hpp"
#include "corpus/CorpusFiles.hpp"
#include "gl/ShaderProgram.hpp"
#include "milk/CodeText.hpp"
#include "milk/PresetReader.hpp"
#include "shader/TranslationCache.hpp"

namespace phosphene::gltest {
namespace {

namespace fs = std::filesystem;
using platform::GlApi;

constexpr int kShards = 4;

std::vector<fs::path> corpusFiles() {
  return testing::milkFilesUnder(PHOSPHENE_CORPUS_DIR);
}

// One source for gl::ShaderProgram: a vertex shader writing the MilkDrop varyings, then the
// translated fragment shader without its #version line (ShaderProgram's prelude supplies it).
std::string programSource(const shader::TranslatedShader& t) {
  const bool warp = t.stage == shader::Stage::Warp;
  std::string s =
      "#ifdef VERTEX_SHADER\n"
      "layout(location = 0) in vec2 aPos;\n"
      "out vec4 _vDiffuse;\n";
  s += warp ? "out vec4 _uv;\n" : "out vec2 _uv;\n";
  s += "out vec2 _rad_ang;\n"
       "void main() {\n"
       "  _vDiffuse = vec4(1.0);\n";
  s += warp ? "  _uv = vec4(aPos * 0.5 + 0.5, aPos * 0.5 + 0.5);\n" : "  _uv = aPos * 0.5 + 0.5;\n";
  s += "  _rad_ang = vec2(length(aPos), atan(aPos.y, aPos.x));\n"
       "  gl_Position = vec4(aPos, 0.0, 1.0);\n"
       "}\n"
       "#endif\n"
       "#ifdef FRAGMENT_SHADER\n";
  const std::size_t eol = t.glsl.find('\n');
  s += t.glsl.compare(0, 8, "#version") == 0 ? t.glsl.substr(eol + 1) : t.glsl;
  s += "#endif\n";
  return s;
}

struct Param {
  GlApi api;
  int shard;
};

class ShaderTranslationGl : public ::testing::TestWithParam<Param> {};

TEST_P(ShaderTranslationGl, CorpusShadersCompileAndLink) {
  const auto files = corpusFiles();
  if (files.empty()) GTEST_SKIP() << "no presets under " << PHOSPHENE_CORPUS_DIR;
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam().api);
  const int shard = GetParam().shard;
  const shader::Dialect dialect =
      ctx->caps().es ? shader::Dialect::Glsl300es : shader::Dialect::Glsl330;

  shader::TranslationCache cache;
  std::set<std::string> seen;  // unique shader texts per stage
  int unique = 0, translated = 0, linked = 0;
  std::vector<std::string> failures;
  for (std::size_t i = static_cast<std::size_t>(shard); i < files.size(); i += kShards) {
    auto preset = milk::readPresetFile(files[i]);
    ASSERT_TRUE(preset) << files[i];
    const std::string rel = fs::relative(files[i], PHOSPHENE_CORPUS_DIR).string();
    for (int s = 0; s < 2; ++s) {
      const milk::CodeBlock& block = s == 0 ? preset->warpShader : preset->compShader;
      if (block.empty()) continue;
      const std::string text = milk::joinShader(block).text;
      if (!seen.insert(std::to_string(s) + text).second) continue;
      ++unique;
      const shader::Stage stage = s == 0 ? shader::Stage::Warp : shader::Stage::Comp;
      const auto result = cache.translate(text, stage, 2, dialect);
      if (!*result) {
        failures.push_back(rel + " [" + std::string(shader::stageName(stage)) +
                           "] translation: " + result->diagnostics().front().format());
        continue;
      }
      ++translated;
      auto program = gl::ShaderProgram::create(ctx->caps().dialect(), programSource(**result), rel);
      if (program) {
        ++linked;
      } else {
        std::string why = program.diagnostics().empty() ? "?" : program.diagnostics()[0].format();
        if (why.size() > 600) why.resize(600);
        failures.push_back(rel + " [" + std::string(shader::stageName(stage)) + "] " + why);
      }
    }
  }
  std::printf("[%s shard %d/%d] unique shaders %d, translated %d, compiled and linked %d\n",
              std::string(shader::dialectName(dialect)).c_str(), shard, kShards, unique, translated,
              linked);
  for (const auto& f : failures) std::printf("  failed: %s\n", f.c_str());
  EXPECT_GE(linked * 100, unique * 99) << linked << " of " << unique;
}

// One shader per stage that uses every include.fx macro, sampler and noise size at once, so the
// whole environment is compiled by the driver, not only what the corpus happens to use.
std::string everythingShader(shader::Stage stage) {
  std::string body = "shader_body {\n";
  for (const auto& s : shader::ShaderEnvironment::samplers())
    body += s.volume ? "ret += tex3D(" + std::string(s.name) + ", float3(uv, 0.5)).xyz;\n"
                     : "ret += tex2D(" + std::string(s.name) + ", uv).xyz;\n";
  for (auto u : shader::ShaderEnvironment::noiseSizeUniforms())
    body += "ret.x += " + std::string(u) + ".x;\n";
  for (auto u : shader::ShaderEnvironment::matrixUniforms())
    body += "ret += mul(float4(uv, 0.5, 1), " + std::string(u) + ");\n";
  std::vector<shader::EnvMacro> macros(shader::ShaderEnvironment::macros().begin(),
                                       shader::ShaderEnvironment::macros().end());
  for (const auto& m : shader::ShaderEnvironment::stageMacros(stage)) macros.push_back(m);
  for (const auto& m : macros) {
    const std::string n(m.name);
    if (n == "tex2d")
      body += "ret += tex2d(sampler_main, uv).xyz;\n";
    else if (n == "tex3d")
      body += "ret += tex3d(sampler_noisevol_hq, float3(uv, 0)).xyz;\n";
    else if (n.rfind("sampler_", 0) == 0)
      body += "ret += tex2D(" + n + ", uv).xyz;\n";
    else if (n == "lum")
      body += "ret.y += lum(ret);\n";
    else if (n == "get_fft" || n == "get_fft_hz")  // MilkDrop 3: a scalar in, a scalar out
      body += "ret.x += " + n + "(uv.x);\n";
    else if (!m.params.empty())
      body += "ret += " + n + "(uv);\n";
    else
      body += "ret.z += (" + n + ").xxxx.x;\n";
  }
  return body + "}\n";
}

class EnvironmentGl : public ::testing::TestWithParam<GlApi> {};

TEST_P(EnvironmentGl, EveryMacroSamplerAndUniformCompilesAndLinks) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const shader::Dialect dialect =
      ctx->caps().es ? shader::Dialect::Glsl300es : shader::Dialect::Glsl330;
  const shader::Translator translator;
  for (shader::Stage stage : {shader::Stage::Warp, shader::Stage::Comp}) {
    const auto t = translator.translate(everythingShader(stage), stage, 3, dialect);
    ASSERT_TRUE(t) << t.diagnostics().front().format();
    auto program = gl::ShaderProgram::create(ctx->caps().dialect(), programSource(*t), "env");
    ASSERT_TRUE(program) << program.diagnostics().front().format();
    // Every reported uniform is active in the linked program under its reported name.
    for (const auto& u : t->uniforms)
      EXPECT_GE(program->uniformLocation(u.glslName.c_str()), 0) << u.glslName;
    for (const auto& s : t->samplers)
      EXPECT_GE(program->uniformLocation(s.glslName.c_str()), 0) << s.glslName;
  }
}

INSTANTIATE_TEST_SUITE_P(Api, EnvironmentGl, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

std::vector<Param> params() {
  std::vector<Param> p;
  for (GlApi api : {GlApi::Core33, GlApi::Es30})
    for (int s = 0; s < kShards; ++s) p.push_back({api, s});
  return p;
}

std::string paramName(const ::testing::TestParamInfo<Param>& info) {
  return std::string(info.param.api == GlApi::Core33 ? "gl33" : "es3") + "_shard" +
         std::to_string(info.param.shard);
}

INSTANTIATE_TEST_SUITE_P(Corpus, ShaderTranslationGl, ::testing::ValuesIn(params()), paramName);

}  // namespace
}  // namespace phosphene::gltest
