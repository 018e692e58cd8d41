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
#include <span>
#include <string>
#include <vector>

#include "clock/Random.hpp"
#include "core/Expected.hpp"
#include "gl/Capabilities.hpp"
#include "gl/CurrentContext.hpp"
#include "gl/Framebuffer.hpp"
#include "gl/GlName.hpp"
#include "gl/Sampler.hpp"
#include "gl/Texture2D.hpp"
#include "preset/FrameState.hpp"
#include "preset/ShaderInputs.hpp"
#include "render/BlurPass.hpp"
#include "render/CanvasInfo.hpp"
#include "render/CompositePass.hpp"
#include "render/FeedbackCanvas.hpp"
#include "render/MessagePass.hpp"
#include "render/MotionVectorPass.hpp"
#include "render/PresetGpuState.hpp"
#include "render/PresetShaderProgram.hpp"
#include "render/ShaderCompPass.hpp"
#include "render/ShaderWarpPass.hpp"
#include "render/ShapePass.hpp"
#include "render/SpritePass.hpp"
#include "render/TextureFile.hpp"
#include "render/TextureProvider.hpp"
#include "render/UserSpritePass.hpp"
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

/// A texture file decoded ahead of linking (no GL needed to make one).
struct StagedTexture {
  std::filesystem::path file;
  std::shared_ptr<const DecodedImage> image;
};

/// One preset's part of a frame: what its Runtime computed and its GPU state.
struct PresetFrame {
  const preset::FrameState* frame = nullptr;
  const PresetGpuState* gpu = nullptr;
};

/// What one draw() shows: the current preset, and during a transition the outgoing one (spec §9).
/// During a transition `incoming.frame` is the blended state: mixed per-frame values, blended
/// warp texcoords and the per-vertex mix in mesh.alpha (preset::blendWarpUv); `progress` is the
/// linear blend progress p that scales the custom shapes' and waves' alpha (new × p, old × 1 − p).
struct FrameDraw {
  PresetFrame incoming;
  PresetFrame outgoing;  // both null outside transitions
  double progress = 1.0;
  /// The host's user sprites (issue 35), drawn after the composite, burnt ones into the canvas.
  std::span<const UserSpriteDraw> sprites;
  /// Custom message / song title / preset name (MessagePass); null: none.
  const TextLayer* text = nullptr;
  /// Clear last frame's canvas to black before this frame warps it (a preset that starts clean).
  bool clearCanvas = false;
  /// Host textures drawn into last frame's canvas (after clearCanvas) before this frame warps it,
  /// so the preset's motion carries them (phosphene_engine_burn_texture).
  std::span<const CanvasBurn> burns;
  bool transitioning() const { return outgoing.frame != nullptr && outgoing.gpu != nullptr; }
};

/// For the engine, which names no gl/ header: a cached "is a context current?" and the scope that
/// forgets GL objects instead of deleting them (gl/CurrentContext.hpp).
using ContextProbe = gl::ContextProbe;
using AbandonGlObjects = gl::AbandonGlObjects;

class NoiseTextures;
class TextureLibrary;

struct FramebufferObjectTraits {
  static void destroy(GLuint name) { glDeleteFramebuffers(1, &name); }
};

class Renderer {
 public:
  /// Probes the current context (GL 3.3 core or ES 3.0 at least) and makes an initialised
  /// renderer for it. The error says why when there is no usable context.
  static core::Expected<std::unique_ptr<Renderer>> createForCurrentContext();

  /// Compiles every pass's program for the current context. Call once per context, with that
  /// context current; draw() needs the same context.
  core::Diagnostics init(gl::GlslDialect dialect);

