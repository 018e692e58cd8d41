#include "render/MotionVectorPass.hpp"

namespace phosphene::render {

core::Diagnostics MotionVectorPass::init(gl::GlslDialect dialect) {
  auto program = ColorVertexProgram::create(dialect, "MotionVectorPass");
  if (!program) return program.diagnostics();
  // MD2's largest grid: 64 × 48 vectors, two vertices each.
  auto batch = ColorVertexBatch::create(64 * 48 * 2);
  if (!batch) return batch.diagnostics();
  program_ = std::move(*program);
  batch_ = std::move(*batch);
  return {};
}

void MotionVectorPass::draw(const preset::FrameState& frame, const CanvasInfo& canvas) {
  errors_.clear();
  const auto& mv = frame.motionVectors;
  if (!program_ || canvas.width <= 0 || canvas.height <= 0 || mv.segments.size() < 2) return;
  batch_.clear();
  const std::size_t count = mv.segments.size() & ~std::size_t{1};  // whole segments only
  for (std::size_t i = 0; i < count; ++i)
    batch_.vertices.push_back(colorVertex(mv.segments[i].x, mv.segments[i].y, mv.colour));
  batch_.addDraw(GL_LINES, 0, BlendMode::Alpha);
  BlendStateScope keepBlend;
  errors_ = batch_.submit(program_, 2.0f / static_cast<float>(canvas.width),
                          2.0f / static_cast<float>(canvas.height));
}

}  // namespace phosphene::render
