#pragma once
// Uploading pixels from client memory depends on state the host may have changed: pixel unpack
// parameters (row length, skips, alignment), a bound GL_PIXEL_UNPACK_BUFFER (which would turn the
// client pointer into a buffer offset) and the texture bound on the active unit. This guard sets
// the defaults tightly packed RGBA8 rows need and puts the host's values back afterwards, so the
// texture sources keep GlStateGuard's promise that pixel store state is left as found. Every call
// used exists in GL 3.3 core and ES 3.0.

#include <array>
#include <cstdint>
#include <string>

#include "gl/Gl.hpp"
#include "gl/Texture2D.hpp"

namespace phosphene::render {

class TextureUploadGuard {
 public:
  TextureUploadGuard();   // saves, then sets unpack defaults and unbinds the unpack buffer
  ~TextureUploadGuard();  // restores
  TextureUploadGuard(const TextureUploadGuard&) = delete;
  TextureUploadGuard& operator=(const TextureUploadGuard&) = delete;

 private:
  static constexpr std::array<GLenum, 6> kUnpackParameters = {
      GL_UNPACK_ALIGNMENT,   GL_UNPACK_ROW_LENGTH,   GL_UNPACK_SKIP_ROWS,
      GL_UNPACK_SKIP_PIXELS, GL_UNPACK_IMAGE_HEIGHT, GL_UNPACK_SKIP_IMAGES};
  std::array<GLint, 6> unpack_{};
  GLint unpackBuffer_ = 0;
  GLint texture2d_ = 0, texture3d_ = 0;
};

/// RGBA8 rows (row 0 the image's top) as a repeating texture with MD2's full mip chain and
/// linear mip filtering (D3DXCreateTextureFromFileEx with D3DX_DEFAULT mip levels at the image's
/// own size), for preset textures and user sprites alike. Empty, with `why` set, when the image
/// is larger than GL's limit or GL reports an error.
gl::GlName<gl::TextureTraits> uploadMipmappedRgba(const std::uint8_t* rgba, int width, int height,
                                                  std::string& why);

}  // namespace phosphene::render
