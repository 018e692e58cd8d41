#pragma once
// A 2D texture of fixed size and format, one mip level. Used as render targets and for sampled
// images. Allocated with glTexImage2D and a sized internal format rather than glTexStorage2D,
// which GL 3.3 (and macOS's 4.1) lacks; ES 3.0 accepts the same call for the formats below.

#include "core/Expected.hpp"
#include "gl/GlName.hpp"

namespace phosphene::gl {

struct TextureTraits {
  static void destroy(GLuint name) { glDeleteTextures(1, &name); }
};

struct TextureDesc {
  int width = 0;
  int height = 0;
  GLenum internalFormat = GL_RGBA8;  // GL_RGBA8, GL_RGBA16F, GL_RGBA32F, GL_R8, GL_RG8, GL_RG32F
  GLenum filter = GL_LINEAR;         // min and mag filter
  GLenum wrap = GL_CLAMP_TO_EDGE;    // S and T
};

class Texture2D {
 public:
  Texture2D() = default;
  /// GL006 when the size is not positive or beyond the context's limits.
  static core::Expected<Texture2D> create(const TextureDesc& desc);

  GLuint id() const { return name_.get(); }
  int width() const { return desc_.width; }
  int height() const { return desc_.height; }
  const TextureDesc& desc() const { return desc_; }
  /// Binds to texture unit `unit` (0-based).
  void bind(int unit) const;
  /// Uploads width*height RGBA8 pixels for the whole level 0 (rows bottom to top, GL's order).
  /// False (and no GL call) when the texture is not GL_RGBA8.
  bool uploadRgba8(const void* pixels) const;

 private:
  GlName<TextureTraits> name_;
  TextureDesc desc_;
};

}  // namespace phosphene::gl
