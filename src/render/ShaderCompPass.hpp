#pragma once
// The composite pass of a preset with a comp shader (spec §4.8, §8.1; MD2 milkdropfs.cpp
// ShowToUser_Shaders): MD2's 32×24 composite grid (preset/CompositeGrid.hpp) drawn with the
// preset's translated shader onto the host's target. Per vertex: _uv = screen UV (v down),
// _rad_ang of the grid, _vDiffuse = (hue_shader colour, 1): MD2 always passes the raw corner hue
// colours (fShaderAmount = 1 in the shader path), 8-bit quantised, interpolated per vertex.
//
// Unlike the fixed-function composite, the grid covers the target exactly (no portrait stretch:
// ShowToUser_Shaders computes the aspect multipliers but the grid positions never use them).

#include <array>
#include <vector>

#include "core/Expected.hpp"
#include "gl/Buffer.hpp"
#include "gl/VertexArray.hpp"
#include "preset/CompositeGrid.hpp"
#include "preset/FrameState.hpp"
#include "render/PassBlend.hpp"
#include "render/PresetShaderProgram.hpp"

namespace phosphene::render {

class ShaderCompPass {
 public:
  core::Diagnostics init();
  static const char* vertexSource();

  /// Draws the grid with `program` (textures and constants already set) into the bound
  /// framebuffer over the current viewport. `canvasWidth/Height` decide rad (MD2 builds the grid
  /// for the canvas); `hueCorners` are the four corner colours of this frame. During a preset
  /// transition `blendMesh` is the warp mesh whose per-vertex mix becomes each grid vertex's
  /// alpha (_vDiffuse.a, preset::compositeGridAlpha) and `blend` how the pass lands on the
  /// target; outside transitions alpha is 1 and the pass is opaque.
  void draw(int canvasWidth, int canvasHeight,
            const std::array<std::array<float, 3>, 4>& hueCorners,
            const PresetShaderProgram& program, const preset::WarpMeshState* blendMesh = nullptr,
            PassBlend blend = PassBlend::Opaque);

  const core::Diagnostics& lastErrors() const { return errors_; }

 private:
  bool prepareGrid(int canvasWidth, int canvasHeight);

  gl::VertexArray vao_;
  gl::Buffer geometry_;  // static: position, uv, rad/ang
  gl::Buffer colours_;   // per frame: hue colour and blend alpha
  gl::Buffer indices_;
  preset::CompositeGrid grid_;
  int canvasWidth_ = -1, canvasHeight_ = -1;
  std::vector<float> hueScratch_, alphaScratch_, colourScratch_;
  core::Diagnostics errors_;
};

}  // namespace phosphene::render
