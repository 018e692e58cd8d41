#pragma once
// The GL half of the text overlay (phosphene_overlay.h): the glyph atlas as a two-channel
// texture, one program for GLSL 3.30 core and ES 3.00, one vertex buffer, and one draw call per
// batch into whatever framebuffer the host has bound. The host's GL state is saved before and
// put back after (GlStateGuard), so the engine's next frame starts exactly as without overlay.

#include <cstddef>
#include <vector>

#include "core/Expected.hpp"
#include "gl/Buffer.hpp"
#include "gl/Capabilities.hpp"
#include "gl/CurrentContext.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/Texture2D.hpp"
#include "gl/VertexArray.hpp"
#include "render/text/GlyphAtlas.hpp"
#include "render/text/OverlayBatch.hpp"

namespace phosphene::render {

/// For the C API, which names no gl/ header (as in Renderer.hpp).
using ContextProbe = gl::ContextProbe;
using AbandonGlObjects = gl::AbandonGlObjects;

class TextOverlayRenderer {
 public:
  TextOverlayRenderer() = default;
  /// Probes the current context and builds the program: GL001/GL002 when there is none or it is
  /// below GL 3.3 / ES 3.0, GL003/GL004/GL006 when GL fails.
  static core::Expected<TextOverlayRenderer> create();

  /// Uploads the atlas rows that changed, then draws `vertices` (clip space) as triangles into
  /// the bound draw framebuffer with viewport 0, 0, width, height and alpha blending. Restores
  /// every piece of GL state it touches. Empty `vertices`: no GL call at all.
  core::Diagnostics draw(const std::vector<text::OverlayVertex>& vertices, text::GlyphAtlas& atlas,
                         int width, int height);

 private:
  core::Diagnostics uploadAtlas(text::GlyphAtlas& atlas);
  core::Diagnostics ensureCapacity(std::size_t vertices);

  gl::ShaderProgram program_;
  gl::Texture2D texture_;
  gl::Buffer buffer_;
  gl::VertexArray vao_;
  std::size_t capacity_ = 0;  // vertices
};

}  // namespace phosphene::render
