#include "gl/Framebuffer.hpp"

#include <string>

#include "gl/GlErrors.hpp"

namespace phosphene::gl {

const char* framebufferStatusName(GLenum status) {
  switch (status) {
    case GL_FRAMEBUFFER_COMPLETE:
      return "GL_FRAMEBUFFER_COMPLETE";
    case GL_FRAMEBUFFER_UNDEFINED:
      return "GL_FRAMEBUFFER_UNDEFINED";
    case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT:
      return "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT";
    case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT:
      return "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT";
    case GL_FRAMEBUFFER_UNSUPPORTED:
      return "GL_FRAMEBUFFER_UNSUPPORTED";
    case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE:
      return "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE";
    default:
      return "unknown framebuffer status";
  }
}

core::Expected<Framebuffer> Framebuffer::create(const TextureDesc& desc) {
  auto color = Texture2D::create(desc);
  if (!color) return color.diagnostics();
  GLuint name = 0;
  glGenFramebuffers(1, &name);
  Framebuffer fb;
  fb.name_ = GlName<FramebufferTraits>(name);
  fb.color_ = std::move(*color);
  glBindFramebuffer(GL_FRAMEBUFFER, name);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, fb.color_.id(), 0);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  core::Diagnostics errors;
  drainGlErrors("Framebuffer::create", errors);
  if (status != GL_FRAMEBUFFER_COMPLETE)
    errors.push_back(core::makeDiagnostic(core::DiagnosticId::GlFramebufferIncomplete,
                                          std::string(framebufferStatusName(status)) + " for a " +
                                              std::to_string(desc.width) + "x" +
                                              std::to_string(desc.height) + " colour attachment",
                                          "gl"));
  if (!errors.empty()) return errors;
  return fb;
}

void Framebuffer::bind() const {
  glBindFramebuffer(GL_FRAMEBUFFER, name_.get());
  glViewport(0, 0, color_.width(), color_.height());
}

void Framebuffer::readRgba8(std::vector<std::uint8_t>& out) const {
  out.resize(static_cast<std::size_t>(color_.width()) * color_.height() * 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, name_.get());
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, color_.width(), color_.height(), GL_RGBA, GL_UNSIGNED_BYTE, out.data());
}

}  // namespace phosphene::gl
