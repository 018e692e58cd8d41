#include "render/ShaderCompPass.hpp"

#include <cstddef>
#include <iterator>
#include <string>

#include "gl/GlErrors.hpp"

namespace phosphene::render {
namespace {

constexpr const char* kVertex = R"(
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec2 aUv;
layout(location = 2) in vec2 aRadAng;
layout(location = 3) in vec4 aHue;
uniform bool _phos_pixel_inputs;
out vec4 _phos_in_vDiffuse;
out vec2 _phos_in_uv;
out vec2 _phos_in_rad_ang;
void main() {
  _phos_in_vDiffuse = aHue;
  _phos_in_uv = aUv;
  _phos_in_rad_ang = aRadAng;
  gl_Position = _phos_pixel_inputs  // vertices 0..2: one triangle over the viewport
      ? vec4(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0, 0.0, 1.0)
      : vec4(aPos, 0.0, 1.0);
}
)";

// Pixel mode: _uv from the pixel (the map is the viewport's size), hue unread (readsHueShader
// is false) and alpha 1 (no transition).
constexpr PixelInput kPixelInputs[] = {
    {"_vDiffuse", "vec4(1.0)"},
    {"_uv", "vec2(gl_FragCoord.x, float(_phos_size.y) - gl_FragCoord.y) / vec2(_phos_size)"},
    kRadAngPixelInput,
};

}  // namespace

const char* ShaderCompPass::vertexSource() {
  return kVertex;
}

FragmentAdapter ShaderCompPass::fragmentAdapter(const shader::TranslatedShader& shader) {
  constexpr int n = static_cast<int>(std::size(kPixelInputs));
  // hue_shader is per-vertex 8-bit colour: such shaders always draw the grid.
  if (shader.readsHueShader)
    return {[](std::string f) { return adaptFragmentInputs(std::move(f), kPixelInputs, n, false); },
            false};
  return {[](std::string f) { return adaptFragmentInputs(std::move(f), kPixelInputs, n, true); },
          true};
}

core::Diagnostics ShaderCompPass::init(gl::GlslDialect dialect) {
  auto vao = gl::VertexArray::create();
  if (!vao) return std::move(vao.diagnostics());
  vao_ = std::move(*vao);
  auto map = createInputMapProgram(dialect, "aRadAng", "comp rad/ang map");
  if (!map) return std::move(map.diagnostics());
  mapProgram_ = std::move(*map);
  map_ = {};
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

bool ShaderCompPass::drawWithPixelInputs(int canvasWidth, int canvasHeight,
                                         const PresetShaderProgram& program, PassBlend blend) {
  std::array<int, 2> viewport{};
  if (!pixelInputsUsable(program, viewport)) return false;
  const bool readsRadAng = program.uniformLocation("_phos_rad_ang_map") >= 0;
  if (readsRadAng) {
    bool fresh = false;
    if (!map_.prepare(viewport[0], viewport[1], fresh)) return false;
    if (fresh || mapCanvas_ != std::array<int, 2>{canvasWidth, canvasHeight}) {
      mapCanvas_ = {canvasWidth, canvasHeight};
      map_.render([&] {
        mapProgram_.use();
        vao_.bind();
        glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(grid_.indices.size()), GL_UNSIGNED_INT,
                       nullptr);
        glBindVertexArray(0);
      });
    }
    map_.bind(radAngMapUnit(program));
  }
  drawPixelTriangle(program, viewport, vao_, blend);
  if (readsRadAng) PixelInputMap::unbind(radAngMapUnit(program));
  return true;
}

void ShaderCompPass::draw(int canvasWidth, int canvasHeight,
                          const std::array<std::array<float, 3>, 4>& hueCorners,
                          const PresetShaderProgram& program,
                          const preset::WarpMeshState* blendMesh, PassBlend blend) {
  errors_.clear();
  lastPixelInputs_ = false;
  if (!program || !prepareGrid(canvasWidth, canvasHeight)) return;
  pointPixelInputMaps(program);
  // Outside transitions every vertex's alpha is 1, which pixel mode gives too.
  if ((blendMesh == nullptr || blend == PassBlend::Opaque) &&
      drawWithPixelInputs(canvasWidth, canvasHeight, program, blend)) {
    lastPixelInputs_ = true;
    gl::drainGlErrors("ShaderCompPass::draw", errors_);
    return;
  }
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
