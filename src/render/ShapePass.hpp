#pragma once
// Custom shapes (spec §7.2): every instance of shapes 0..3, in order, drawn into the canvas being
// written this frame (milkdropfs.cpp DrawCustomShapes). Per instance: the filled polygon (centre
// colour to rim colour, or the previous canvas modulated by those colours when textured), then,
// when border_a > 0, its outline as a 1-pixel line strip, 4 times shifted by a pixel when thick.
// Additive instances blend src·α + dst, the others src·α + dst·(1 − α); the border uses the same
// blend as its fill.

#include "core/Expected.hpp"
#include "gl/Capabilities.hpp"
#include "gl/Sampler.hpp"
#include "preset/FrameState.hpp"
#include "preset/ShapeGeometry.hpp"
#include "render/CanvasInfo.hpp"
#include "render/ColorVertexProgram.hpp"

namespace phosphene::render {

class ShapePass {
 public:
  /// Compiles the pass's program and makes its sampler (once per context).
  core::Diagnostics init(gl::GlslDialect dialect);
  /// Draws into the bound framebuffer. `alphaMultiplier` is 1, or the blend weight of this
  /// preset during a preset blend (MD2 scales the fill and border alphas by it). Changes only the
  /// program, VAO and array buffer bindings.
  void draw(const preset::FrameState& frame, const CanvasInfo& canvas,
            double alphaMultiplier = 1.0);

  const core::Diagnostics& lastErrors() const { return errors_; }

 private:
  void addInstance(const preset::ShapeInstance& shape);

  ColorVertexProgram program_;
  ColorVertexBatch batch_;
  // Bilinear + wrap for the canvas read, without touching the canvas texture's own parameters
  // (MD2 inherits wrap and linear filtering from RenderFrame's sampler set-up).
  gl::Sampler sampler_;
  preset::ShapeGeometry geometry_;  // reused per instance: no allocation once sizes are stable
  preset::AspectFactors aspect_;
  double alphaMultiplier_ = 1.0;
  core::Diagnostics errors_;
};

}  // namespace phosphene::render
