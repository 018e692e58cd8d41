#pragma once
// render::Renderer: one preset's FrameState turned into pixels, in MilkDrop 2's frame order
// (spec §4.1; milkdropfs.cpp RenderFrame):
//
//   1. motion vectors into last frame's canvas (VS0), so they are warped with the image;
//      on the first frame after a (re)allocation VS0 is then cleared, as MD2 does;
//   2. warp VS0 through the mesh into this frame's canvas (VS1), with the preset's warp shader
//      when it has a usable one (ShaderWarpPass), else the built-in warp;
//   2b. blur levels 1..N from VS0 when the preset's shaders read GetBlurN / sampler_blurN
//      (BlurPass; RenderFrame calls BlurPasses right after the warp, and BlurPasses reads
//      m_lpVS[0]: MD2's comment says it blurs "the current frame after warp", the code binds
//      VS0, which is what runs);
//   3. custom shapes, custom waves, the built-in waveform, then sprites (darken-centre, outer and
//      inner borders), all into VS1;
//   4. composite to the host's target: VS1 for the fixed-function composite, VS0 when the comp
//      stage is a (generated or preset) shader — MD2's sampler_main is VS0 there (spec §4.1
//      step 11; ApplyShaderParams binds every `main` sampler to m_lpVS[0]);
//   5. swap the canvases.
//
// The canvas size is FrameState.inputs.canvasWidth/Height (the size the Runtime computed the mesh
// for), or the target's size when those are 0. The target may have any other size and aspect.
// Every GL state the call changes is restored (GlStateGuard.hpp lists it). Programs are compiled
// once in init(); a frame allocates nothing once sizes are stable. A Renderer owns GL objects of
// the context it was initialised in: draw and destroy it with that context current.
//
// Driving it from the preset stage (same thread, context current):
//     preset::Runtime runtime(milkPreset, globals);
//     render::Renderer renderer;
//     renderer.init(caps.dialect());                       // once per context
//     const auto& p = runtime.program().preset();          // on every preset load:
//     renderer.setStages(render::PresetStages::fromPsVersions(p.warpPsVersion, p.compPsVersion));
//     renderer.setPresetShaders({warpTranslation, compTranslation, random, startTime, name});
//     each frame:
//       renderer.draw(runtime.step(audio, clock, {meshX, meshY, canvasW, canvasH}),
//                     {hostFbo, 0, outW, outH});            // or {0, hostTexture, outW, outH}
// canvasW/H normally equal the output size (MD2: canvas = window); they may differ.

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "clock/Random.hpp"
#include "core/Expected.hpp"
#include "gl/Capabilities.hpp"
#include "gl/Framebuffer.hpp"
#include "gl/GlName.hpp"
#include "preset/FrameState.hpp"
#include "preset/ShaderInputs.hpp"
#include "render/BlurPass.hpp"
#include "render/CanvasInfo.hpp"
#include "render/CompositePass.hpp"
#include "render/FeedbackCanvas.hpp"
#include "render/MotionVectorPass.hpp"
#include "render/PresetShaderProgram.hpp"
#include "render/ShaderCompPass.hpp"
#include "render/ShaderWarpPass.hpp"
#include "render/ShapePass.hpp"
#include "render/SpritePass.hpp"
#include "render/WarpPass.hpp"
#include "render/WavePass.hpp"
#include "shader/TranslatedShader.hpp"

namespace phosphene::render {

/// Where the final image goes.
struct RenderTarget {
  /// A framebuffer the host owns (0 = the default framebuffer). Ignored when `texture` is set.
  GLuint framebuffer = 0;
  /// A GL_TEXTURE_2D the host owns, level 0, colour-renderable (e.g. RGBA8): render-to-texture.
  /// The Renderer wraps it in a framebuffer object it creates once and caches.
  GLuint texture = 0;
  int width = 0;
  int height = 0;
};

/// How the warp and comp stages of the current preset are drawn when they have no shader of
/// their own (spec §8.6).
struct PresetStages {
  BuiltinStyle warp = BuiltinStyle::FixedFunction;
  BuiltinStyle comp = BuiltinStyle::FixedFunction;

