#pragma once
// A per-vertex value of the warp mesh (its warped UV) as a tiny float texture, one texel per
// vertex, and the GLSL that interpolates it at a pixel exactly as the mesh's triangles would.
// Why: on a software rasteriser (llvmpipe) the main thread sets up and bins every triangle, about
// 0.2 ms per 1,000; MD2's 48×36 mesh is 3,456 triangles per frame, the largest single cost of a
// small frame, and its edges make the fragment shader run twice on every 4×4 block they cross.
// Drawing ONE triangle and interpolating per pixel from (gridX+1)×(gridY+1) texels — three
// texelFetch and a few multiply-adds — removes both (git show dd13aca:bench/README.md, sixth
// session).
//
// The interpolation follows WarpMeshBuffers' triangles: cell (i, j) is split along its
// bottom-right to top-left diagonal into (v00, v10, v01) and (v10, v01, v11); a pixel takes the
// plane of the triangle its centre lies in. The two planes agree on the diagonal, so the
// rasteriser's tie rule does not matter.

#include <array>
#include <cstddef>

#include "core/Diagnostic.hpp"
#include "gl/Texture2D.hpp"

namespace phosphene::render {

/// GLSL (both dialects) defining
///   vec2 _phos_mesh_value(highp sampler2D grid, ivec2 cells, vec2 cellsPerPixel)
/// the grid's value at this fragment: `cells` = (gridX, gridY), `cellsPerPixel` = cells divided
/// by the viewport's size (which must start at the origin).
const char* meshInterpolationGlsl();

class WarpGridTexture {
 public:
  /// Uploads (gridX+1)×(gridY+1) value pairs, row 0 = the mesh's bottom row (vy = −1), as the
  /// texture's rows (GL's bottom-up order). Reallocates when the grid size changes. False (with
  /// `errors`) when the texture cannot be made.
  bool upload(int gridX, int gridY, const float* pairs, core::Diagnostics& errors);
  /// Binds the texture to `unit` with no sampler object (RG32F is read unfiltered); leaves unit 0
  /// active.
  void bind(int unit) const;
  /// upload(), bind(unit), and the interpolation's uniforms of the program in use: `cells` (at
  /// `cellsLocation`) and `cellsPerPixel` for a target of `viewport` (width, height).
  bool prepareDraw(int gridX, int gridY, const float* pairs, int unit, GLint cellsLocation,
                   GLint cellsPerPixelLocation, const std::array<int, 2>& viewport,
                   core::Diagnostics& errors);
  static void unbind(int unit);
  int gridX() const { return texture_.width() - 1; }
  int gridY() const { return texture_.height() - 1; }

 private:
  gl::Texture2D texture_;
};

}  // namespace phosphene::render
