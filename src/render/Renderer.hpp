#pragma once
// render::Renderer: one preset's FrameState turned into pixels, in MilkDrop 2's frame order
// (spec §4.1; milkdropfs.cpp RenderFrame):
//
//   1. motion vectors into last frame's canvas (VS0), so they are warped with the image;
//      on the first frame after a (re)allocation VS0 is then cleared, as MD2 does;
//   2. warp VS0 through the mesh into this frame's canvas (VS1);
//   3. custom shapes, custom waves, the built-in waveform, then sprites (darken-centre, outer and
//      inner borders), all into VS1;
//   4. composite to the host's target: VS1 for the fixed-function composite, VS0 when the comp
//      stage is a (generated) shader — MD2's sampler_main is VS0 there (spec §4.1 step 11);
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
//     each frame:
//       renderer.draw(runtime.step(audio, clock, {meshX, meshY, canvasW, canvasH}),
//                     {hostFbo, 0, outW, outH});            // or {0, hostTexture, outW, outH}
// canvasW/H normally equal the output size (MD2: canvas = window); they may differ.

#include <array>

#include "core/Expected.hpp"
#include "gl/Capabilities.hpp"
#include "gl/Framebuffer.hpp"
#include "gl/GlName.hpp"
#include "preset/FrameState.hpp"
#include "render/CanvasInfo.hpp"
#include "render/CompositePass.hpp"
#include "render/FeedbackCanvas.hpp"
#include "render/MotionVectorPass.hpp"
#include "render/ShapePass.hpp"
#include "render/SpritePass.hpp"
#include "render/WarpPass.hpp"
#include "render/WavePass.hpp"

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
  /// (Until preset shaders are translated, a non-empty shader block is drawn the same way.)
  static PresetStages fromPsVersions(int warpPsVersion, int compPsVersion) {
    return {warpPsVersion > 0 ? BuiltinStyle::GeneratedShader : BuiltinStyle::FixedFunction,
            compPsVersion > 0 ? BuiltinStyle::GeneratedShader : BuiltinStyle::FixedFunction};
  }
};

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
  void setHueRandom(const std::array<float, 4>& randStart) { composite_.setHueRandom(randStart); }

  /// Draws one frame (see the order above). Returns the GL errors and failures of this frame;
  /// empty when all went well.
  core::Diagnostics draw(const preset::FrameState& frame, const RenderTarget& target);

  /// Clears both canvases to black (e.g. on a hard cut the host wants to start clean).
  void clearFeedback();

  const FeedbackCanvas& canvas() const { return canvas_; }
  bool initialised() const { return initialised_; }

 private:
  core::Diagnostics bindTarget(const RenderTarget& target);

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
  gl::GlName<FramebufferObjectTraits> textureTarget_;
  GLuint textureTargetAttached_ = 0;
};

}  // namespace phosphene::render
