// The RAII wrappers of src/gl on real contexts (GL 3.3 core and GL ES 3.0 via EGL/llvmpipe), and
// the golden-image harness proved on a trivial picture: a bar chart of a fixed spectrum.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "GlTestContext.hpp"
#include "GoldenImage.hpp"
#include "gl/Buffer.hpp"
#include "gl/Framebuffer.hpp"
#include "gl/GlErrors.hpp"
#include "gl/Sampler.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/Texture2D.hpp"
#include "gl/VertexArray.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;

constexpr const char* kBarShader = R"(
#ifdef VERTEX_SHADER
layout(location = 0) in vec2 aPos;   // bar corner in 0..1 chart space
layout(location = 1) in vec4 aColor;
out vec4 vColor;
void main() {
  vColor = aColor;
  gl_Position = vec4(aPos * 2.0 - 1.0, 0.0, 1.0);
}
#endif
#ifdef FRAGMENT_SHADER
in vec4 vColor;
uniform float uGain;
layout(location = 0) out vec4 fragColor;
void main() { fragColor = vec4(vColor.rgb * uGain, vColor.a); }
#endif
)";

struct Vertex {
  float x, y;
  float r, g, b, a;
};

// 16 bars of a fixed, made-up spectrum (falling with frequency, two peaks), blue to red.
std::vector<Vertex> barChart() {
  std::vector<Vertex> v;
  constexpr int kBars = 16;
  for (int i = 0; i < kBars; ++i) {
    const float t = float(i) / (kBars - 1);
    const float h = 0.85f * std::exp(-2.0f * t) +
                    0.35f * std::exp(-40.0f * (t - 0.3f) * (t - 0.3f)) +
                    0.25f * std::exp(-60.0f * (t - 0.75f) * (t - 0.75f)) + 0.05f;
    const float x0 = (i + 0.15f) / kBars, x1 = (i + 0.85f) / kBars;
    const float y1 = std::min(h, 0.98f);
    const float r = t, g = 0.3f, b = 1.0f - t;
    const Vertex q[6] = {{x0, 0, r, g, b, 1}, {x1, 0, r, g, b, 1},  {x1, y1, r, g, b, 1},
                         {x0, 0, r, g, b, 1}, {x1, y1, r, g, b, 1}, {x0, y1, r, g, b, 1}};
    v.insert(v.end(), q, q + 6);
  }
  return v;
}

class GlWrappers : public ::testing::TestWithParam<GlApi> {};

TEST_P(GlWrappers, CapabilitiesMatchTheRequestedApi) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const auto& caps = ctx->caps();
  EXPECT_EQ(caps.es, GetParam() == GlApi::Es30) << caps.version;
  EXPECT_GE(caps.major, 3);
  EXPECT_FALSE(caps.renderer.empty());
  EXPECT_FALSE(caps.glslVersion.empty());
  EXPECT_FALSE(caps.extensions.empty());
  EXPECT_TRUE(std::is_sorted(caps.extensions.begin(), caps.extensions.end()));
  const std::string report = caps.report();
  EXPECT_NE(report.find(caps.renderer), std::string::npos);
  EXPECT_NE(report.find(caps.es ? "#version 300 es" : "#version 330 core"), std::string::npos);
#if defined(PHOSPHENE_GL_NATIVE_GLES3)
  // A GLES-only build (PHOSPHENE_GLES_ONLY, Emscripten) has no loader for extension entry
  // points, so it never offers KHR_debug, whatever the driver has.
  EXPECT_FALSE(caps.hasDebugOutput());
#else
  // llvmpipe has KHR_debug in both APIs; the harness relies on it to see GL errors.
  if (caps.renderer.find("llvmpipe") != std::string::npos) {
    EXPECT_TRUE(caps.hasDebugOutput());
  }
#endif
}

TEST_P(GlWrappers, CompileErrorCarriesTheDriverLogAndSourceLine) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  const char* broken =
      "#ifdef VERTEX_SHADER\n"
      "void main() { gl_Position = vec4(0.0); }\n"
      "#endif\n"
      "#ifdef FRAGMENT_SHADER\n"
      "out vec4 c;\n"
      "void main() { c = undefinedThing; }\n"  // line 6 of the source
      "#endif\n";
  auto program = gl::ShaderProgram::create(ctx->caps().dialect(), broken, "broken");
  ASSERT_FALSE(program.ok());
  const auto& d = program.diagnostics().front();
  EXPECT_EQ(d.id, core::DiagnosticId::GlShaderCompile);
  EXPECT_EQ(d.section, "broken.frag");
  EXPECT_NE(d.message.find("undefinedThing"), std::string::npos) << d.message;
  if (ctx->caps().renderer.find("llvmpipe") != std::string::npos) {
    EXPECT_EQ(d.line, 6) << d.message;
  }
}

