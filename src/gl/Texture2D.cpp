#include "gl/Texture2D.hpp"

#include "gl/GlErrors.hpp"

namespace phosphene::gl {

namespace {

// The (format, type) pair ES 3.0 requires with each sized internal format (table 3.2 of the ES
// 3.0 spec); desktop GL accepts the same pairs.
bool uploadFormat(GLenum internalFormat, GLenum& format, GLenum& type) {
  switch (internalFormat) {
    case GL_RGBA8:
      format = GL_RGBA, type = GL_UNSIGNED_BYTE;
      return true;
    case GL_RGBA16F:
      format = GL_RGBA, type = GL_HALF_FLOAT;
      return true;
    case GL_RGBA32F:
      format = GL_RGBA, type = GL_FLOAT;
      return true;
    case GL_R8:
      format = GL_RED, type = GL_UNSIGNED_BYTE;
      return true;
    case GL_RG8:
      format = GL_RG, type = GL_UNSIGNED_BYTE;
      return true;
    case GL_RG32F:
      format = GL_RG, type = GL_FLOAT;
      return true;
    default:
      return false;
  }
}

}  // namespace

core::Expected<Texture2D> Texture2D::create(const TextureDesc& desc) {
  GLenum format = 0, type = 0;
  if (!uploadFormat(desc.internalFormat, format, type))
    return core::makeDiagnostic(core::DiagnosticId::GlError,
                                "unsupported texture format " + std::to_string(desc.internalFormat),
                                "gl");
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  if (desc.width <= 0 || desc.height <= 0 || desc.width > maxSize || desc.height > maxSize)
    return core::makeDiagnostic(core::DiagnosticId::GlError,
                                "texture size " + std::to_string(desc.width) + "x" +
                                    std::to_string(desc.height) + " outside 1.." +
                                    std::to_string(maxSize),
                                "gl");
  core::Diagnostics errors;
  drainGlErrors("before Texture2D::create", errors);
  errors.clear();
  GLuint name = 0;
  glGenTextures(1, &name);
  Texture2D texture;
  texture.name_ = GlName<TextureTraits>(name);
  texture.desc_ = desc;
  glBindTexture(GL_TEXTURE_2D, name);
  glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(desc.internalFormat), desc.width, desc.height,
               0, format, type, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);  // complete without mipmaps
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, static_cast<GLint>(desc.filter));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, static_cast<GLint>(desc.filter));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, static_cast<GLint>(desc.wrap));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, static_cast<GLint>(desc.wrap));
  glBindTexture(GL_TEXTURE_2D, 0);
  if (!drainGlErrors("Texture2D::create", errors)) return errors;
  return texture;
}

void Texture2D::bind(int unit) const {
  glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + unit));
  glBindTexture(GL_TEXTURE_2D, name_.get());
}

bool Texture2D::uploadRgba8(const void* pixels) const {
  if (desc_.internalFormat != GL_RGBA8) return false;
  glBindTexture(GL_TEXTURE_2D, name_.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, desc_.width, desc_.height, GL_RGBA, GL_UNSIGNED_BYTE,
                  pixels);
  glBindTexture(GL_TEXTURE_2D, 0);
  return true;
}

}  // namespace phosphene::gl
