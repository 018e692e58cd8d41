#include "render/TextureUploadGuard.hpp"

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

}  // namespace phosphene::render
