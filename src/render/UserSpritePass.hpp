#pragma once
// MD2's user sprites drawn (milkdropfs.cpp DrawUserSprites; the quads come from sprite::): each
// sprite is a textured triangle strip with the vertex colour and blend state of its blend mode.
// RenderFrame calls DrawUserSprites after the composite to the screen and before the canvases
// swap, so a sprite is drawn on top of the final picture; one with `burn` set is also drawn into
// this frame's canvas (m_lpVS[1]), which the next frame's warp reads: burnt sprites are carried
// by the preset's motion. Textures are made from the decoded, colour-keyed images on first use
// and freed once no sprite draws with them.

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "core/Expected.hpp"
#include "gl/Buffer.hpp"
#include "gl/Capabilities.hpp"
#include "gl/GlName.hpp"
#include "gl/Sampler.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/Texture2D.hpp"
#include "gl/VertexArray.hpp"
#include "render/TextureFile.hpp"
#include "sprite/SpriteGeometry.hpp"

namespace phosphene::render {

/// A host's GL_TEXTURE_2D to draw into the canvas (phosphene_engine_burn_texture): the rectangle
/// in canvas pixels, top-left origin; a negative width or height mirrors the image.
struct CanvasBurn {
  std::uint32_t texture = 0;
  int left = 0, top = 0, width = 0, height = 0;
};

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
  /// Draws each burn's texture over its rectangle of the bound canvas (canvasW × canvasH, viewport
  /// set by the caller), replacing what is there: linear filtering, clamped at the edges, the
  /// texture's row 0 at the bottom (GL's convention). Names that are not textures are skipped.
  /// Changes what draw() changes.
  void drawBurns(std::span<const CanvasBurn> burns, int canvasW, int canvasH);
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
  gl::Sampler burnSampler_;  // linear, clamped: host textures are sampled with their own state off
  gl::Buffer buffer_;
  gl::VertexArray vao_;
  std::map<const DecodedImage*, CachedTexture> textures_;
  core::Diagnostics errors_;
};

}  // namespace phosphene::render
