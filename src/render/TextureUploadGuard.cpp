#include "render/TextureUploadGuard.hpp"

#include "core/Diagnostic.hpp"
#include "gl/GlErrors.hpp"

namespace phosphene::render {

TextureUploadGuard::TextureUploadGuard() {
  for (std::size_t i = 0; i < kUnpackParameters.size(); ++i)
    glGetIntegerv(kUnpackParameters[i], &unpack_[i]);
  glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &unpackBuffer_);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture2d_);
  glGetIntegerv(GL_TEXTURE_BINDING_3D, &texture3d_);
  for (GLenum p : kUnpackParameters) glPixelStorei(p, p == GL_UNPACK_ALIGNMENT ? 4 : 0);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
}

TextureUploadGuard::~TextureUploadGuard() {
  for (std::size_t i = 0; i < kUnpackParameters.size(); ++i)
    glPixelStorei(kUnpackParameters[i], unpack_[i]);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, static_cast<GLuint>(unpackBuffer_));
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture2d_));
  glBindTexture(GL_TEXTURE_3D, static_cast<GLuint>(texture3d_));
}

gl::GlName<gl::TextureTraits> uploadMipmappedRgba(const std::uint8_t* rgba, int width, int height,
                                                  std::string& why) {
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  if (width > maxSize || height > maxSize) {
    why = "is " + std::to_string(width) + "x" + std::to_string(height) +
          ", above this GL's limit of " + std::to_string(maxSize);
    return {};
  }
  core::Diagnostics glErrors;
  gl::drainGlErrors("before uploadMipmappedRgba", glErrors);
  glErrors.clear();
  GLuint name = 0;
  {
    TextureUploadGuard guard;
    glGenTextures(1, &name);
    glBindTexture(GL_TEXTURE_2D, name);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    // MD2 loads with D3DXCreateTextureFromFileEx(..., D3DX_DEFAULT mip levels = a full chain) at
    // the image's own size (D3DX_DEFAULT_NONPOW2) and samples with a linear mip filter.
    glGenerateMipmap(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
  }
  gl::GlName<gl::TextureTraits> owned(name);
  if (!gl::drainGlErrors("uploadMipmappedRgba", glErrors)) {
    why = "cannot be uploaded: " + glErrors.front().message;
    return {};
  }
  return owned;
}

}  // namespace phosphene::render
