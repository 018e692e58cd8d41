#pragma once
// Motion vectors (spec §4.7): the FrameState's segment list as 1-pixel lines in one colour,
// alpha-blended (milkdropfs.cpp DrawMotionVectors: D3DPT_LINELIST, SRCALPHA / INVSRCALPHA). The
// Renderer calls it with the PREVIOUS canvas bound, before the warp, so the vectors are warped
// along with the image.

#include "core/Expected.hpp"
#include "gl/Capabilities.hpp"
#include "preset/FrameState.hpp"
#include "render/CanvasInfo.hpp"
#include "render/ColorVertexProgram.hpp"

namespace phosphene::render {

class MotionVectorPass {
 public:
  core::Diagnostics init(gl::GlslDialect dialect);
  /// Draws into the bound framebuffer. Changes only the program, VAO and array buffer bindings.
  void draw(const preset::FrameState& frame, const CanvasInfo& canvas);

  const core::Diagnostics& lastErrors() const { return errors_; }

 private:
  ColorVertexProgram program_;
  ColorVertexBatch batch_;
  core::Diagnostics errors_;
};

}  // namespace phosphene::render
