#include "ReadbackFramebuffer.hpp"

#if defined(PHOSPHENE_GLES_ONLY)
#include <GLES3/gl3.h>
#else
#include <epoxy/gl.h>  // desktop GL 3.3 and ES 3.0 through one loader, as the library
#endif

#include <algorithm>
#include <string>

namespace phosphene::python {

std::unique_ptr<ReadbackFramebuffer> ReadbackFramebuffer::create(int width, int height,
                                                                 std::string& error) {
  std::unique_ptr<ReadbackFramebuffer> self(new ReadbackFramebuffer(width, height));
  // The caller's bindings are put back: in context="current" mode the context is theirs.
  GLint previousFramebuffer = 0, previousRenderbuffer = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previousFramebuffer);
  glGetIntegerv(GL_RENDERBUFFER_BINDING, &previousRenderbuffer);
  glGenRenderbuffers(1, &self->renderbuffer_);
  glBindRenderbuffer(GL_RENDERBUFFER, self->renderbuffer_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glGenFramebuffers(1, &self->framebuffer_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, self->framebuffer_);
  glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                            self->renderbuffer_);
  const GLenum status = glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(previousFramebuffer));
  glBindRenderbuffer(GL_RENDERBUFFER, static_cast<GLuint>(previousRenderbuffer));
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    error = "cannot make a " + std::to_string(width) + " x " + std::to_string(height) +
            " RGBA8 framebuffer (status 0x" + std::to_string(status) + ")";
    return nullptr;
  }
  return self;
}

ReadbackFramebuffer::~ReadbackFramebuffer() {
  if (framebuffer_ != 0) glDeleteFramebuffers(1, &framebuffer_);
  if (renderbuffer_ != 0) glDeleteRenderbuffers(1, &renderbuffer_);
}

void ReadbackFramebuffer::abandon() noexcept {
  framebuffer_ = 0;
  renderbuffer_ = 0;
}

void ReadbackFramebuffer::readTopDown(std::uint8_t* out) const {
  GLint previousRead = 0, previousPack = 4;
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previousRead);
  glGetIntegerv(GL_PACK_ALIGNMENT, &previousPack);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, out);
  glPixelStorei(GL_PACK_ALIGNMENT, previousPack);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(previousRead));
  // GL's rows run bottom to top; images (and numpy users) expect the top row first.
  const std::size_t row = static_cast<std::size_t>(width_) * 4;
  for (int y = 0; y < height_ / 2; ++y) {
    std::uint8_t* top = out + static_cast<std::size_t>(y) * row;
    std::swap_ranges(top, top + row, out + static_cast<std::size_t>(height_ - 1 - y) * row);
  }
}

}  // namespace phosphene::python
