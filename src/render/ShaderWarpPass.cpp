#include "render/ShaderWarpPass.hpp"

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <string>

#include "gl/GlErrors.hpp"
#include "render/WarpMeshBuffers.hpp"

namespace phosphene::render {
namespace {

static_assert(sizeof(preset::Vec2) == 2 * sizeof(float),
              "WarpGridTexture reads Vec2s as float pairs");

constexpr float kPi = 3.1415926535897932384626433832795f;

constexpr const char* kVertex = R"(
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec4 aUv;
layout(location = 2) in vec2 aRadAng;
layout(location = 3) in float aAlpha;
uniform bool _phos_pixel_inputs;
out vec4 _phos_in_vDiffuse;
out vec4 _phos_in_uv;
out vec2 _phos_in_rad_ang;
void main() {
  _phos_in_vDiffuse = vec4(1.0, 1.0, 1.0, aAlpha);
  _phos_in_uv = aUv;
  _phos_in_rad_ang = aRadAng;
  gl_Position = _phos_pixel_inputs  // vertices 0..2: one triangle over the viewport
      ? vec4(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0, 0.0, 1.0)
      : vec4(aPos, 0.0, 1.0);
}
)";

// Pixel mode: uv_orig is the pixel's screen UV plus MD2's texel offset (linear over the mesh),
// _vDiffuse white with alpha 1 (no transition mask).
constexpr PixelInput kPixelInputs[] = {
    {"_vDiffuse", "vec4(1.0)"},
    {"_uv",
     "vec4(_phos_mesh_value(_phos_uv_grid, _phos_grid_cells, _phos_cells_per_pixel), "
     "vec2(gl_FragCoord.x, float(_phos_size.y) - gl_FragCoord.y) / vec2(_phos_size) + "
     "_phos_uv_orig_offset)"},
    kRadAngPixelInput,
};

}  // namespace

const char* ShaderWarpPass::vertexSource() {
  return kVertex;
}

FragmentAdapter ShaderWarpPass::fragmentAdapter(const shader::TranslatedShader&) {
  constexpr int n = static_cast<int>(std::size(kPixelInputs));
  return {[](std::string f) { return adaptFragmentInputs(std::move(f), kPixelInputs, n, true); },
          true};
}

core::Diagnostics ShaderWarpPass::init(gl::GlslDialect dialect) {
  auto vao = gl::VertexArray::create();
  if (!vao) return std::move(vao.diagnostics());
  vao_ = std::move(*vao);
  auto radAngMap = createInputMapProgram(dialect, "aRadAng", "warp rad/ang map");
  if (!radAngMap) return std::move(radAngMap.diagnostics());
  radAngProgram_ = std::move(*radAngMap);
  uvGrid_ = {};
  radAngMap_ = {};
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
  lastPixelInputs_ = false;
  const auto& mesh = frame.mesh;
  const auto& g = mesh.geometry;
  const std::size_t count = g.vertexCount();
  if (!program || g.gridX <= 0 || g.gridY <= 0 || mesh.uv.size() != count ||
      g.uvOrig.size() != count || g.rad.size() != count || g.ang.size() != count ||
      count != static_cast<std::size_t>(g.gridX + 1) * static_cast<std::size_t>(g.gridY + 1))
    return false;
  if (!prepareMesh(g.gridX, g.gridY, count)) return false;
  pointPixelInputMaps(program);

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
  meshUploaded_ = false;  // drawHalves uploads: pixel mode rarely draws the mesh

  lastPixelInputs_ = !hasAlpha || std::all_of(mesh.alpha.begin(), mesh.alpha.end(),
                                              [](float a) { return a == 1.0f; });
  lastPixelInputs_ = lastPixelInputs_ && drawWithPixelInputs(mesh, program, blend);
  if (!lastPixelInputs_) {
    applyPassBlend(blend);
    drawHalves(g);
  }
  gl::drainGlErrors("ShaderWarpPass::draw", errors_);
  return true;
}

void ShaderWarpPass::drawHalves(const preset::MeshGeometry& g) {
  if (!meshUploaded_) {
    mesh_.vertices().update(0, g.vertexCount() * sizeof(Vertex), scratch_.data());
    meshUploaded_ = true;
  }
  const std::size_t seamStart =
      static_cast<std::size_t>(g.gridY / 2) * static_cast<std::size_t>(g.gridX + 1);
  const std::size_t seamCount = static_cast<std::size_t>(g.gridX / 2);
  const auto setSeam = [&](float ang) {
    for (std::size_t i = 0; i < seamCount; ++i) scratch_[seamStart + i].ang = ang;
    if (seamCount > 0)
      mesh_.vertices().update(seamStart * sizeof(Vertex), seamCount * sizeof(Vertex),
                              scratch_.data() + seamStart);
  };
  setSeam(-kPi);
  vao_.bind();
  // WarpedBlit_Shaders: primCount = gx·gy·2 / 2 triangles per half.
  const GLsizei half = static_cast<GLsizei>(g.gridX * g.gridY) * 3;
  glDrawElements(GL_TRIANGLES, half, GL_UNSIGNED_INT, nullptr);
  setSeam(kPi);
  glDrawElements(
      GL_TRIANGLES, mesh_.indexCount() - half, GL_UNSIGNED_INT,
      reinterpret_cast<const void*>(static_cast<std::size_t>(half) * sizeof(std::uint32_t)));
  glBindVertexArray(0);
}

bool ShaderWarpPass::drawWithPixelInputs(const preset::WarpMeshState& mesh,
                                         const PresetShaderProgram& program, PassBlend blend) {
  const preset::MeshGeometry& g = mesh.geometry;
  const std::vector<preset::Vec2>& uv = mesh.uv;
  std::array<int, 2> viewport{};
  if (!pixelInputsUsable(program, viewport)) return false;
  const bool readsUv = program.uniformLocation("_phos_uv_grid") >= 0;
  const bool readsRadAng = program.uniformLocation("_phos_rad_ang_map") >= 0;
  bool radAngFresh = false;
  if (readsRadAng && !radAngMap_.prepare(viewport[0], viewport[1], radAngFresh)) return false;
  // Vec2 is two packed floats (static_assert above): the warped UVs upload as they are.
  if (readsUv &&
      !uvGrid_.prepareDraw(g.gridX, g.gridY, reinterpret_cast<const float*>(uv.data()),
                           uvGridUnit(program), program.uniformLocation("_phos_grid_cells"),
                           program.uniformLocation("_phos_cells_per_pixel"), viewport, errors_))
    return false;
  if (readsRadAng) {
    const std::array<int, 4> key{g.gridX, g.gridY, g.canvasWidth, g.canvasHeight};
    if (radAngFresh || radAngMesh_ != key) {
      radAngMesh_ = key;
      radAngMap_.render([&] {
        radAngProgram_.use();
        drawHalves(g);
      });
    }
    radAngMap_.bind(radAngMapUnit(program));
  }
  // uv_orig minus the screen UV: MD2's texel offset, the same at every vertex.
  const float du = g.uvOrig[0].x - (g.position[0].x * 0.5f + 0.5f);
  const float dv = g.uvOrig[0].y - (0.5f - g.position[0].y * 0.5f);
  glUniform2f(program.uniformLocation("_phos_uv_orig_offset"), du, dv);
  drawPixelTriangle(program, viewport, vao_, blend);
  if (readsUv) WarpGridTexture::unbind(uvGridUnit(program));
  if (readsRadAng) PixelInputMap::unbind(radAngMapUnit(program));
  return true;
}

}  // namespace phosphene::render
