#pragma once
// Custom waves (spec §7.1) and the built-in waveform (spec §6), drawn into the canvas being
// written this frame, in MD2's order: custom waves 0..3, then the built-in wave
// (milkdropfs.cpp RenderFrame → DrawCustomWaves, DrawWave).
//
// Lines are 1-pixel GL lines (width 1 exists in core and ES); "thick" is MD2's own trick of
// drawing the strip 4 times shifted by one canvas pixel. One-pixel dots are GL points; wider dots
// (thick custom waves, canvases from 1024 wide) are quads, since GL clips a point by its centre
// where D3D9 draws the on-canvas part of the square, and ES need not support larger points.

#include "core/Expected.hpp"
#include "gl/Capabilities.hpp"
#include "preset/FrameState.hpp"
#include "render/CanvasInfo.hpp"
#include "render/ColorVertexProgram.hpp"

namespace phosphene::render {

class WavePass {
 public:
  /// Compiles the pass's program (once per context).
  core::Diagnostics init(gl::GlslDialect dialect);
  /// Draws into the bound framebuffer. Changes only the program, VAO and array buffer bindings.
  void draw(const preset::FrameState& frame, const CanvasInfo& canvas);
  /// What draw() does, in parts, for preset transitions (spec §9: the incoming preset's custom
  /// waves with alpha × p, the outgoing one's with alpha × (1 − p), then the built-in wave of the
  /// blended state). `alphaMultiplier` scales every point's alpha, re-quantised to 8 bits.
  void drawCustomWaves(const preset::FrameState& frame, const CanvasInfo& canvas,
                       double alphaMultiplier);
  void drawBuiltinWave(const preset::FrameState& frame, const CanvasInfo& canvas);

  /// Errors of the last draw (GL errors, buffer growth failures); empty when all went well.
  const core::Diagnostics& lastErrors() const { return errors_; }

  /// Dot edge in pixels for a custom wave: 1 (2 on canvases at least 1024 wide), +1 when thick
  /// (milkdropfs.cpp DrawCustomWaves, D3DRS_POINTSIZE).
  static int customDotSize(int canvasWidth, bool thick);

 private:
  void addCustomWave(const preset::CustomWaveState& wave, const CanvasInfo& canvas,
                     float alphaMultiplier = 1.0f);
  void submit(const CanvasInfo& canvas);
  void addBuiltinWave(const preset::BuiltinWaveState& wave, const CanvasInfo& canvas);

  ColorVertexProgram program_;
  ColorVertexBatch batch_;
  core::Diagnostics errors_;
};

}  // namespace phosphene::render
