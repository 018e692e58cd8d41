#include "render/ShapePass.hpp"

#include "gl/GlErrors.hpp"

namespace phosphene::render {
namespace {

// Saves and restores what binding the canvas texture to unit 0 changes.
class TextureUnitScope {
 public:
  TextureUnitScope() {
    glGetIntegerv(GL_ACTIVE_TEXTURE, &active_);
    glActiveTexture(GL_TEXTURE0);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture_);
    glGetIntegerv(GL_SAMPLER_BINDING, &sampler_);
  }
  ~TextureUnitScope() {
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture_));
    glBindSampler(0, static_cast<GLuint>(sampler_));
    glActiveTexture(static_cast<GLenum>(active_));
  }
  TextureUnitScope(const TextureUnitScope&) = delete;
  TextureUnitScope& operator=(const TextureUnitScope&) = delete;

 private:
  GLint active_ = GL_TEXTURE0, texture_ = 0, sampler_ = 0;
};

ColorVertex shapeVertex(const preset::ShapeVertex& s) {
  ColorVertex v = colorVertex(s.x, s.y, s.colour);
  // ShapeGeometry's UV has v = 0 at the top; the canvas texture keeps row 0 at the bottom.
  v.u = s.u;
  v.t = 1.0f - s.v;
  return v;
}

}  // namespace

core::Diagnostics ShapePass::init(gl::GlslDialect dialect) {
  auto program = ColorVertexProgram::create(dialect, "ShapePass");
  if (!program) return program.diagnostics();
  auto batch = ColorVertexBatch::create(4096);
  if (!batch) return batch.diagnostics();
  auto sampler = gl::Sampler::create(GL_LINEAR, GL_REPEAT);
  if (!sampler) return std::move(sampler.diagnostics());
  sampler_ = std::move(*sampler);
  program_ = std::move(*program);
  batch_ = std::move(*batch);
  return {};
}

void ShapePass::addInstance(const preset::ShapeInstance& shape) {
  preset::buildShapeGeometry(shape, aspect_, alphaMultiplier_, geometry_);
  const auto& fan = geometry_.fan;
  if (fan.size() < 3) return;
  auto& v = batch_.vertices;
  const BlendMode blend = shape.additive ? BlendMode::Additive : BlendMode::Alpha;
  // The fan as separate triangles, so untextured instances without a border share one draw call;
  // a convex fan rasterises the same either way.
  const std::size_t fillFirst = v.size();
  const ColorVertex centre = shapeVertex(fan[0]);
  for (std::size_t j = 1; j + 1 < fan.size(); ++j) {
    v.push_back(centre);
    v.push_back(shapeVertex(fan[j]));
    v.push_back(shapeVertex(fan[j + 1]));
  }
  batch_.addDraw(GL_TRIANGLES, fillFirst, blend, shape.textured);

  if (geometry_.border.size() < 2) return;  // border_a <= 0: no outline
  const std::size_t borderFirst = v.size();
  for (const auto& p : geometry_.border) v.push_back(colorVertex(p.x, p.y, geometry_.borderColour));
  batch_.addDraw(GL_LINE_STRIP, borderFirst, blend, false, shape.thickOutline ? 4 : 1);
}

void ShapePass::draw(const preset::FrameState& frame, const CanvasInfo& canvas,
                     double alphaMultiplier) {
  errors_.clear();
  if (!program_ || canvas.width <= 0 || canvas.height <= 0) return;
  aspect_ = aspectOf(canvas);
  alphaMultiplier_ = alphaMultiplier;
  batch_.clear();
  bool anyTextured = false;
  for (const auto& shape : frame.customShapes) {
    for (const auto& instance : shape.instances) {
      addInstance(instance);
      anyTextured = anyTextured || instance.textured;
    }
  }
  if (batch_.draws.empty()) return;

  BlendStateScope keepBlend;
  if (!anyTextured || canvas.previousCanvas == nullptr) {
    // Without a previous canvas (the Renderer always has one) textured shapes keep their
    // colours alone rather than sample whatever unit 0 holds.
    for (auto& d : batch_.draws) d.textured = false;
    errors_ = batch_.submit(program_, 2.0f / static_cast<float>(canvas.width),
                            2.0f / static_cast<float>(canvas.height));
    return;
  }
  TextureUnitScope keepUnit;
  glBindTexture(GL_TEXTURE_2D, canvas.previousCanvas->id());
  glBindSampler(0, sampler_.id());
  errors_ = batch_.submit(program_, 2.0f / static_cast<float>(canvas.width),
                          2.0f / static_cast<float>(canvas.height));
}

}  // namespace phosphene::render
