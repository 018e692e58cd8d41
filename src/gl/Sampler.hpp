#pragma once
// A sampler object: the filtering and wrap mode a texture unit reads with, whatever the bound
// texture's own parameters say. MD2 sets sampler state per stage (bilinear + wrap or clamp) and
// several passes read the same canvas texture with different modes, so the passes bind samplers
// rather than change the texture.

#include "core/Expected.hpp"
#include "gl/GlName.hpp"

namespace phosphene::gl {

struct SamplerTraits {
  static void destroy(GLuint name) { glDeleteSamplers(1, &name); }
};

class Sampler {
 public:
  Sampler() = default;
  /// `filter` for minification and magnification (GL_LINEAR or GL_NEAREST; no mipmaps), `wrap`
  /// on S, T and R (GL_REPEAT, GL_CLAMP_TO_EDGE, ...).
  static core::Expected<Sampler> create(GLenum filter, GLenum wrap);

  GLuint id() const { return name_.get(); }
  /// Whether it holds a GL object (false when default-constructed or moved from).
  explicit operator bool() const { return static_cast<bool>(name_); }

 private:
  GlName<SamplerTraits> name_;
};

}  // namespace phosphene::gl
