#pragma once
// What a drawing pass needs to know about the canvas it draws into this frame. The Renderer fills
// one per frame and hands it to every pass; passes draw into the framebuffer bound at the call
// (the canvas being written, spec §4.1 "VS1"), so the target itself is not named here.
//
// Kept deliberately small: adding a field is fine, changing one breaks every pass.

#include "gl/Capabilities.hpp"
#include "gl/Texture2D.hpp"

namespace phosphene::render {

struct CanvasInfo {
  int width = 0;  // canvas size in pixels (the feedback texture, not the host's output)
  int height = 0;
  /// Last frame's canvas (spec "VS0"), for textured shapes. Null when there is none (tests,
  /// first frame). Its sampler parameters belong to the Renderer: sample it through a sampler
  /// object if you need particular wrap/filter state.
  const gl::Texture2D* previousCanvas = nullptr;
  gl::GlslDialect dialect = gl::GlslDialect::Glsl330Core;
  /// MD2's aspect factors for this canvas (spec §4.3): aspectX = H > W ? W/H : 1,
  /// aspectY = W > H ? H/W : 1, so the short side spans −1..1 in aspect-corrected units.
  float aspectX = 1.0f;
  float aspectY = 1.0f;
};

/// A CanvasInfo for a canvas of the given size with MD2's aspect factors filled in.
inline CanvasInfo makeCanvasInfo(int width, int height, gl::GlslDialect dialect,
                                 const gl::Texture2D* previousCanvas = nullptr) {
  CanvasInfo info;
  info.width = width;
  info.height = height;
  info.previousCanvas = previousCanvas;
  info.dialect = dialect;
  if (width > 0 && height > 0) {
    const float w = static_cast<float>(width);
    const float h = static_cast<float>(height);
    info.aspectX = height > width ? w / h : 1.0f;
    info.aspectY = width > height ? h / w : 1.0f;
  }
  return info;
}

}  // namespace phosphene::render
