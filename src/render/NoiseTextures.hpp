#pragma once
// The noise textures of MilkDrop 2's shader environment as GL textures: 2D RGBA8 with a full mip
// chain for noise_lq/_lq_lite/_mq/_hq (MD2 creates them with D3DUSAGE_AUTOGENMIPMAP), 3D RGBA8
// with one level for noisevol_lq/_hq (MD2 gives volumes no mips). Created once per context from
// the engine seed; the pixels come from makeNoiseImage (NoiseImage.hpp).

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/Diagnostic.hpp"
#include "gl/Gl.hpp"
#include "gl/GlName.hpp"
#include "gl/Texture2D.hpp"
#include "render/NoiseImage.hpp"

namespace phosphene::render {

class NoiseTextures {
 public:
  /// Generates and uploads the six textures; needs the GL context current. Errors (GL006) when
  /// GL refuses; textures that were made stay usable. Calling it again remakes them.
  core::Diagnostics init(std::uint64_t seed);

  /// The texture of `root`; 0 when the root is not a noise texture or init() has not run.
  GLuint texture(std::string_view root) const;
  /// True for noisevol_lq and noisevol_hq (bind to GL_TEXTURE_3D); false otherwise.
  bool isVolume(std::string_view root) const;
  /// texsize_noise_*: (w, h, 1/w, 1/h); zeros for an unknown root.
  std::array<float, 4> sizeUniform(std::string_view root) const;

 private:
  struct Entry {
    NoiseSpec spec;
    gl::GlName<gl::TextureTraits> name;
  };
  const Entry* find(std::string_view root) const;
  std::vector<Entry> entries_;
};

}  // namespace phosphene::render
