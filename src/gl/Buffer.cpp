#include "gl/Buffer.hpp"

#include "gl/GlErrors.hpp"

namespace phosphene::gl {

core::Expected<Buffer> Buffer::create(GLenum target, std::size_t bytes, const void* data,
                                      GLenum usage) {
  core::Diagnostics errors;
  drainGlErrors("before Buffer::create", errors);
  errors.clear();  // earlier errors belong to earlier calls; only ours are reported
  Buffer buffer;
  GLuint name = 0;
  glGenBuffers(1, &name);
  buffer.name_ = GlName<BufferTraits>(name);
  buffer.target_ = target;
  buffer.size_ = bytes;
  glBindBuffer(target, name);
  glBufferData(target, static_cast<GLsizeiptr>(bytes), data, usage);
  glBindBuffer(target, 0);
  if (!drainGlErrors("Buffer::create", errors) || name == 0) {
    if (errors.empty())
      errors.push_back(
          core::makeDiagnostic(core::DiagnosticId::GlError, "glGenBuffers failed", "gl"));
    return errors;
  }
  return buffer;
}

bool Buffer::update(std::size_t offset, std::size_t bytes, const void* data) const {
  if (offset > size_ || bytes > size_ - offset) return false;
  glBindBuffer(target_, name_.get());
  glBufferSubData(target_, static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(bytes), data);
  glBindBuffer(target_, 0);
  return true;
}

}  // namespace phosphene::gl
