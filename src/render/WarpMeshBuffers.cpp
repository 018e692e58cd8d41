#include "render/WarpMeshBuffers.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace phosphene::render {

WarpMeshBuffers::Prepared WarpMeshBuffers::prepare(const gl::VertexArray& vao, int gridX, int gridY,
                                                   std::size_t vertexBytes,
                                                   core::Diagnostics& errors) {
  if (gridX == gridX_ && gridY == gridY_ && vertices_.id() != 0) return Prepared::Unchanged;
  std::vector<std::uint32_t> index;
  index.reserve(static_cast<std::size_t>(gridX) * static_cast<std::size_t>(gridY) * 6);
  const auto row = static_cast<std::uint32_t>(gridX + 1);
  for (int j = 0; j < gridY; ++j) {
    for (int i = 0; i < gridX; ++i) {
      const std::uint32_t v = static_cast<std::uint32_t>(j) * row + static_cast<std::uint32_t>(i);
      for (std::uint32_t k : {v, v + 1, v + row, v + 1, v + row, v + row + 1}) index.push_back(k);
    }
  }
  vao.bind();
  auto ib = gl::Buffer::create(GL_ELEMENT_ARRAY_BUFFER, index.size() * sizeof(std::uint32_t),
                               index.data(), GL_STATIC_DRAW);
  auto vb = gl::Buffer::create(GL_ARRAY_BUFFER, vertexBytes, nullptr, GL_DYNAMIC_DRAW);
  if (!ib || !vb) {
    glBindVertexArray(0);
    errors = !ib ? ib.diagnostics() : vb.diagnostics();
    return Prepared::Failed;
  }
  indices_ = std::move(*ib);
  vertices_ = std::move(*vb);
  // Buffer::create unbinds what it bound; the VAO keeps the element buffer only if bound now.
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.id());
  glBindVertexArray(0);
  indexCount_ = static_cast<GLsizei>(index.size());
  gridX_ = gridX;
  gridY_ = gridY;
  return Prepared::Reallocated;
}

}  // namespace phosphene::render
