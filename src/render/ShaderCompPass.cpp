#include "render/ShaderCompPass.hpp"

#include <cstddef>

#include "gl/GlErrors.hpp"

namespace phosphene::render {
namespace {

constexpr const char* kVertex = R"(
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec2 aUv;
layout(location = 2) in vec2 aRadAng;
layout(location = 3) in vec4 aHue;
out vec4 _vDiffuse;
out vec2 _uv;
out vec2 _rad_ang;
void main() {
  _vDiffuse = aHue;
  _uv = aUv;
  _rad_ang = aRadAng;
  gl_Position = vec4(aPos, 0.0, 1.0);
}
)";

}  // namespace

const char* ShaderCompPass::vertexSource() {
  return kVertex;
}

core::Diagnostics ShaderCompPass::init() {
  auto vao = gl::VertexArray::create();
  if (!vao) return std::move(vao.diagnostics());
  vao_ = std::move(*vao);
  canvasWidth_ = canvasHeight_ = -1;
  return {};
}

bool ShaderCompPass::prepareGrid(int canvasWidth, int canvasHeight) {
  if (canvasWidth == canvasWidth_ && canvasHeight == canvasHeight_ && geometry_.id() != 0)
    return true;
  grid_ = preset::makeCompositeGrid(canvasWidth, canvasHeight);
  using V = preset::CompositeGrid::Vertex;
  vao_.bind();
  auto ib =
      gl::Buffer::create(GL_ELEMENT_ARRAY_BUFFER, grid_.indices.size() * sizeof(std::uint32_t),
                         grid_.indices.data(), GL_STATIC_DRAW);
  auto gb = gl::Buffer::create(GL_ARRAY_BUFFER, grid_.vertices.size() * sizeof(V),
                               grid_.vertices.data(), GL_STATIC_DRAW);
  auto cb = gl::Buffer::create(GL_ARRAY_BUFFER, grid_.vertices.size() * 4 * sizeof(float), nullptr,
                               GL_DYNAMIC_DRAW);
  if (!ib || !gb || !cb) {
    glBindVertexArray(0);
    errors_ = !ib ? ib.diagnostics() : !gb ? gb.diagnostics() : cb.diagnostics();
    return false;
  }
  indices_ = std::move(*ib);
  geometry_ = std::move(*gb);
  colours_ = std::move(*cb);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.id());
  glBindVertexArray(0);
  vao_.attribute(0, geometry_, 2, GL_FLOAT, false, sizeof(V), offsetof(V, x));
  vao_.attribute(1, geometry_, 2, GL_FLOAT, false, sizeof(V), offsetof(V, u));
  vao_.attribute(2, geometry_, 2, GL_FLOAT, false, sizeof(V), offsetof(V, rad));
  vao_.attribute(3, colours_, 4, GL_FLOAT, false, 4 * sizeof(float), 0);
  canvasWidth_ = canvasWidth;
  canvasHeight_ = canvasHeight;
  return true;
}

void ShaderCompPass::draw(int canvasWidth, int canvasHeight,
                          const std::array<std::array<float, 3>, 4>& hueCorners,
                          const PresetShaderProgram& program,
                          const preset::WarpMeshState* blendMesh, PassBlend blend) {
  errors_.clear();
  if (!program || !prepareGrid(canvasWidth, canvasHeight)) return;
  preset::compositeHueColours(grid_, hueCorners, hueScratch_);
  const std::size_t n = grid_.vertices.size();
  if (blendMesh != nullptr && blend != PassBlend::Opaque)
    preset::compositeGridAlpha(grid_, *blendMesh, alphaScratch_);
  else
    alphaScratch_.assign(n, 1.0f);
  colourScratch_.resize(n * 4);
  for (std::size_t k = 0; k < n; ++k) {
    for (std::size_t c = 0; c < 3; ++c) colourScratch_[k * 4 + c] = hueScratch_[k * 3 + c];
    colourScratch_[k * 4 + 3] = alphaScratch_[k];
  }
  colours_.update(0, colourScratch_.size() * sizeof(float), colourScratch_.data());
  applyPassBlend(blend);
  vao_.bind();
  glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(grid_.indices.size()), GL_UNSIGNED_INT,
                 nullptr);
  glBindVertexArray(0);
  gl::drainGlErrors("ShaderCompPass::draw", errors_);
}

}  // namespace phosphene::render
