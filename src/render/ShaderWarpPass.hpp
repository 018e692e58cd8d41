#pragma once
// The warp pass of a preset with a warp shader (spec §4.4, §8.1; MD2 milkdropfs.cpp
// WarpedBlit_Shaders): the warp mesh drawn with the preset's translated shader into this frame's
// canvas. Per vertex the shader gets _uv = (warped uv, original uv) in MD2's UV space (v down),
// _rad_ang from the mesh, and _vDiffuse = (1, 1, 1, blend mask): in the shader path MD2's vertex
// colour is white (ComputeGridAlphaValues), the decay is the shader's own business.
//
// MD2 draws the mesh in two halves (bottom rows, then top rows) and sets `ang` of the vertices on
// the left half of the centre row to −π for the first half and +π for the second, so `ang` does
// not interpolate across the atan2 seam. Reproduced: the seam vertices are rewritten between the
// two draws.

#include <cstdint>
#include <vector>

#include "core/Expected.hpp"
#include "gl/Buffer.hpp"
#include "gl/VertexArray.hpp"
#include "preset/FrameState.hpp"
#include "render/PassBlend.hpp"
#include "render/PresetShaderProgram.hpp"
#include "render/WarpMeshBuffers.hpp"

namespace phosphene::render {

class ShaderWarpPass {
 public:
  core::Diagnostics init();

  /// The vertex shader every warp shader is linked with.
  static const char* vertexSource();

  /// Draws the mesh with `program` (textures and constants already set) into the bound
  /// framebuffer. False, drawing nothing, when the mesh is missing or inconsistent.
  /// `blend` as WarpPass::draw.
  bool draw(const preset::FrameState& frame, const PresetShaderProgram& program,
            PassBlend blend = PassBlend::Opaque);

  const core::Diagnostics& lastErrors() const { return errors_; }

 private:
  struct Vertex {
    float x, y;          // clip space, y up
    float u, v, uo, vo;  // warped and original UV (v down)
    float rad, ang;
    float alpha;
  };
  bool prepareMesh(int gridX, int gridY, std::size_t vertexCount);

  gl::VertexArray vao_;
  WarpMeshBuffers mesh_;
  std::vector<Vertex> scratch_;
  core::Diagnostics errors_;
};

}  // namespace phosphene::render
