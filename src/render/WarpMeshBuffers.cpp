#include "render/WarpMeshBuffers.hpp"

#include <cstdint>
#include <vector>

namespace phosphene::render {

core::Expected<WarpMeshBuffers> createWarpMeshBuffers(const gl::VertexArray& vao, int gridX,
                                                      int gridY, std::size_t vertexBytes) {
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
    return !ib ? ib.diagnostics() : vb.diagnostics();
  }
  WarpMeshBuffers out;
  out.indices = std::move(*ib);
  out.vertices = std::move(*vb);
  // Buffer::create unbinds what it bound; the VAO keeps the element buffer only if bound now.
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, out.indices.id());
  glBindVertexArray(0);
  out.indexCount = static_cast<GLsizei>(index.size());
  return out;
}

}  // namespace phosphene::render
