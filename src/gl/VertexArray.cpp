#include "gl/VertexArray.hpp"

#include "gl/GlErrors.hpp"

namespace phosphene::gl {

core::Expected<VertexArray> VertexArray::create() {
  GLuint name = 0;
  glGenVertexArrays(1, &name);
  if (name == 0) {
    core::Diagnostics errors;
    drainGlErrors("VertexArray::create", errors);
    errors.push_back(
        core::makeDiagnostic(core::DiagnosticId::GlError, "glGenVertexArrays failed", "gl"));
    return errors;
  }
  VertexArray vao;
  vao.name_ = GlName<VertexArrayTraits>(name);
  return vao;
}

void VertexArray::attribute(GLuint location, const Buffer& buffer, GLint components, GLenum type,
                            bool normalized, GLsizei stride, std::size_t offset) const {
  glBindVertexArray(name_.get());
  glBindBuffer(GL_ARRAY_BUFFER, buffer.id());
  glEnableVertexAttribArray(location);
  // GL's API takes the byte offset into the bound buffer disguised as a pointer.
  glVertexAttribPointer(location, components, type, normalized ? GL_TRUE : GL_FALSE, stride,
                        reinterpret_cast<const void*>(offset));
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

}  // namespace phosphene::gl
