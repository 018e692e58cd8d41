#pragma once
// The one small program behind MilkDrop's 2-D overlay drawing (shapes, waves, motion vectors,
// sprites), and the vertex stream it reads. MD2 draws all of these with fixed-function D3D9:
// per-vertex colour, optionally modulated by the previous canvas (textured shapes), never lit.
// Its texture stage set-up (milkdropfs.cpp RenderFrame) is COLOROP = MODULATE(diffuse, texture)
// and ALPHAOP = SELECTARG1(diffuse): a texture changes the colour, never the alpha. The fragment
// shader reproduces exactly that.
//
// MD2's "thick" lines and fat dots redraw the same vertices shifted by one canvas pixel; the
// program takes that shift as a uniform so the vertices are uploaded once and drawn 1 or 4 times.
// GL_POINTS draws are one-pixel points (the vertex shader writes gl_PointSize = 1).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/Expected.hpp"
#include "gl/Buffer.hpp"
#include "gl/Capabilities.hpp"
#include "gl/ShaderProgram.hpp"
#include "gl/VertexArray.hpp"
#include "preset/FrameState.hpp"
#include "preset/WarpMesh.hpp"
#include "render/CanvasInfo.hpp"

namespace phosphene::render {

/// Position in clip space (y up), texture coordinate in GL's texture space (t = 0 at the bottom
/// row of the canvas), colour as the 8-bit values MD2 hands D3D.
struct ColorVertex {
  float x = 0.0f, y = 0.0f;
  float u = 0.0f, t = 0.0f;
  std::uint8_t r = 0, g = 0, b = 0, a = 0;
};

/// MD2's aspect factors (and their inverses) as the Renderer computed them for this canvas.
preset::AspectFactors aspectOf(const CanvasInfo& canvas);

/// The 8-bit colour of a FrameState colour (already quantised by the preset stage, so exact).
ColorVertex colorVertex(float x, float y, const preset::Rgba& c);

enum class BlendMode : std::uint8_t {
  Alpha,     // src·α + dst·(1 − α)  (D3DBLEND_SRCALPHA / INVSRCALPHA)
  Additive,  // src·α + dst           (D3DBLEND_SRCALPHA / ONE)
};

/// One draw call over a range of the uploaded vertices.
struct ColorDraw {
  GLenum primitive = GL_TRIANGLES;  // GL_TRIANGLES, GL_LINES, GL_LINE_STRIP or GL_POINTS
  std::size_t first = 0, count = 0;
  BlendMode blend = BlendMode::Alpha;
  bool textured = false;
  /// 1, or 4 for MD2's thick/fat drawing: cumulative shifts (0,0), (+1,0), (+1,+1 down), (0,+1
  /// down) canvas pixels (milkdropfs.cpp DrawWave / DrawCustomWaves / DrawCustomShapes), all on
  /// top of the half-pixel shift (right, down) that puts D3D9's pixel centres under GL's.
  int passes = 1;
};

class ColorVertexProgram {
 public:
  ColorVertexProgram() = default;
  static core::Expected<ColorVertexProgram> create(gl::GlslDialect dialect, const char* name);

  explicit operator bool() const { return static_cast<bool>(program_); }
  void use() const { program_.use(); }
  /// The clip-space shifts of the four passes (x, y pairs); instance i of a draw uses shift i.
  void setOffsets(const float (&shifts)[8]) const { glUniform2fv(offset_, 4, shifts); }
  /// Textured draws read texture unit 0.
  void setTextured(bool on) const { glUniform1i(textured_, on ? 1 : 0); }
  /// Desktop GL sizes points by glPointSize unless GL_PROGRAM_POINT_SIZE is on; ES always takes
  /// the shader's gl_PointSize.
  bool desktopGl() const { return desktopGl_; }

 private:
  gl::ShaderProgram program_;
  GLint offset_ = -1, textured_ = -1;
  bool desktopGl_ = true;
};

/// A persistent vertex buffer with its vertex array, grown (never shrunk) to the largest frame
/// seen, so a frame of stable size allocates nothing. Callers fill `vertices` and `draws`, then
/// call submit().
class ColorVertexBatch {
 public:
  ColorVertexBatch() = default;
  static core::Expected<ColorVertexBatch> create(std::size_t initialVertices);

  std::vector<ColorVertex> vertices;
  std::vector<ColorDraw> draws;

  void clear() {
    vertices.clear();
    draws.clear();
  }
  /// Appends a draw of the vertices added since `first`; merges it into the previous draw when
  /// both are GL_TRIANGLES, GL_LINES or GL_POINTS with the same state and contiguous (fewer
  /// calls, same order of primitives, so the same blended result).
  void addDraw(GLenum primitive, std::size_t first, BlendMode blend, bool textured = false,
               int passes = 1);

  /// Uploads the vertices (growing the GL buffer when needed) and issues every draw with `program`
  /// into the bound framebuffer. `pixelW`/`pixelH` are one canvas pixel in clip units. Blend state
  /// is set per draw; the caller restores it (BlendStateScope). Leaves program and VAO bound.
  /// Points are drawn with GL_PROGRAM_POINT_SIZE on in desktop GL (a host's glPointSize must not
  /// size them); that enable is put back before submit returns.
  core::Diagnostics submit(const ColorVertexProgram& program, float pixelW, float pixelH);

 private:
  core::Diagnostics ensureCapacity(std::size_t count);

  gl::Buffer buffer_;
  gl::VertexArray vao_;
  std::size_t capacity_ = 0;
};

/// Saves the blend enable, functions and equations on construction and puts them back on
/// destruction, so a pass leaves the blend state as it found it.
class BlendStateScope {
 public:
  BlendStateScope();
  ~BlendStateScope();
  BlendStateScope(const BlendStateScope&) = delete;
  BlendStateScope& operator=(const BlendStateScope&) = delete;

 private:
  GLboolean enabled_ = GL_FALSE;
  GLint srcRgb_ = GL_ONE, dstRgb_ = GL_ZERO, srcAlpha_ = GL_ONE, dstAlpha_ = GL_ZERO;
  GLint eqRgb_ = GL_FUNC_ADD, eqAlpha_ = GL_FUNC_ADD;
};

}  // namespace phosphene::render
