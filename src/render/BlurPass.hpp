#pragma once
// MD2's blur1..3 (spec §4.5; milkdropfs.cpp BlurPasses, blur1_ps.fx, blur2_ps.fx; plugin.cpp
// blur texture creation in AllocateMyDX9Stuff): six 8-bit targets; level N is a horizontal pass
// into target 2N−2 then a vertical pass into target 2N−1. The first pass reads the canvas the warp
// READ this frame (VS0: last frame's image plus this frame's motion vectors), each later pass the
// previous target. Sizes: a running w×h starts at the canvas size and is halved (floored at 16)
// before targets 0, 1, 2 and 4; target i is ⌊(w+3)/16⌋·16 × ⌊(h+3)/4⌋·4.
//
// Kernel: weights {4.0, 3.8, 3.5, 2.9, 1.9, 1.2, 0.7, 0.3} folded into 4 bilinear tap pairs
// (horizontal) and 2 (vertical, a deliberately coarser kernel); the horizontal pass packs the
// level's range with preset::blurPacking, the vertical pass of level 1 darkens the edges by
// blur1_edge_darken. Only levels up to `levels` are computed.
//
// Sampling is D3D9's, reproduced exactly rather than "fixed": MD2's full-screen quad maps clip
// y = −1 to v = 0, so each pass flips its image vertically, and with D3D9's pixel centres at
// integer coordinates a pixel samples at (x/W, 1 − y/H) plus blur1_ps.fx's (1, 1) and
// blur2_ps.fx's (1, 0) source texels. Every target is stored like the canvas (GL t = 1 − D3D v)
// with MD2's content, flips included: over blur1's two downsampling passes the offsets cancel
// (blur1 is centred on each pixel); blur2 and blur3 end up one source texel right of and below it.

#include <array>

#include "core/Expected.hpp"
#include "gl/Capabilities.hpp"
#include "gl/Framebuffer.hpp"
#include "gl/Sampler.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/VertexArray.hpp"
#include "preset/ShaderInputs.hpp"
#include "render/WarpPass.hpp"

namespace phosphene::render {

class BlurPass {
 public:
  static constexpr int kTargets = 6;

  core::Diagnostics init(gl::GlslDialect dialect);

  /// The size MD2 gives blur target `index` (0..5) for a canvas of w×h.
  static std::array<int, 2> targetSize(int canvasWidth, int canvasHeight, int index);

  /// Computes levels 1..`levels` (0..3) from `source` (the canvas VS0). Changes the framebuffer
  /// binding, viewport, program, VAO, unit 0's texture and sampler.
  core::Diagnostics run(const gl::Texture2D& source, int levels, const preset::BlurRanges& ranges,
                        float edgeDarken);

  /// Level 1..3 as computed by the last run (null when never computed at this size).
  const gl::Texture2D* level(int n) const;

 private:
  core::Diagnostics resize(int canvasWidth, int canvasHeight);

  gl::ShaderProgram horizontal_, vertical_;
  struct HorizontalLocations {
    GLint texSize = -1, target = -1, weights = -1, offsets = -1, scaleBias = -1;
  } h_;
  struct VerticalLocations {
    GLint texSize = -1, target = -1, weightsOffsets = -1, divEdge = -1;
  } v_;
  gl::VertexArray vao_;
  gl::Sampler clampSampler_;
  std::array<gl::Framebuffer, kTargets> targets_;
  int canvasWidth_ = 0, canvasHeight_ = 0;
  int computedLevels_ = 0;
};

}  // namespace phosphene::render
