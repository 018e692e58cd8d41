#pragma once
// A framebuffer object around an RGBA8 texture, both made with raw GL calls as a host would (not
// through Phosphene's wrappers): the target of the C API's render-to-framebuffer and
// render-to-texture tests. Needs a current context for its whole life.

#include "PngImage.hpp"
#include "gl/Gl.hpp"

namespace phosphene::gltest {

// A host-owned RGBA8 texture with its own framebuffer object.
struct HostTarget {
  GLuint texture = 0, fbo = 0;
  int width, height;
  HostTarget(int w, int h) : width(w), height(h) {
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
  }
  ~HostTarget() {
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &texture);
  }
  HostTarget(const HostTarget&) = delete;
  HostTarget& operator=(const HostTarget&) = delete;

  platform::RgbaImage read() const {
    platform::RgbaImage image(width, height);
    GLint previous = 0;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previous);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.pixels.data());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(previous));
    platform::flipVertically(image);
    return image;
  }
};

}  // namespace phosphene::gltest