  /// PS version 0 → MD2's fixed-function path; > 0 → the shader MD2 generates for an empty block.
  /// A stage whose preset shader links (setPresetShaders) is drawn with it instead; these styles
  /// are the fallback when it does not.
  static PresetStages fromPsVersions(int warpPsVersion, int compPsVersion) {
    return {warpPsVersion > 0 ? BuiltinStyle::GeneratedShader : BuiltinStyle::FixedFunction,
            compPsVersion > 0 ? BuiltinStyle::GeneratedShader : BuiltinStyle::FixedFunction};
  }
};

/// A preset's translated shaders (null: the stage has none, or it did not translate) and the
/// random values MD2 draws at its load.
struct PresetShaders {
  std::shared_ptr<const shader::TranslatedShader> warp;
  std::shared_ptr<const shader::TranslatedShader> comp;
  preset::ShaderPresetRandom random;
  double startTime = 0.0;  // FrameInputs::time at load: shader `time` counts from here
  std::string name;        // for diagnostics
};

class NoiseTextures;
class TextureLibrary;

struct FramebufferObjectTraits {
  static void destroy(GLuint name) { glDeleteFramebuffers(1, &name); }
};

class Renderer {
 public:
  /// Compiles every pass's program for the current context. Call once per context, with that
  /// context current; draw() needs the same context.
  core::Diagnostics init(gl::GlslDialect dialect);

  void setStages(const PresetStages& stages) { stages_ = stages; }
  const PresetStages& stages() const { return stages_; }
  /// MD2's per-run random hue phases (m_fRandStart); seed them for reproducible output.
  void setHueRandom(const std::array<float, 4>& randStart) {
    randStart_ = randStart;
    composite_.setHueRandom(randStart);
  }
  /// Seeds the per-frame randoms (rand_frame, rot_rand*) and random-texture picks.
  void setSeed(std::uint64_t seed) { random_ = clock::Random(seed); }
  /// Folders searched for user and random textures (TextureLibrary).
  void setTextureSearchPath(std::vector<std::filesystem::path> dirs);

  gl::GlslDialect dialect() const { return dialect_; }

  /// Links the preset's shaders for this context (once per preset load, not per frame) and
  /// resolves their textures. A stage whose shader is null or does not compile/link uses its
  /// built-in style (setStages); the failures come back as SHD011 warnings, missing textures as
  /// the TextureLibrary's warnings. Clears the shaders of the previous preset.
  core::Diagnostics setPresetShaders(const PresetShaders& shaders);
  bool hasWarpShader() const { return static_cast<bool>(warpProgram_); }
  bool hasCompShader() const { return static_cast<bool>(compProgram_); }
  /// Highest blur level the current preset's shaders read (0: no blur pass runs).
  int blurLevels() const { return blurLevels_; }

  /// Draws one frame (see the order above). Returns the GL errors and failures of this frame;
  /// empty when all went well.
  core::Diagnostics draw(const preset::FrameState& frame, const RenderTarget& target);

  /// Clears both canvases to black (e.g. on a hard cut the host wants to start clean).
  void clearFeedback();

  const FeedbackCanvas& canvas() const { return canvas_; }
  const BlurPass& blur() const { return blur_; }
  bool initialised() const { return initialised_; }

  Renderer();
  ~Renderer();
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

 private:
  core::Diagnostics bindTarget(const RenderTarget& target);
  ExternalTexture resolveExternal(const shader::ShaderSampler& sampler,
                                  core::Diagnostics& diagnostics);
  preset::ShaderConstants shaderConstants(const preset::FrameState& frame, int canvasW,
                                          int canvasH);

  gl::GlslDialect dialect_ = gl::GlslDialect::Glsl330Core;
  bool initialised_ = false;
  PresetStages stages_;
  FeedbackCanvas canvas_;
  MotionVectorPass motionVectors_;
  WarpPass warp_;
  ShapePass shapes_;
  WavePass waves_;
  SpritePass sprites_;
  CompositePass composite_;
  // Preset shaders (issue 6).
  ShaderWarpPass shaderWarp_;
  ShaderCompPass shaderComp_;
  BlurPass blur_;
  PresetShaderProgram warpProgram_, compProgram_;
  preset::ShaderPresetRandom presetRandom_;
  double presetStartTime_ = 0.0;
  int blurLevels_ = 0;
  std::array<gl::GlName<SamplerObjectTraits>, 4> samplerObjects_;
  SamplerSet samplers_;
  std::unique_ptr<NoiseTextures> noise_;
  std::unique_ptr<TextureLibrary> textures_;
  std::vector<std::filesystem::path> textureSearchPath_;
  clock::Random random_{0};
  std::array<float, 4> randStart_{};
  gl::GlName<FramebufferObjectTraits> textureTarget_;
  GLuint textureTargetAttached_ = 0;
};

}  // namespace phosphene::render