TEST_P(GlWrappers, LinkErrorIsReported) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  // Each stage compiles alone, but the varying's type differs between them: a link-time error.
  const char* mismatched =
      "#ifdef VERTEX_SHADER\n"
      "out vec2 vShared;\n"
      "void main() { vShared = vec2(1.0); gl_Position = vec4(0.0); }\n"
      "#endif\n"
      "#ifdef FRAGMENT_SHADER\n"
      "in vec4 vShared;\n"
      "out vec4 c;\n"
      "void main() { c = vShared; }\n"
      "#endif\n";
  auto program = gl::ShaderProgram::create(ctx->caps().dialect(), mismatched, "mismatched");
  ASSERT_FALSE(program.ok());
  EXPECT_EQ(program.diagnostics().front().id, core::DiagnosticId::GlProgramLink);
  EXPECT_FALSE(program.diagnostics().front().message.empty());
}

TEST_P(GlWrappers, ObjectsMoveAndBufferUpdatesStayInRange) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  auto buffer = gl::Buffer::create(GL_ARRAY_BUFFER, 64, nullptr);
  ASSERT_TRUE(buffer.ok());
  const GLuint name = buffer->id();
  gl::Buffer moved = std::move(*buffer);
  EXPECT_EQ(moved.id(), name);
  EXPECT_EQ(buffer->id(), 0u);
  const float data[4] = {1, 2, 3, 4};
  EXPECT_TRUE(moved.update(48, sizeof data, data));
  EXPECT_FALSE(moved.update(56, sizeof data, data));
  EXPECT_TRUE(glIsBuffer(name));
  moved = gl::Buffer();
  EXPECT_FALSE(glIsBuffer(name));
  core::Diagnostics errors;
  EXPECT_TRUE(gl::drainGlErrors("test", errors));
  EXPECT_TRUE(ctx->debugErrors().empty());
}

TEST_P(GlWrappers, SamplerCarriesItsFilterAndWrapAndIsDeletedWithItsOwner) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  for (const GLenum filter : {GL_LINEAR, GL_NEAREST})
    for (const GLenum wrap : {GL_REPEAT, GL_CLAMP_TO_EDGE}) {
      auto sampler = gl::Sampler::create(filter, wrap);
      ASSERT_TRUE(sampler.ok());
      const GLuint name = sampler->id();
      ASSERT_TRUE(glIsSampler(name));
      for (const GLenum p : {GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER}) {
        GLint v = 0;
        glGetSamplerParameteriv(name, p, &v);
        EXPECT_EQ(v, static_cast<GLint>(filter)) << std::hex << p;
      }
      for (const GLenum p : {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R}) {
        GLint v = 0;
        glGetSamplerParameteriv(name, p, &v);
        EXPECT_EQ(v, static_cast<GLint>(wrap)) << std::hex << p;
      }
      gl::Sampler moved = std::move(*sampler);
      EXPECT_EQ(moved.id(), name);
      EXPECT_FALSE(*sampler);
      moved = gl::Sampler();
      EXPECT_FALSE(glIsSampler(name));
    }
  core::Diagnostics errors;
  EXPECT_TRUE(gl::drainGlErrors("test", errors));
  EXPECT_TRUE(ctx->debugErrors().empty());
}

TEST_P(GlWrappers, FramebufferRejectsImpossibleSizes) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  auto fb = gl::Framebuffer::create({0, 16});
  ASSERT_FALSE(fb.ok());
  EXPECT_EQ(fb.diagnostics().front().id, core::DiagnosticId::GlError);
  auto huge = gl::Framebuffer::create({ctx->caps().maxTextureSize + 1, 4});
  EXPECT_FALSE(huge.ok());
}

TEST_P(GlWrappers, DebugOutputReportsAnInvalidCall) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  if (!ctx->caps().hasDebugOutput()) GTEST_SKIP() << "no KHR_debug on " << ctx->caps().renderer;
  glBindBuffer(0x1234, 0);  // not a buffer target: GL_INVALID_ENUM
  core::Diagnostics errors;
  EXPECT_FALSE(gl::drainGlErrors("deliberate bad call", errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].message.find("GL_INVALID_ENUM"), std::string::npos);
  EXPECT_EQ(ctx->debugErrors().size(), 1u);
}

