#pragma once
// The composite pass of a preset with a comp shader (spec §4.8, §8.1; MD2 milkdropfs.cpp
// ShowToUser_Shaders): MD2's 32×24 composite grid (preset/CompositeGrid.hpp) drawn with the
// preset's translated shader onto the host's target. Per vertex: _uv = screen UV (v down),
// _rad_ang of the grid, _vDiffuse = (hue_shader colour, 1): MD2 always passes the raw corner hue
// colours (fShaderAmount = 1 in the shader path), 8-bit quantised, interpolated per vertex.
//
// Unlike the fixed-function composite, the grid covers the target exactly (no portrait stretch:
// ShowToUser_Shaders computes the aspect multipliers but the grid positions never use them).
//
// Pixel inputs (render/PixelInputs.hpp): outside transitions the pass draws one triangle and
// the shader reads _uv from the pixel (it is linear over the grid) and _rad_ang from a map of the
// grid's interpolated values, drawn once per size. The grid stays for what a pixel cannot
// recompute exactly: shaders that read hue_shader (per-vertex 8-bit colours), transitions
// (per-vertex alpha), and contexts without float render targets.

#include <array>
#include <vector>

#include "core/Expected.hpp"
#include "gl/Buffer.hpp"
#include "gl/Capabilities.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/VertexArray.hpp"
#include "preset/CompositeGrid.hpp"
#include "preset/FrameState.hpp"
#include "render/PassBlend.hpp"
#include "render/PixelInputs.hpp"
#include "render/PresetShaderProgram.hpp"

namespace phosphene::render {

class ShaderCompPass {
 public:
  core::Diagnostics init(gl::GlslDialect dialect);
  /// The vertex stage every comp program links with (outputs named as fragmentAdapter's rewrite
  /// renames the shader's inputs).
  static const char* vertexSource();
  /// How `shader` links with vertexSource(): with pixel mode unless it reads hue_shader.
  static FragmentAdapter fragmentAdapter(const shader::TranslatedShader& shader);

  /// Draws the grid with `program` (textures and constants already set) into the bound
  /// framebuffer over the current viewport. `canvasWidth/Height` decide rad (MD2 builds the grid
  /// for the canvas); `hueCorners` are the four corner colours of this frame. During a preset
  /// transition `blendMesh` is the warp mesh whose per-vertex mix becomes each grid vertex's
  /// alpha (_vDiffuse.a, preset::compositeGridAlpha) and `blend` how the pass lands on the
  /// target; outside transitions alpha is 1 and the pass is opaque. Draws one triangle with pixel
  /// inputs where that gives the grid's picture (see above), the grid otherwise.
  void draw(int canvasWidth, int canvasHeight,
            const std::array<std::array<float, 3>, 4>& hueCorners,
            const PresetShaderProgram& program, const preset::WarpMeshState* blendMesh = nullptr,
            PassBlend blend = PassBlend::Opaque);

  const core::Diagnostics& lastErrors() const { return errors_; }
  /// Whether the last draw() used pixel inputs (tests).
  bool lastDrawUsedPixelInputs() const { return lastPixelInputs_; }

 private:
  bool prepareGrid(int canvasWidth, int canvasHeight);
  bool drawWithPixelInputs(int canvasWidth, int canvasHeight, const PresetShaderProgram& program,
                           PassBlend blend);

  gl::VertexArray vao_;
  gl::Buffer geometry_;  // static: position, uv, rad/ang
  gl::Buffer colours_;   // per frame: hue colour and blend alpha
  gl::Buffer indices_;
  preset::CompositeGrid grid_;
  int canvasWidth_ = -1, canvasHeight_ = -1;
  std::vector<float> hueScratch_, alphaScratch_, colourScratch_;
  core::Diagnostics errors_;

  gl::ShaderProgram mapProgram_;    // draws the grid's rad/ang into map_
  PixelInputMap map_;               // RG32F: rad, ang
  std::array<int, 2> mapCanvas_{};  // the canvas size map_ was drawn for
  bool lastPixelInputs_ = false;
};

}  // namespace phosphene::render
