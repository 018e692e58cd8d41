#pragma once
// A framebuffer object rendering into one colour texture it owns. create() checks completeness,
// so a Framebuffer that exists can be drawn to.

#include <cstdint>
#include <vector>

#include "gl/Texture2D.hpp"

namespace phosphene::gl {

struct FramebufferTraits {
  static void destroy(GLuint name) { glDeleteFramebuffers(1, &name); }
};

class Framebuffer {
 public:
  Framebuffer() = default;
  /// A colour attachment of `desc`. GL005 with the status name when the driver calls the result
  /// incomplete (e.g. a format it cannot render to), GL006 on other GL errors.
  static core::Expected<Framebuffer> create(const TextureDesc& desc);

  GLuint id() const { return name_.get(); }
  const Texture2D& color() const { return color_; }
  int width() const { return color_.width(); }
  int height() const { return color_.height(); }
  /// Binds for drawing and sets the viewport to the whole attachment.
  void bind() const;
  /// Reads the attachment as RGBA8, rows bottom to top (GL's order) into `out`, resized to fit.
  /// Binds this framebuffer for reading; leaves it bound.
  void readRgba8(std::vector<std::uint8_t>& out) const;

 private:
  GlName<FramebufferTraits> name_;
  Texture2D color_;
};

/// "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT" etc.
const char* framebufferStatusName(GLenum status);

}  // namespace phosphene::gl