TEST_P(GlWrappers, TextureUploadIsSampledBack) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  // A 2x2 texture drawn 1:1 with nearest filtering into a 2x2 target returns its texels.
  const char* blit =
      "#ifdef VERTEX_SHADER\n"
      "layout(location = 0) in vec2 aPos;\n"
      "out vec2 vUv;\n"
      "void main() { vUv = aPos * 0.5 + 0.5; gl_Position = vec4(aPos, 0.0, 1.0); }\n"
      "#endif\n"
      "#ifdef FRAGMENT_SHADER\n"
      "in vec2 vUv;\n"
      "uniform sampler2D uTex;\n"
      "out vec4 c;\n"
      "void main() { c = texture(uTex, vUv); }\n"
      "#endif\n";
  auto program = gl::ShaderProgram::create(ctx->caps().dialect(), blit, "blit");
  ASSERT_TRUE(program.ok()) << program.diagnostics().front().format();
  auto texture = gl::Texture2D::create({2, 2, GL_RGBA8, GL_NEAREST});
  ASSERT_TRUE(texture.ok());
  const std::uint8_t texels[16] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 99, 199, 255};
  EXPECT_TRUE(texture->uploadRgba8(texels));
  auto floatTexture = gl::Texture2D::create({2, 2, GL_RGBA16F});
  ASSERT_TRUE(floatTexture.ok());
  EXPECT_FALSE(floatTexture->uploadRgba8(texels));
  const float quad[12] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};
  auto vbo = gl::Buffer::create(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
  ASSERT_TRUE(vbo.ok());
  auto vao = gl::VertexArray::create();
  ASSERT_TRUE(vao.ok());
  vao->attribute(0, *vbo, 2, GL_FLOAT, false, 2 * sizeof(float), 0);
  auto fb = gl::Framebuffer::create({2, 2});
  ASSERT_TRUE(fb.ok());
  fb->bind();
  program->use();
  texture->bind(0);
  glUniform1i(program->uniformLocation("uTex"), 0);
  vao->bind();
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glBindVertexArray(0);
  std::vector<std::uint8_t> out;
  fb->readRgba8(out);
  EXPECT_EQ(out, std::vector<std::uint8_t>(texels, texels + 16));
  EXPECT_EQ(program->uniformLocation("noSuchUniform"), -1);
  core::Diagnostics errors;
  EXPECT_TRUE(gl::drainGlErrors("texture test", errors));
  EXPECT_TRUE(ctx->debugErrors().empty());
}

TEST_P(GlWrappers, SpectrumBarChartMatchesGolden) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, GetParam());
  auto program = gl::ShaderProgram::create(ctx->caps().dialect(), kBarShader, "bars");
  ASSERT_TRUE(program.ok()) << program.diagnostics().front().format();
  const auto vertices = barChart();
  auto vbo = gl::Buffer::create(GL_ARRAY_BUFFER, vertices.size() * sizeof(Vertex), vertices.data(),
                                GL_STATIC_DRAW);
  ASSERT_TRUE(vbo.ok());
  auto vao = gl::VertexArray::create();
  ASSERT_TRUE(vao.ok());
  vao->attribute(0, *vbo, 2, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, x));
  vao->attribute(1, *vbo, 4, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, r));
  auto fb = gl::Framebuffer::create({96, 64});
  ASSERT_TRUE(fb.ok()) << fb.diagnostics().front().format();

  fb->bind();
  glClearColor(0.05f, 0.05f, 0.08f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  program->use();
  glUniform1f(program->uniformLocation("uGain"), 1.0f);
  vao->bind();
  glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(vertices.size()));
  glBindVertexArray(0);
  const auto image = readFramebuffer(*fb);
  core::Diagnostics errors;
  EXPECT_TRUE(gl::drainGlErrors("bar chart", errors)) << errors.front().format();
  EXPECT_TRUE(ctx->debugErrors().empty());

  // Independent of the golden: the first bar is tall and blue, the top-right corner is clear.
  const auto* lowLeft = image.at(3, 60);
  EXPECT_GT(lowLeft[2], 200);
  EXPECT_LT(lowLeft[0], 40);
  const auto* topRight = image.at(94, 1);
  EXPECT_LT(topRight[0] + topRight[1] + topRight[2], 60);

  // Flat-shaded axis-aligned quads: llvmpipe renders them exactly, so the bar is high.
  const auto result = compareWithGolden("spectrum_bars", image, {45.0, 0.995});
  EXPECT_TRUE(result.passed) << result.message;
}

INSTANTIATE_TEST_SUITE_P(Api, GlWrappers, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
