#include "render/ShaderWarpPass.hpp"

#include <cstddef>

#include "gl/GlErrors.hpp"
#include "render/WarpMeshBuffers.hpp"

namespace phosphene::render {
namespace {

constexpr float kPi = 3.1415926535897932384626433832795f;

constexpr const char* kVertex = R"(
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec4 aUv;
layout(location = 2) in vec2 aRadAng;
layout(location = 3) in float aAlpha;
out vec4 _vDiffuse;
out vec4 _uv;
out vec2 _rad_ang;
void main() {
  _vDiffuse = vec4(1.0, 1.0, 1.0, aAlpha);
  _uv = aUv;
  _rad_ang = aRadAng;
  gl_Position = vec4(aPos, 0.0, 1.0);
}
)";

}  // namespace

const char* ShaderWarpPass::vertexSource() {
  return kVertex;
}

core::Diagnostics ShaderWarpPass::init() {
  auto vao = gl::VertexArray::create();
  if (!vao) return std::move(vao.diagnostics());
  vao_ = std::move(*vao);
  mesh_.reset();
  return {};
}

bool ShaderWarpPass::prepareMesh(int gridX, int gridY, std::size_t vertexCount) {
  const auto prepared = mesh_.prepare(vao_, gridX, gridY, vertexCount * sizeof(Vertex), errors_);
  if (prepared == WarpMeshBuffers::Prepared::Failed) return false;
  if (prepared == WarpMeshBuffers::Prepared::Unchanged) return true;
  vao_.attribute(0, mesh_.vertices(), 2, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, x));
  vao_.attribute(1, mesh_.vertices(), 4, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, u));
  vao_.attribute(2, mesh_.vertices(), 2, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, rad));
  vao_.attribute(3, mesh_.vertices(), 1, GL_FLOAT, false, sizeof(Vertex), offsetof(Vertex, alpha));
  scratch_.resize(vertexCount);
  return true;
}

bool ShaderWarpPass::draw(const preset::FrameState& frame, const PresetShaderProgram& program,
                          PassBlend blend) {
  errors_.clear();
  const auto& mesh = frame.mesh;
  const auto& g = mesh.geometry;
  const std::size_t count = g.vertexCount();
  if (!program || g.gridX <= 0 || g.gridY <= 0 || mesh.uv.size() != count ||
      g.uvOrig.size() != count || g.rad.size() != count || g.ang.size() != count ||
      count != static_cast<std::size_t>(g.gridX + 1) * static_cast<std::size_t>(g.gridY + 1))
    return false;
  if (!prepareMesh(g.gridX, g.gridY, count)) return false;

  const bool hasAlpha = mesh.alpha.size() == count;
  for (std::size_t i = 0; i < count; ++i) {
    Vertex& v = scratch_[i];
    v.x = g.position[i].x;
    v.y = g.position[i].y;
    v.u = mesh.uv[i].x;
    v.v = mesh.uv[i].y;
    v.uo = g.uvOrig[i].x;
    v.vo = g.uvOrig[i].y;
    v.rad = static_cast<float>(g.rad[i]);
    v.ang = static_cast<float>(g.ang[i]);
    v.alpha = hasAlpha ? mesh.alpha[i] : 1.0f;
  }
  const std::size_t seamStart =
      static_cast<std::size_t>(g.gridY / 2) * static_cast<std::size_t>(g.gridX + 1);
  const std::size_t seamCount = static_cast<std::size_t>(g.gridX / 2);
  for (std::size_t i = 0; i < seamCount; ++i) scratch_[seamStart + i].ang = -kPi;
  mesh_.vertices().update(0, count * sizeof(Vertex), scratch_.data());

  applyPassBlend(blend);
  vao_.bind();
  // WarpedBlit_Shaders: primCount = gx·gy·2 / 2 triangles per half.
  const GLsizei half = static_cast<GLsizei>(g.gridX * g.gridY) * 3;
  glDrawElements(GL_TRIANGLES, half, GL_UNSIGNED_INT, nullptr);
  for (std::size_t i = 0; i < seamCount; ++i) scratch_[seamStart + i].ang = kPi;
  if (seamCount > 0)
    mesh_.vertices().update(seamStart * sizeof(Vertex), seamCount * sizeof(Vertex),
                            scratch_.data() + seamStart);
  glDrawElements(
      GL_TRIANGLES, mesh_.indexCount() - half, GL_UNSIGNED_INT,
      reinterpret_cast<const void*>(static_cast<std::size_t>(half) * sizeof(std::uint32_t)));
  glBindVertexArray(0);
  gl::drainGlErrors("ShaderWarpPass::draw", errors_);
  return true;
}

}  // namespace phosphene::render
