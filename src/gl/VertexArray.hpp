#pragma once
// A vertex array object: which buffers feed which attribute locations, in what format. Core
// profile and ES 3.0 both require one to be bound for every draw.

#include <cstddef>

#include "gl/Buffer.hpp"

namespace phosphene::gl {

struct VertexArrayTraits {
  static void destroy(GLuint name) { glDeleteVertexArrays(1, &name); }
};

class VertexArray {
 public:
  VertexArray() = default;
  static core::Expected<VertexArray> create();

  GLuint id() const { return name_.get(); }
  /// Whether it holds a GL object (false when default-constructed or moved from).
  explicit operator bool() const { return static_cast<bool>(name_); }
  void bind() const { glBindVertexArray(name_.get()); }
  /// Feeds attribute `location` from `buffer`: `components` floats (or normalised bytes when
  /// `type` is GL_UNSIGNED_BYTE) at `offset`, every `stride` bytes. Leaves the VAO unbound.
  void attribute(GLuint location, const Buffer& buffer, GLint components, GLenum type,
                 bool normalized, GLsizei stride, std::size_t offset) const;

 private:
  GlName<VertexArrayTraits> name_;
};

}  // namespace phosphene::gl
