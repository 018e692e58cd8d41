#include "render/GlStateGuard.hpp"

namespace phosphene::render {
namespace {

void setEnabled(GLenum cap, GLboolean on) {
  if (on)
    glEnable(cap);
  else
    glDisable(cap);
}

}  // namespace

GlStateGuard::GlStateGuard() {
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &drawFramebuffer_);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &readFramebuffer_);
  glGetIntegerv(GL_VIEWPORT, viewport_.data());
  glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vertexArray_);
  glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &arrayBuffer_);
  glGetIntegerv(GL_ACTIVE_TEXTURE, &activeTexture_);
  for (int unit = 0; unit < kSavedTextureUnits; ++unit) {
    glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + unit));
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &textures_[static_cast<std::size_t>(unit)]);
    glGetIntegerv(GL_SAMPLER_BINDING, &samplers_[static_cast<std::size_t>(unit)]);
  }
  glActiveTexture(static_cast<GLenum>(activeTexture_));
  blend_ = glIsEnabled(GL_BLEND);
  glGetIntegerv(GL_BLEND_SRC_RGB, &blendSrcRgb_);
  glGetIntegerv(GL_BLEND_DST_RGB, &blendDstRgb_);
  glGetIntegerv(GL_BLEND_SRC_ALPHA, &blendSrcAlpha_);
  glGetIntegerv(GL_BLEND_DST_ALPHA, &blendDstAlpha_);
  glGetIntegerv(GL_BLEND_EQUATION_RGB, &blendEqRgb_);
  glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &blendEqAlpha_);
  glGetFloatv(GL_BLEND_COLOR, blendColor_.data());
  depthTest_ = glIsEnabled(GL_DEPTH_TEST);
  cullFace_ = glIsEnabled(GL_CULL_FACE);
  scissorTest_ = glIsEnabled(GL_SCISSOR_TEST);
  stencilTest_ = glIsEnabled(GL_STENCIL_TEST);
  glGetBooleanv(GL_COLOR_WRITEMASK, colorMask_.data());
}

GlStateGuard::~GlStateGuard() {
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(drawFramebuffer_));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(readFramebuffer_));
  glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
  glUseProgram(static_cast<GLuint>(program_));
  glBindVertexArray(static_cast<GLuint>(vertexArray_));
  glBindBuffer(GL_ARRAY_BUFFER, static_cast<GLuint>(arrayBuffer_));
  for (int unit = 0; unit < kSavedTextureUnits; ++unit) {
    glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + unit));
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(textures_[static_cast<std::size_t>(unit)]));
    glBindSampler(static_cast<GLuint>(unit),
                  static_cast<GLuint>(samplers_[static_cast<std::size_t>(unit)]));
  }
  glActiveTexture(static_cast<GLenum>(activeTexture_));
  setEnabled(GL_BLEND, blend_);
  glBlendFuncSeparate(static_cast<GLenum>(blendSrcRgb_), static_cast<GLenum>(blendDstRgb_),
                      static_cast<GLenum>(blendSrcAlpha_), static_cast<GLenum>(blendDstAlpha_));
  glBlendEquationSeparate(static_cast<GLenum>(blendEqRgb_), static_cast<GLenum>(blendEqAlpha_));
  glBlendColor(blendColor_[0], blendColor_[1], blendColor_[2], blendColor_[3]);
  setEnabled(GL_DEPTH_TEST, depthTest_);
  setEnabled(GL_CULL_FACE, cullFace_);
  setEnabled(GL_SCISSOR_TEST, scissorTest_);
  setEnabled(GL_STENCIL_TEST, stencilTest_);
  glColorMask(colorMask_[0], colorMask_[1], colorMask_[2], colorMask_[3]);
}

void GlStateGuard::setPassDefaults() {
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_STENCIL_TEST);
  glDisable(GL_BLEND);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

}  // namespace phosphene::render
