#pragma once
// Saves the host's GL state that Renderer::draw changes and puts it back on destruction, so a
// host can call Phosphene in the middle of its own drawing. This list is what the C API documents
// as "the GL state a render call changes and restores":
//
//   * framebuffer bindings: GL_DRAW_FRAMEBUFFER and GL_READ_FRAMEBUFFER
//   * the viewport
//   * the current program (glUseProgram)
//   * the vertex array binding and the GL_ARRAY_BUFFER binding (the host VAO's own contents,
//     including its element buffer, are never modified: Phosphene binds its own VAOs first)
//   * the active texture unit, and on units 0..kSavedTextureUnits−1 the GL_TEXTURE_2D binding
//     and the sampler object binding
//   * blending: GL_BLEND enable, blend functions (separate RGB/alpha), blend equations
//     (separate RGB/alpha) and the blend colour
//   * the enables GL_DEPTH_TEST, GL_CULL_FACE, GL_SCISSOR_TEST, GL_STENCIL_TEST (Phosphene
//     disables them while it draws) and the colour write mask (set to all channels)
//   * in desktop GL, GL_PROGRAM_POINT_SIZE: not saved here but by ColorVertexBatch::submit,
//     which turns it on only while it draws points
//
// Not touched at all (so not saved): clear colour/depth/stencil values (Phosphene clears with
// glClearBuffer*), depth and stencil functions and masks, the scissor box, pixel store
// parameters, GL_FRAMEBUFFER_SRGB, line width, polygon offset, uniform buffer bindings.
//
// Restoring costs a few dozen glGet* calls per frame: negligible next to the passes.

#include <array>

#include "gl/Gl.hpp"

namespace phosphene::render {

class GlStateGuard {
 public:
  static constexpr int kSavedTextureUnits = 4;

  GlStateGuard();   // saves
  ~GlStateGuard();  // restores
  GlStateGuard(const GlStateGuard&) = delete;
  GlStateGuard& operator=(const GlStateGuard&) = delete;

  /// Disables depth, cull, scissor, stencil and blending and enables all colour channels: the
  /// state every Phosphene pass assumes before it sets its own blending.
  static void setPassDefaults();

 private:
  GLint drawFramebuffer_ = 0, readFramebuffer_ = 0;
  std::array<GLint, 4> viewport_{};
  GLint program_ = 0, vertexArray_ = 0, arrayBuffer_ = 0;
  GLint activeTexture_ = GL_TEXTURE0;
  std::array<GLint, kSavedTextureUnits> textures_{};
  std::array<GLint, kSavedTextureUnits> samplers_{};
  GLboolean blend_ = GL_FALSE;
  GLint blendSrcRgb_ = GL_ONE, blendDstRgb_ = GL_ZERO, blendSrcAlpha_ = GL_ONE,
        blendDstAlpha_ = GL_ZERO;
  GLint blendEqRgb_ = GL_FUNC_ADD, blendEqAlpha_ = GL_FUNC_ADD;
  std::array<GLfloat, 4> blendColor_{};
  GLboolean depthTest_ = GL_FALSE, cullFace_ = GL_FALSE, scissorTest_ = GL_FALSE,
            stencilTest_ = GL_FALSE;
  std::array<GLboolean, 4> colorMask_{GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE};
};

}  // namespace phosphene::render