  /// Links a preset's shaders for this context into `out` (once per preset load, not per frame)
  /// and resolves their textures through the context-wide cache. A stage whose shader is null or
  /// does not compile/link uses its built-in style; the failures come back as SHD011 warnings,
  /// missing textures as the TextureLibrary's warnings. Textures no live preset binds any more
  /// may be evicted from the cache here (`keep` lists the other live presets).
  /// Decoded images of texture files (found and decoded on a loader thread) that the next
  /// linkPreset may bind: it then uploads them instead of reading the files.
  void stageDecodedTextures(const std::vector<StagedTexture>& textures);
  core::Diagnostics linkPreset(const PresetShaders& shaders, const PresetStages& stages,
                               PresetGpuState& out,
                               const std::vector<const PresetGpuState*>& keep = {});
  /// linkPreset in two halves, for hosts that spread the work over two frames (a shader link
  /// costs tens of milliseconds on a software rasteriser): the warp program first, then the comp
  /// program with the blur levels and the cache eviction.
  core::Diagnostics linkPresetWarp(const PresetShaders& shaders, const PresetStages& stages,
                                   PresetGpuState& out);
  core::Diagnostics linkPresetComp(const PresetShaders& shaders, PresetGpuState& out,
                                   const std::vector<const PresetGpuState*>& keep = {});

  /// The renderer's own preset slot, for callers that draw one preset (tests, tools):
  /// setStages/setPresetShaders fill it and draw(frame, target) draws with it.
  void setStages(const PresetStages& stages) { own_.stages = stages; }
  const PresetStages& stages() const { return own_.stages; }
  core::Diagnostics setPresetShaders(const PresetShaders& shaders) {
    return linkPreset(shaders, own_.stages, own_);
  }
  bool hasWarpShader() const { return own_.hasWarpShader(); }
  bool hasCompShader() const { return own_.hasCompShader(); }
  int blurLevels() const { return own_.blurLevels; }

  /// MD2's per-run random hue phases (m_fRandStart); seed them for reproducible output.
  void setHueRandom(const std::array<float, 4>& randStart) {
    randStart_ = randStart;
    composite_.setHueRandom(randStart);
  }
  /// Seeds the per-frame randoms (rand_frame, rot_rand*) and random-texture picks.
  void setSeed(std::uint64_t seed) { random_ = clock::Random(seed); }
  /// Folders searched for user and random textures (TextureLibrary).
  void setTextureSearchPath(std::vector<std::filesystem::path> dirs,
                            std::vector<std::filesystem::path> collection = {});

  /// The host's texture provider (TextureLibrary::setProvider), asked at the next links.
  void setTextureProvider(TextureProvider provider, std::uint64_t generation);

  gl::GlslDialect dialect() const { return dialect_; }

  /// Draws one frame of the renderer's own preset slot (see the order above).
  core::Diagnostics draw(const preset::FrameState& frame, const RenderTarget& target);
  /// Draws one frame: the incoming preset, blended with the outgoing one during a transition.
  /// Returns the GL errors and failures of this frame; empty when all went well.
  core::Diagnostics draw(const FrameDraw& frame, const RenderTarget& target);
  /// Composites the frame the last draw() drew into another target (a second view, a redraw):
  /// only step 4 runs, with that frame's shader constants, so it changes no canvas and draws no
  /// random numbers — the frames after it are the same as without it. `frame` must be the one
  /// last drawn (its states still alive). Nothing drawn yet: clears the target.
  core::Diagnostics redraw(const FrameDraw& frame, const RenderTarget& target);
  /// Whether a GL context is current on this thread (libepoxy aborts the process on a GL call
  /// without one, so entry points check first).
  static bool contextCurrent();
  /// The draw framebuffer bound in the current context (a host drawing "to what is bound").
  static GLuint boundDrawFramebuffer();
  /// Textures in the context-wide cache (user and random textures).
  std::size_t cachedTextureCount() const;

  /// Clears `target` to opaque black (nothing to show yet).
  core::Diagnostics clearTarget(const RenderTarget& target);
  /// Clears both canvases to black (e.g. on a hard cut the host wants to start clean).
  void clearFeedback();
  /// The canvas the last draw() left (the next warp's input) as RGBA8, rows top first; 0 × 0
  /// and nothing read before the first draw. `pixels` null: only the size. Every GL state it
  /// changes is put back (the pack alignment and pixel-pack buffer too).
  void readCanvas(std::vector<std::uint8_t>* pixels, int& width, int& height);

  const FeedbackCanvas& canvas() const { return canvas_; }
  const BlurPass& blur() const { return blur_; }
  bool initialised() const { return initialised_; }

