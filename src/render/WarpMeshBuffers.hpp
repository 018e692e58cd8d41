#pragma once
// The GPU buffers of a warp mesh, shared by the built-in warp (WarpPass) and the preset-shader
// warp (ShaderWarpPass): MD2's triangle list over a (gridX+1)×(gridY+1) vertex grid and a vertex
// buffer the pass rewrites in place every frame. Reallocated only when the grid size changes.

#include <cstddef>

#include "core/Diagnostic.hpp"
#include "gl/Buffer.hpp"
#include "gl/VertexArray.hpp"

namespace phosphene::render {

class WarpMeshBuffers {
 public:
  enum class Prepared { Unchanged, Reallocated, Failed };

  /// Makes the buffers fit a gridX×gridY mesh of vertexBytes-sized vertex data. Reallocated: new
  /// buffers, the element buffer already recorded in `vao` (bound while creating, so the host's
  /// VAO is never touched; unbound on return) — the caller sets its vertex attributes on
  /// vertices(). Failed: `errors` says why. Two triangles per cell, row by row from the bottom,
  /// each cell split along its bottom-right to top-left diagonal as MD2's m_indices_list
  /// (plugin.cpp: v, v+1, v+gx+1 and v+1, v+gx+1, v+gx+2).
  Prepared prepare(const gl::VertexArray& vao, int gridX, int gridY, std::size_t vertexBytes,
                   core::Diagnostics& errors);
  /// Forgets the grid size, so the next prepare() reallocates (a new VAO needs new attributes).
  void reset() { gridX_ = gridY_ = -1; }

  gl::Buffer& vertices() { return vertices_; }
  GLsizei indexCount() const { return indexCount_; }

 private:
  gl::Buffer indices_;   // static
  gl::Buffer vertices_;  // dynamic
  int gridX_ = -1, gridY_ = -1;
  GLsizei indexCount_ = 0;
};

}  // namespace phosphene::render
