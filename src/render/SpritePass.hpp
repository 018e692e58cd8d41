#pragma once
// MD2's "sprites" (spec §4.6, milkdropfs.cpp DrawSprites), drawn last into the canvas being
// written this frame: the darken-centre spot (when darken_center is on), then the outer and inner
// borders (each when its alpha > 0.001). All alpha-blended, so one draw call keeps MD2's order.

#include "core/Expected.hpp"
#include "gl/Capabilities.hpp"
#include "preset/FrameState.hpp"
#include "preset/SpriteGeometry.hpp"
#include "render/CanvasInfo.hpp"
#include "render/ColorVertexProgram.hpp"

namespace phosphene::render {

class SpritePass {
 public:
  core::Diagnostics init(gl::GlslDialect dialect);
  /// Draws into the bound framebuffer. Changes only the program, VAO and array buffer bindings.
  void draw(const preset::FrameState& frame, const CanvasInfo& canvas);

  const core::Diagnostics& lastErrors() const { return errors_; }

 private:
  ColorVertexProgram program_;
  ColorVertexBatch batch_;
  preset::SpriteGeometry geometry_;
  core::Diagnostics errors_;
};

}  // namespace phosphene::render
