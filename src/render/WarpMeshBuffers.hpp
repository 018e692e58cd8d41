#pragma once
// The GPU buffers of a warp mesh, shared by the built-in warp (WarpPass) and the preset-shader
// warp (ShaderWarpPass): MD2's triangle list over a (gridX+1)×(gridY+1) vertex grid and a vertex
// buffer the pass rewrites in place every frame.

#include <cstddef>

#include "core/Expected.hpp"
#include "gl/Buffer.hpp"
#include "gl/VertexArray.hpp"

namespace phosphene::render {

struct WarpMeshBuffers {
  gl::Buffer indices;   // static
  gl::Buffer vertices;  // dynamic, vertexBytes, uninitialised
  GLsizei indexCount = 0;
};

/// Creates both buffers with `vao` bound, so the element buffer binding lands in `vao` (never in
/// the host's VAO); `vao` is unbound again on return. The caller adds its attributes.
/// Two triangles per cell, row by row from the bottom, each cell split along its bottom-right to
/// top-left diagonal as MD2's m_indices_list (plugin.cpp: v, v+1, v+gx+1 and v+1, v+gx+1, v+gx+2).
core::Expected<WarpMeshBuffers> createWarpMeshBuffers(const gl::VertexArray& vao, int gridX,
                                                      int gridY, std::size_t vertexBytes);

}  // namespace phosphene::render
