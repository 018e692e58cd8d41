#pragma once
// One translated preset shader (shader::TranslatedShader) linked with a vertex shader of ours into
// a GL program, with its uniform locations and texture units looked up once, when the preset is
// loaded. Each frame: use(), setConstants(), bindTextures(), draw, unbindTextures().
//
// Texture orientation: a translated shader computes in MD2's UV space (v = 0 at the TOP), as
// preset authors wrote it. Phosphene's canvases and blur targets keep GL's order (row 0 at the
// bottom), user and noise textures keep their files' order (row 0 = first row = top, as D3D).
// So lookups into the canvas and the blur targets must flip v, the others must not. The fragment
// source is rewritten for that: after the declaration of each main/blur sampler S come helpers
// `_phos_tex_S(c[, bias])` that sample S at (c.x, 1 − c.y), and every `texture(S,` call becomes
// `_phos_tex_S(`. Every texture call SPIRV-Cross writes for a MilkDrop shader names the sampler
// uniform directly (checked over the corpus), so this is exact. (A preprocessor macro with token
// pasting would be shorter, but GLSL ES forbids `##`.)

#include <array>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/Expected.hpp"
#include "gl/Capabilities.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/Texture2D.hpp"
#include "preset/ShaderInputs.hpp"
#include "shader/TranslatedShader.hpp"

namespace phosphene::render {

/// A texture for a sampler that is neither the canvas nor a blur level (noise, user, random).
struct ExternalTexture {
  GLuint name = 0;
  GLenum target = GL_TEXTURE_2D;  // GL_TEXTURE_3D for noise volumes
  int width = 0, height = 0;      // for texsize_<root>
};
/// Finds the texture of a noise/user/random sampler (called once per sampler at build()).
using ExternalTextureResolver = std::function<ExternalTexture(const shader::ShaderSampler&)>;

/// The sampler objects a pass binds (bilinear/point × wrap/clamp), owned by the Renderer.
struct SamplerSet {
  GLuint bilinearWrap = 0, bilinearClamp = 0, pointWrap = 0, pointClamp = 0;
  GLuint pick(shader::TextureFilter filter, shader::TextureWrap wrap) const;
};

/// The canvas and blur textures of this frame.
struct ShaderFrameTextures {
  const gl::Texture2D* main = nullptr;         // VS0
  std::array<const gl::Texture2D*, 3> blur{};  // blur1..3, null when not computed
};

/// How a pass feeds the shader's inputs (render/PixelInputs.hpp): `adapt` rewrites the whole
/// fragment source before it is compiled; `pixelInputs` says the result can draw in pixel mode.
struct FragmentAdapter {
  std::string (*adapt)(std::string fragment) = nullptr;
  bool pixelInputs = false;
};

class PresetShaderProgram {
 public:
  /// Links `vertexSource` (common GLSL subset, as gl::ShaderProgram takes it, VERTEX_SHADER part
  /// only) with the translated fragment shader, rewritten by `adapter` when given. GL003/GL004
  /// from the driver on failure.
  core::Diagnostics build(const shader::TranslatedShader& shader, gl::GlslDialect dialect,
                          std::string_view vertexSource, std::string_view name,
                          const ExternalTextureResolver& resolve, FragmentAdapter adapter = {});
  void reset();

  explicit operator bool() const { return static_cast<bool>(program_); }
  int maxBlurLevel() const { return maxBlurLevel_; }
  int textureUnits() const { return static_cast<int>(samplers_.size()); }
  bool usesRandomRotations() const { return usesRandomRotations_; }
  /// Built with an adapter that gives it PixelInputs' pixel mode.
  bool pixelInputs() const { return pixelInputs_; }
  /// A uniform of the program (the pass's own, e.g. what an adapter declared); -1 when inactive.
  GLint uniformLocation(const char* name) const { return program_.uniformLocation(name); }
  /// Names of the noise/user/random textures bound by bindTextures() (0s left out).
  std::vector<GLuint> externalTextures() const;

  void use() const { program_.use(); }
  /// Uploads every uniform the shader reads.
  void setConstants(const preset::ShaderConstants& constants) const;
  /// Binds every sampler's texture and sampler object to units 0..textureUnits()−1.
  void bindTextures(const ShaderFrameTextures& frame, const SamplerSet& samplers) const;
  void unbindTextures() const;

  /// The fragment source handed to the driver (tests, diagnostics).
  static std::string fragmentSource(const shader::TranslatedShader& shader);

 private:
  enum class Source : std::uint8_t { RandFrame, RandPreset, C, Q, Rotation, Fixed };
  struct Uniform {
    GLint location = -1;
    Source source = Source::Fixed;
    int index = 0;
    preset::Float4 fixed{};
  };
  struct Sampler {
    shader::TextureRef ref;
    ExternalTexture external;
  };
  gl::ShaderProgram program_;
  std::vector<Uniform> uniforms_;
  std::vector<Sampler> samplers_;
  int maxBlurLevel_ = 0;
  bool usesRandomRotations_ = false;
  bool pixelInputs_ = false;
};

}  // namespace phosphene::render
