#include "render/WarpPass.hpp"

#include <cmath>
#include <cstddef>

#include "gl/GlErrors.hpp"
#include "preset/D3dColor.hpp"
#include "render/WarpMeshBuffers.hpp"

namespace phosphene::render {
namespace {

constexpr const char* kShader = R"(
#ifdef VERTEX_SHADER
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec2 aTex;
layout(location = 2) in float aAlpha;
out vec2 vTex;
out float vAlpha;
void main() {
  vTex = aTex;
  vAlpha = aAlpha;
  gl_Position = vec4(aPos, 0.0, 1.0);
}
#endif
#ifdef FRAGMENT_SHADER
uniform sampler2D uSource;
uniform float uDecay;
in vec2 vTex;
in float vAlpha;
layout(location = 0) out vec4 fragColor;
void main() { fragColor = vec4(texture(uSource, vTex).rgb * uDecay, vAlpha); }
#endif
)";

}  // namespace

gl::GlName<SamplerObjectTraits> makeBilinearSampler(GLenum wrap) {
  GLuint name = 0;
  glGenSamplers(1, &name);
  glSamplerParameteri(name, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glSamplerParameteri(name, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glSamplerParameteri(name, GL_TEXTURE_WRAP_S, static_cast<GLint>(wrap));
  glSamplerParameteri(name, GL_TEXTURE_WRAP_T, static_cast<GLint>(wrap));
  return gl::GlName<SamplerObjectTraits>(name);
}

core::Diagnostics WarpPass::init(gl::GlslDialect dialect) {
  auto program = gl::ShaderProgram::create(dialect, kShader, "warp");
  if (!program) return std::move(program.diagnostics());
  program_ = std::move(*program);
  decayLocation_ = program_.uniformLocation("uDecay");
  program_.use();
  glUniform1i(program_.uniformLocation("uSource"), 0);
  glUseProgram(0);
  auto vao = gl::VertexArray::create();
  if (!vao) return std::move(vao.diagnostics());
  vao_ = std::move(*vao);
  wrapSampler_ = makeBilinearSampler(GL_REPEAT);
  clampSampler_ = makeBilinearSampler(GL_CLAMP_TO_EDGE);
  mesh_.reset();
  core::Diagnostics errors;
  gl::drainGlErrors("WarpPass::init", errors);
  return errors;
}

float WarpPass::effectiveDecay(double decay, BuiltinStyle style) {
  if (style == BuiltinStyle::FixedFunction) return preset::d3dChannel(decay);
  // "%.2f" in GenWarpPShaderText.
  return static_cast<float>(std::round(decay * 100.0) / 100.0);
}

bool WarpPass::prepareMesh(int gridX, int gridY, std::size_t vertexCount) {
  const auto prepared = mesh_.prepare(vao_, gridX, gridY, vertexCount * sizeof(Vertex), errors_);
  if (prepared == WarpMeshBuffers::Prepared::Failed) return false;
  if (prepared == WarpMeshBuffers::Prepared::Unchanged) return true;
  vao_.attribute(0, mesh_.vertices(), 2, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, x));
  vao_.attribute(1, mesh_.vertices(), 2, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, s));
  vao_.attribute(2, mesh_.vertices(), 1, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, alpha));
  scratch_.resize(vertexCount);
  return true;
}

bool WarpPass::draw(const preset::FrameState& frame, const gl::Texture2D& source,
                    BuiltinStyle style, PassBlend blend) {
  errors_.clear();
  const auto& mesh = frame.mesh;
  const auto& geometry = mesh.geometry;
  const std::size_t count = geometry.vertexCount();
  if (!program_ || geometry.gridX <= 0 || geometry.gridY <= 0 || mesh.uv.size() != count ||
      count != static_cast<std::size_t>(geometry.gridX + 1) *
                   static_cast<std::size_t>(geometry.gridY + 1))
    return false;
  if (!prepareMesh(geometry.gridX, geometry.gridY, count)) return false;

  const bool hasAlpha = mesh.alpha.size() == count;
  for (std::size_t i = 0; i < count; ++i) {
    Vertex& v = scratch_[i];
    v.x = geometry.position[i].x;
    v.y = geometry.position[i].y;
    v.s = mesh.uv[i].x;
    v.t = 1.0f - mesh.uv[i].y;  // spec UV has v = 0 at the top; GL's t = 0 is the bottom row
    v.alpha = hasAlpha ? mesh.alpha[i] : 1.0f;
  }
  mesh_.vertices().update(0, count * sizeof(Vertex), scratch_.data());

  program_.use();
  glUniform1f(decayLocation_, effectiveDecay(frame.vars.decay, style));
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, source.id());
  glBindSampler(0, wraps(frame.vars.wrap) ? wrapSampler_.get() : clampSampler_.get());
  applyPassBlend(blend);
  vao_.bind();
  glDrawElements(GL_TRIANGLES, mesh_.indexCount(), GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
  glBindSampler(0, 0);
  gl::drainGlErrors("WarpPass::draw", errors_);
  return true;
}

}  // namespace phosphene::render
