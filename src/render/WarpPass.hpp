#pragma once
// The warp pass (spec §4.4, §8.6; MD2 milkdropfs.cpp WarpedBlit_NoShaders): last frame's canvas
// drawn through the warp mesh into this frame's canvas, each texel multiplied by the decay.
//
// Two flavours of the built-in warp, chosen per preset:
//  * FixedFunction (warp PS version 0, every MD1 preset): decay enters as an 8-bit D3D vertex
//    colour, ((int)(decay·255)) & 0xFF, so 0.98 becomes 249/255 and decay > 1 wraps; address
//    mode wrap when the per-frame `wrap` > 0.5, else clamp.
//  * GeneratedShader (PS version > 0 with an empty warp block): MD2's generated HLSL multiplies
//    by decay printed with 2 decimals (plugin.cpp GenWarpPShaderText), unquantised.
// Sampling is bilinear in both. Vertex alpha carries the blend mask (1 outside preset blends).
//
// Outside transitions the pass draws ONE triangle and interpolates the mesh's UVs per pixel from a
// texel-per-vertex texture (WarpGridTexture: same values, no triangle setup, no overshading of
// the mesh's edges). With a transition's per-vertex blend mask, or a viewport not at the origin,
// it draws the mesh: its index buffer built once per mesh size, its vertex buffer allocated once
// per mesh size and refilled in place (glBufferSubData) every frame.

#include <array>
#include <cstdint>
#include <vector>

#include "core/Expected.hpp"
#include "gl/Buffer.hpp"
#include "gl/Capabilities.hpp"
#include "gl/GlName.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/Texture2D.hpp"
#include "gl/VertexArray.hpp"
#include "preset/FrameState.hpp"
#include "render/CanvasSamplers.hpp"
#include "render/PassBlend.hpp"
#include "render/WarpGridTexture.hpp"
#include "render/WarpMeshBuffers.hpp"

namespace phosphene::render {

/// How a stage without a preset shader is drawn (spec §8.6).
enum class BuiltinStyle : std::uint8_t { FixedFunction, GeneratedShader };

class WarpPass {
 public:
  /// Compiles the program and makes the samplers and VAO (once per context).
  core::Diagnostics init(gl::GlslDialect dialect);

  /// Draws `source` through `frame.mesh` into the bound framebuffer over the current viewport.
  /// Leaves blending as `blend` set it; changes the program, VAO, array buffer, and unit 0's
  /// texture and sampler bindings (the Renderer's GlStateGuard restores them). Errors go to
  /// lastErrors(). Returns false, drawing nothing, when the mesh is missing or inconsistent (uv
  /// count, sizes). `blend`: Opaque outside transitions; the incoming preset's pass of a transition
  /// uses Alpha (the mesh's per-vertex mix).
  bool draw(const preset::FrameState& frame, const gl::Texture2D& source,
            BuiltinStyle style = BuiltinStyle::FixedFunction, PassBlend blend = PassBlend::Opaque);

  /// The multiplier applied to every texel for this decay value and style (see above).
  static float effectiveDecay(double decay, BuiltinStyle style);
  /// Whether the per-frame `wrap` value selects wrapping (MD2 compares with the snap point 0.5).
  static bool wraps(double wrap) { return wrap > 0.5; }

  const core::Diagnostics& lastErrors() const { return errors_; }
  /// Whether the last draw interpolated the mesh per pixel (one triangle) rather than drawing it.
  bool lastDrawUsedPixels() const { return lastDrawUsedPixels_; }

 private:
  struct Vertex {
    float x, y;   // clip space, y up
    float s, t;   // GL texture space (t = 1 − v)
    float alpha;  // blend mask
  };
  bool prepareMesh(int gridX, int gridY, std::size_t vertexCount);
  bool drawPixels(const preset::WarpMeshState& mesh, float decay,
                  const std::array<int, 2>& viewport);
  bool drawMesh(const preset::WarpMeshState& mesh, float decay);

  gl::ShaderProgram program_;  // the mesh
  GLint decayLocation_ = -1;
  gl::ShaderProgram pixelProgram_;  // one triangle, the mesh interpolated from grid_
  GLint pixelDecayLocation_ = -1, pixelCellsLocation_ = -1, pixelCellsPerPixelLocation_ = -1;
  gl::VertexArray pixelVao_;
  WarpGridTexture grid_;
  std::vector<float> gridScratch_;
  bool lastDrawUsedPixels_ = false;
  gl::VertexArray vao_;
  WarpMeshBuffers mesh_;
  std::vector<Vertex> scratch_;
  CanvasSamplers samplers_;
  core::Diagnostics errors_;
};

}  // namespace phosphene::render
