#pragma once
// A GL buffer object (vertex, index or uniform data). Allocate once with the largest size a
// pass needs, then update() each frame: no per-frame allocation in the driver.

#include <cstddef>

#include "core/Expected.hpp"
#include "gl/GlName.hpp"

namespace phosphene::gl {

struct BufferTraits {
  static void destroy(GLuint name) { glDeleteBuffers(1, &name); }
};

class Buffer {
 public:
  Buffer() = default;
  /// Creates a buffer for `target` (GL_ARRAY_BUFFER, ...) with `bytes` of storage (contents
  /// `data`, or undefined when null). GL006 on failure (e.g. out of memory).
  static core::Expected<Buffer> create(GLenum target, std::size_t bytes, const void* data,
                                       GLenum usage = GL_DYNAMIC_DRAW);

  GLuint id() const { return name_.get(); }
  GLenum target() const { return target_; }
  std::size_t size() const { return size_; }
  void bind() const { glBindBuffer(target_, name_.get()); }
  /// Replaces bytes [offset, offset + bytes); false (and no GL call) when that is out of range.
  bool update(std::size_t offset, std::size_t bytes, const void* data) const;

 private:
  GlName<BufferTraits> name_;
  GLenum target_ = GL_ARRAY_BUFFER;
  std::size_t size_ = 0;
};

}  // namespace phosphene::gl
