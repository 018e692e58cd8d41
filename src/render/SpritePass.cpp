#include "render/SpritePass.hpp"

namespace phosphene::render {
namespace {

// A fan of `n` points as triangles (centre, k, k+1).
template <typename Point, typename Colour>
void addFan(std::vector<ColorVertex>& out, const Point* p, std::size_t n, Colour colourOf) {
  for (std::size_t k = 1; k + 1 < n; ++k) {
    out.push_back(colorVertex(p[0].x, p[0].y, colourOf(0)));
    out.push_back(colorVertex(p[k].x, p[k].y, colourOf(k)));
    out.push_back(colorVertex(p[k + 1].x, p[k + 1].y, colourOf(k + 1)));
  }
}

void addBand(std::vector<ColorVertex>& out, const preset::BorderBand& band) {
  if (!band.visible) return;
  for (const auto& quad : band.quads)
    addFan(out, quad.data(), quad.size(), [&](std::size_t) { return band.colour; });
}

}  // namespace

core::Diagnostics SpritePass::init(gl::GlslDialect dialect) {
  auto program = ColorVertexProgram::create(dialect, "SpritePass");
  if (!program) return program.diagnostics();
  auto batch = ColorVertexBatch::create(64);  // 4 + 2·4·2 triangles at most
  if (!batch) return batch.diagnostics();
  program_ = std::move(*program);
  batch_ = std::move(*batch);
  return {};
}

void SpritePass::draw(const preset::FrameState& frame, const CanvasInfo& canvas) {
  errors_.clear();
  if (!program_ || canvas.width <= 0 || canvas.height <= 0) return;
  preset::buildSpriteGeometry(frame.vars, aspectOf(canvas), geometry_);
  batch_.clear();
  auto& v = batch_.vertices;
  if (geometry_.darkenCentre) {
    const auto& fan = geometry_.centreFan;
    addFan(v, fan.data(), fan.size(), [&](std::size_t k) { return fan[k].colour; });
  }
  addBand(v, geometry_.outer);
  addBand(v, geometry_.inner);
  batch_.addDraw(GL_TRIANGLES, 0, BlendMode::Alpha);
  if (batch_.draws.empty()) return;
  BlendStateScope keepBlend;
  errors_ = batch_.submit(program_, 2.0f / static_cast<float>(canvas.width),
                          2.0f / static_cast<float>(canvas.height));
}

}  // namespace phosphene::render