  Renderer();
  ~Renderer();
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

 private:
  core::Diagnostics bindTarget(const RenderTarget& target);
  core::Diagnostics buildPresetProgram(const PresetShaders& shaders, PresetShaderProgram& program,
                                       bool warp);
  ExternalTexture resolveExternal(const shader::ShaderSampler& sampler,
                                  core::Diagnostics& diagnostics);
  preset::ShaderConstants shaderConstants(const PresetFrame& preset,
                                          const std::array<float, 4>& randFrame, int canvasW,
                                          int canvasH);
  /// The warp of one preset (its shader, or the built-in warp with its stage style) from
  /// `source` through `mesh`'s texcoords into the bound canvas. False when nothing was drawn.
  bool drawWarp(const preset::FrameState& mesh, const PresetGpuState& gpu,
                preset::ShaderConstants* constants, const ShaderFrameTextures& textures,
                const gl::Texture2D& source, PassBlend blend, core::Diagnostics& errors);
  void drawShaderComp(const preset::FrameState& blended, const PresetGpuState& gpu,
                      preset::ShaderConstants& constants, const ShaderFrameTextures& textures,
                      int canvasW, int canvasH, PassBlend blend, bool freshRandoms,
                      core::Diagnostics& errors);
  /// What step 4 needs, kept from the last draw for redraw().
  struct CompositeInputs {
    preset::ShaderConstants in, out;
    int canvasW = 0, canvasH = 0;
    int blurLevels = 0;
    bool valid = false;
  };
  /// Step 4b: the message pass over the composited picture in `target`.
  void drawTextOver(const FrameDraw& draw, const RenderTarget& target, core::Diagnostics& errors);
  /// Step 4: composites `current`/`previous` (as they were at the end of step 3) to the target.
  /// freshRandoms: draw this frame's rot_rand values (a draw), or reuse them (a redraw).
  void compositeTo(const FrameDraw& draw, const RenderTarget& target,
                   const gl::Framebuffer& current, const gl::Framebuffer& previous,
                   CompositeInputs& inputs, bool freshRandoms, core::Diagnostics& errors);

  /// Step 4b: the user sprites into the bound target and, on a draw (`burnInto`), the burnt ones
  /// into this frame's canvas.
  void drawUserSprites(const FrameDraw& draw, const RenderTarget& target,
                       const gl::Framebuffer* burnInto, core::Diagnostics& errors);

  gl::GlslDialect dialect_ = gl::GlslDialect::Glsl330Core;
  bool initialised_ = false;
  PresetGpuState own_;
  FeedbackCanvas canvas_;
  MotionVectorPass motionVectors_;
  WarpPass warp_;
  ShapePass shapes_;
  WavePass waves_;
  SpritePass sprites_;
  UserSpritePass userSprites_;
  MessagePass messages_;
  CompositePass composite_;
  ShaderWarpPass shaderWarp_;
  ShaderCompPass shaderComp_;
  BlurPass blur_;
  std::array<gl::Sampler, 4> samplerObjects_;
  SamplerSet samplers_;
  std::unique_ptr<NoiseTextures> noise_;
  // MilkDrop 3's sampler_fft: 512 x 2 texels (rows 0.25 and 0.75 of get_fft / get_fft_peak),
  // made when a linked shader first samples it and refreshed every frame from then on.
  gl::Texture2D fft_;
  std::vector<std::uint8_t> fftPixels_;
  void uploadFft(const preset::FrameState& frame);
  std::unique_ptr<TextureLibrary> textures_;
  std::vector<std::filesystem::path> textureSearchPath_;
  std::vector<std::filesystem::path> textureCollection_;  // fallback folders (TextureFinder)
  TextureProvider textureProvider_;
  std::uint64_t textureProviderGeneration_ = 0;
  clock::Random random_{0};
  std::array<float, 4> randStart_{};
  gl::GlName<FramebufferObjectTraits> textureTarget_;
  GLuint textureTargetAttached_ = 0;
  CompositeInputs lastComposite_;
};

}  // namespace phosphene::render
