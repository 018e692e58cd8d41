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
//
// Pixel inputs (render/PixelInputs.hpp): outside transitions the preset's shader runs once per
// pixel over one triangle; the mesh's warped UVs are uploaded every frame as a texel per vertex
// and interpolated per pixel as the mesh's triangles would (WarpGridTexture), rad/ang come from
// an RG32F map the mesh is drawn into (in the same two halves) once per mesh, uv_orig from the
// pixel.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/Expected.hpp"
#include "gl/Buffer.hpp"
#include "gl/Capabilities.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/VertexArray.hpp"
#include "preset/FrameState.hpp"
#include "render/PassBlend.hpp"
#include "render/PixelInputs.hpp"
#include "render/PresetShaderProgram.hpp"
#include "render/WarpGridTexture.hpp"
#include "render/WarpMeshBuffers.hpp"

namespace phosphene::render {

class ShaderWarpPass {
 public:
  core::Diagnostics init(gl::GlslDialect dialect);

  /// The vertex shader every warp shader is linked with (outputs named as fragmentAdapter's
  /// rewrite renames the shader's inputs).
  static const char* vertexSource();
  /// How `shader` links with vertexSource(): always with pixel mode. (Until the UV grid replaced a
  /// per-frame UV map drawn through the mesh, only shaders with more than three texture reads or
  /// a loop gained from it; now every warp shader does, measured on llvmpipe in bench/README.md.)
  static FragmentAdapter fragmentAdapter(const shader::TranslatedShader& shader);

  /// Draws the mesh with `program` (textures and constants already set) into the bound
  /// framebuffer. False, drawing nothing, when the mesh is missing or inconsistent.
  /// `blend` as WarpPass::draw. Draws one triangle with pixel inputs where the mesh has no
  /// transition mask (every alpha 1) and the context allows, the mesh otherwise.
  bool draw(const preset::FrameState& frame, const PresetShaderProgram& program,
            PassBlend blend = PassBlend::Opaque);

  const core::Diagnostics& lastErrors() const { return errors_; }
  /// Whether the last draw() used pixel inputs (tests).
  bool lastDrawUsedPixelInputs() const { return lastPixelInputs_; }

 private:
  struct Vertex {
    float x, y;          // clip space, y up
    float u, v, uo, vo;  // warped and original UV (v down)
    float rad, ang;
    float alpha;
  };
  bool prepareMesh(int gridX, int gridY, std::size_t vertexCount);
  void drawHalves(const preset::MeshGeometry& g);
  bool drawWithPixelInputs(const preset::WarpMeshState& mesh, const PresetShaderProgram& program,
                           PassBlend blend);

  gl::VertexArray vao_;
  WarpMeshBuffers mesh_;
  std::vector<Vertex> scratch_;
  core::Diagnostics errors_;
  WarpGridTexture uvGrid_;           // warped UV per vertex, uploaded every frame
  bool meshUploaded_ = false;        // scratch_ is in the vertex buffer (drawHalves uploads)
  gl::ShaderProgram radAngProgram_;  // draws the mesh's rad/ang into radAngMap_
  PixelInputMap radAngMap_;          // drawn once per mesh
  std::array<int, 4> radAngMesh_{};  // grid x, y, canvas w, h of radAngMap_
  bool lastPixelInputs_ = false;
};

}  // namespace phosphene::render
