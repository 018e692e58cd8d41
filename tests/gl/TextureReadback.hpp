#pragma once
// Reads one level (and, for 3D textures, one layer) of an RGBA8 texture back through a temporary
// framebuffer: glGetTexImage does not exist in GL ES 3.0, attaching a level or a layer does.

#include <cstdint>
#include <vector>

#include "gl/Gl.hpp"

namespace phosphene::gltest {

/// Rows in upload order (row 0 = the first row uploaded). Empty when the framebuffer is
/// incomplete. Leaves framebuffer 0 bound.
inline std::vector<std::uint8_t> readTextureLevel(GLuint texture, GLenum target, int level,
                                                  int layer, int width, int height) {
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  if (target == GL_TEXTURE_3D)
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, texture, level, layer);
  else
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, level);
  std::vector<std::uint8_t> out;
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE) {
    out.resize(static_cast<std::size_t>(width) * height * 4);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  return out;
}

}  // namespace phosphene::gltest
