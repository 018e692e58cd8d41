#pragma once
// MD2's user sprites drawn (milkdropfs.cpp DrawUserSprites; the quads come from sprite::): each
// sprite is a textured triangle strip with the vertex colour and blend state of its blend mode.
// RenderFrame calls DrawUserSprites after the composite to the screen and before the canvases
// swap, so a sprite is drawn on top of the final picture; one with `burn` set is also drawn into
// this frame's canvas (m_lpVS[1]), which the next frame's warp reads: burnt sprites are carried
// by the preset's motion. Textures are made from the decoded, colour-keyed images on first use
// and freed once no sprite draws with them.

#include <map>
#include <memory>
#include <span>
#include <vector>

#include "core/Expected.hpp"
#include "gl/Buffer.hpp"
#include "gl/Capabilities.hpp"
#include "gl/GlName.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/Texture2D.hpp"
#include "gl/VertexArray.hpp"
#include "render/TextureFile.hpp"
#include "sprite/SpriteGeometry.hpp"

namespace phosphene::render {

/// One sprite of a frame: its quad and its image (already colour-keyed; RGBA8, row 0 on top).
struct UserSpriteDraw {
  sprite::SpriteQuad quad;
  std::shared_ptr<const DecodedImage> image;
};

class UserSpritePass {
 public:
  core::Diagnostics init(gl::GlslDialect dialect);
  /// The screen quads of `draws`, in order, into the bound framebuffer (viewport set by the
  /// caller). `burn`: the burn quads of the sprites with burn set instead (into the canvas).
  /// Changes program, VAO, array buffer, texture unit 0's texture and sampler, and blending.
  void draw(std::span<const UserSpriteDraw> draws, bool burn);
  /// Frees the textures of images no draw of this frame used.
  void releaseUnused(std::span<const UserSpriteDraw> draws);

  const core::Diagnostics& lastErrors() const { return errors_; }

 private:
  GLuint textureFor(const std::shared_ptr<const DecodedImage>& image);

  struct CachedTexture {
    std::shared_ptr<const DecodedImage> image;  // held so the key stays unique while cached
    gl::GlName<gl::TextureTraits> name;
  };
  gl::ShaderProgram program_;
  GLint colour_ = -1, alphaFromTexture_ = -1;
  gl::Buffer buffer_;
  gl::VertexArray vao_;
  std::map<const DecodedImage*, CachedTexture> textures_;
  core::Diagnostics errors_;
};

}  // namespace phosphene::render
