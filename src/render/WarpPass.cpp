#include "render/WarpPass.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <string>

#include "gl/GlErrors.hpp"
#include "preset/D3dColor.hpp"
#include "render/PixelInputs.hpp"
#include "render/WarpMeshBuffers.hpp"

namespace phosphene::render {
namespace {

// The mesh program (transitions: per-vertex blend mask) and the one-triangle program (every other
// frame: the mesh interpolated per pixel from WarpGridTexture) share the fragment's last line.
constexpr const char* kMeshShader = R"(
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

constexpr const char* kPixelVertex = R"(
#ifdef VERTEX_SHADER
void main() {  // vertices 0..2: one triangle covering the viewport
  gl_Position = vec4(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0, 0.0, 1.0);
}
#endif
#ifdef FRAGMENT_SHADER
uniform sampler2D uSource;
uniform highp sampler2D uGrid;
uniform ivec2 uCells;
uniform vec2 uCellsPerPixel;
uniform float uDecay;
layout(location = 0) out vec4 fragColor;
)";

constexpr const char* kPixelMain = R"(
void main() {
  fragColor = vec4(texture(uSource, _phos_mesh_value(uGrid, uCells, uCellsPerPixel)).rgb * uDecay,
                   1.0);
}
#endif
)";

constexpr int kGridUnit = 1;

}  // namespace

core::Diagnostics WarpPass::init(gl::GlslDialect dialect) {
  auto program = gl::ShaderProgram::create(dialect, kMeshShader, "warp");
  if (!program) return std::move(program.diagnostics());
  auto pixelProgram = gl::ShaderProgram::create(
      dialect, std::string(kPixelVertex) + meshInterpolationGlsl() + kPixelMain, "warp (pixel)");
  if (!pixelProgram) return std::move(pixelProgram.diagnostics());
  program_ = std::move(*program);
  decayLocation_ = program_.uniformLocation("uDecay");
  program_.use();
  glUniform1i(program_.uniformLocation("uSource"), 0);
  pixelProgram_ = std::move(*pixelProgram);
  pixelDecayLocation_ = pixelProgram_.uniformLocation("uDecay");
  pixelCellsLocation_ = pixelProgram_.uniformLocation("uCells");
  pixelCellsPerPixelLocation_ = pixelProgram_.uniformLocation("uCellsPerPixel");
  pixelProgram_.use();
  glUniform1i(pixelProgram_.uniformLocation("uSource"), 0);
  glUniform1i(pixelProgram_.uniformLocation("uGrid"), kGridUnit);
  glUseProgram(0);
  auto vao = gl::VertexArray::create();
  if (!vao) return std::move(vao.diagnostics());
  vao_ = std::move(*vao);
  auto pixelVao = gl::VertexArray::create();  // no attributes: core profiles need a VAO bound
  if (!pixelVao) return std::move(pixelVao.diagnostics());
  pixelVao_ = std::move(*pixelVao);
  core::Diagnostics errors = samplers_.init();
  if (!errors.empty()) return errors;
  mesh_.reset();
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
  lastDrawUsedPixels_ = false;
  const auto& mesh = frame.mesh;
  const auto& geometry = mesh.geometry;
  const std::size_t count = geometry.vertexCount();
  if (!program_ || geometry.gridX <= 0 || geometry.gridY <= 0 || mesh.uv.size() != count ||
      count != static_cast<std::size_t>(geometry.gridX + 1) *
                   static_cast<std::size_t>(geometry.gridY + 1))
    return false;
  const float decay = effectiveDecay(frame.vars.decay, style);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, source.id());
  glBindSampler(0, samplers_.pick(wraps(frame.vars.wrap)));
  applyPassBlend(blend);
  const bool masked =
      std::any_of(mesh.alpha.begin(), mesh.alpha.end(), [](float a) { return a != 1.0f; });
  std::array<int, 2> viewport{};
  lastDrawUsedPixels_ = !masked && viewportAtOrigin(viewport);
  const bool drawn =
      lastDrawUsedPixels_ ? drawPixels(mesh, decay, viewport) : drawMesh(mesh, decay);
  glBindSampler(0, 0);
  gl::drainGlErrors("WarpPass::draw", errors_);
  return drawn;
}

bool WarpPass::drawPixels(const preset::WarpMeshState& mesh, float decay,
                          const std::array<int, 2>& viewport) {
  const auto& g = mesh.geometry;
  const std::size_t count = g.vertexCount();
  gridScratch_.resize(count * 2);
  for (std::size_t i = 0; i < count; ++i) {
    gridScratch_[2 * i] = mesh.uv[i].x;
    gridScratch_[2 * i + 1] = 1.0f - mesh.uv[i].y;  // as the mesh's t (drawMesh)
  }
  pixelProgram_.use();
  glUniform1f(pixelDecayLocation_, decay);
  if (!grid_.prepareDraw(g.gridX, g.gridY, gridScratch_.data(), kGridUnit, pixelCellsLocation_,
                         pixelCellsPerPixelLocation_, viewport, errors_))
    return false;
  pixelVao_.bind();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  WarpGridTexture::unbind(kGridUnit);
  return true;
}

bool WarpPass::drawMesh(const preset::WarpMeshState& mesh, float decay) {
  const auto& g = mesh.geometry;
  const std::size_t count = g.vertexCount();
  if (!prepareMesh(g.gridX, g.gridY, count)) return false;
  const bool hasAlpha = mesh.alpha.size() == count;
  for (std::size_t i = 0; i < count; ++i) {
    Vertex& v = scratch_[i];
    v.x = g.position[i].x;
    v.y = g.position[i].y;
    v.s = mesh.uv[i].x;
    v.t = 1.0f - mesh.uv[i].y;  // spec UV has v = 0 at the top; GL's t = 0 is the bottom row
    v.alpha = hasAlpha ? mesh.alpha[i] : 1.0f;
  }
  mesh_.vertices().update(0, count * sizeof(Vertex), scratch_.data());
  program_.use();
  glUniform1f(decayLocation_, decay);
  vao_.bind();
  glDrawElements(GL_TRIANGLES, mesh_.indexCount(), GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
  return true;
}

}  // namespace phosphene::render
