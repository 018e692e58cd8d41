#pragma once
// The two ways MD2's built-in warp and composite read the canvas: bilinear, and wrapping or
// clamped at the edges as the preset's `wrap` value says (spec §4.4: MD2 sets D3DSAMP_ADDRESSU/V
// per frame). Sampler objects, so the canvas texture's own parameters stay as they are.

#include "core/Diagnostic.hpp"
#include "gl/Sampler.hpp"

namespace phosphene::render {

class CanvasSamplers {
 public:
  /// Makes both samplers (once per context).
  core::Diagnostics init();
  /// The bilinear sampler that wraps (`wrap`) or clamps.
  GLuint pick(bool wrap) const { return wrap ? wrap_.id() : clamp_.id(); }

 private:
  gl::Sampler wrap_, clamp_;
};

}  // namespace phosphene::render
