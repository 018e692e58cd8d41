#include "render/ColorVertexProgram.hpp"

#include <algorithm>
#include <cmath>

#include "gl/GlErrors.hpp"

namespace phosphene::render {
namespace {

// One source for GLSL 3.30 core and GLSL ES 3.00 (gl::shaderPrelude adds version and precision).
constexpr const char* kShader = R"(
#ifdef VERTEX_SHADER
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec2 aTex;
layout(location = 2) in vec4 aColor;
uniform vec2 uOffset[4];  // a thick draw's passes are its instances
out vec2 vTex;
out vec4 vColor;
void main() {
  vTex = aTex;
  vColor = aColor;
  gl_Position = vec4(aPos + uOffset[gl_InstanceID], 0.0, 1.0);
  gl_PointSize = 1.0;  // read only by GL_POINTS draws
}
#endif
#ifdef FRAGMENT_SHADER
in vec2 vTex;
in vec4 vColor;
uniform sampler2D uTexture;
uniform int uTextured;
layout(location = 0) out vec4 fragColor;
void main() {
  vec4 c = vColor;
  if (uTextured != 0) c.rgb *= texture(uTexture, vTex).rgb;
  fragColor = c;
}
#endif
)";

std::uint8_t toByte(float c) {
  return static_cast<std::uint8_t>(std::clamp(std::lround(c * 255.0f), 0L, 255L));
}

GLenum glBlendDst(BlendMode mode) {
  return mode == BlendMode::Additive ? GL_ONE : GL_ONE_MINUS_SRC_ALPHA;
}

// Turns GL_PROGRAM_POINT_SIZE on for the draws of one submit and back to what it was. A build
// against the GLES 3 header only ever runs in ES contexts, where the enable does not exist.
class ProgramPointSizeScope {
 public:
  explicit ProgramPointSizeScope(bool active) : active_(active) {
#if !defined(PHOSPHENE_GL_NATIVE_GLES3)
    if (!active_) return;
    wasEnabled_ = glIsEnabled(GL_PROGRAM_POINT_SIZE);
    if (!wasEnabled_) glEnable(GL_PROGRAM_POINT_SIZE);
#endif
  }
  ~ProgramPointSizeScope() {
#if !defined(PHOSPHENE_GL_NATIVE_GLES3)
    if (active_ && !wasEnabled_) glDisable(GL_PROGRAM_POINT_SIZE);
#endif
  }
  ProgramPointSizeScope(const ProgramPointSizeScope&) = delete;
  ProgramPointSizeScope& operator=(const ProgramPointSizeScope&) = delete;

 private:
  bool active_ = false;
  GLboolean wasEnabled_ = GL_TRUE;
};

}  // namespace

preset::AspectFactors aspectOf(const CanvasInfo& canvas) {
  preset::AspectFactors f;
  f.aspectX = canvas.aspectX > 0.0f ? canvas.aspectX : 1.0f;
  f.aspectY = canvas.aspectY > 0.0f ? canvas.aspectY : 1.0f;
  f.invAspectX = 1.0f / f.aspectX;
  f.invAspectY = 1.0f / f.aspectY;
  return f;
}

ColorVertex colorVertex(float x, float y, const preset::Rgba& c) {
  return ColorVertex{x, y, 0.0f, 0.0f, toByte(c.r), toByte(c.g), toByte(c.b), toByte(c.a)};
}

core::Expected<ColorVertexProgram> ColorVertexProgram::create(gl::GlslDialect dialect,
                                                              const char* name) {
  auto program = gl::ShaderProgram::create(dialect, kShader, name);
  if (!program) return program.diagnostics();
  ColorVertexProgram p;
  p.program_ = std::move(*program);
  p.desktopGl_ = dialect == gl::GlslDialect::Glsl330Core;
  p.offset_ = p.program_.uniformLocation("uOffset[0]");
  p.textured_ = p.program_.uniformLocation("uTextured");
  // The sampler always reads unit 0; set once, it is program state.
  p.program_.use();
  glUniform1i(p.program_.uniformLocation("uTexture"), 0);
  glUseProgram(0);
  return p;
}

core::Expected<ColorVertexBatch> ColorVertexBatch::create(std::size_t initialVertices) {
  ColorVertexBatch batch;
  auto errors = batch.ensureCapacity(std::max<std::size_t>(initialVertices, 64));
  if (!errors.empty()) return errors;
  return batch;
}

core::Diagnostics ColorVertexBatch::ensureCapacity(std::size_t count) {
  if (count <= capacity_ && buffer_.id() != 0) return {};
  // Grow geometrically so a slowly growing frame reallocates only a few times.
  std::size_t capacity = std::max<std::size_t>(capacity_, 64);
  while (capacity < count) capacity *= 2;
  auto buffer = gl::Buffer::create(GL_ARRAY_BUFFER, capacity * sizeof(ColorVertex), nullptr);
  if (!buffer) return buffer.diagnostics();
  if (vao_.id() == 0) {
    auto vao = gl::VertexArray::create();
    if (!vao) return vao.diagnostics();
    vao_ = std::move(*vao);
  }
  constexpr auto stride = static_cast<GLsizei>(sizeof(ColorVertex));
  vao_.attribute(0, *buffer, 2, GL_FLOAT, false, stride, offsetof(ColorVertex, x));
  vao_.attribute(1, *buffer, 2, GL_FLOAT, false, stride, offsetof(ColorVertex, u));
  vao_.attribute(2, *buffer, 4, GL_UNSIGNED_BYTE, true, stride, offsetof(ColorVertex, r));
  buffer_ = std::move(*buffer);
  capacity_ = capacity;
  return {};
}

void ColorVertexBatch::addDraw(GLenum primitive, std::size_t first, BlendMode blend, bool textured,
                               int passes) {
  const std::size_t count = vertices.size() - first;
  if (count == 0) return;
  if (!draws.empty()) {
    ColorDraw& last = draws.back();
    // Line strips cannot be joined; several passes of two ranges would interleave differently.
    const bool joinable =
        primitive == GL_TRIANGLES || primitive == GL_LINES || primitive == GL_POINTS;
    if (joinable && last.primitive == primitive && last.blend == blend &&
        last.textured == textured && last.passes == 1 && passes == 1 &&
        last.first + last.count == first) {
      last.count += count;
      return;
    }
  }
  draws.push_back(ColorDraw{primitive, first, count, blend, textured, passes});
}

core::Diagnostics ColorVertexBatch::submit(const ColorVertexProgram& program, float pixelW,
                                           float pixelH) {
  core::Diagnostics errors;
  if (draws.empty() || vertices.empty()) return errors;
  errors = ensureCapacity(vertices.size());
  if (!errors.empty()) return errors;
  buffer_.update(0, vertices.size() * sizeof(ColorVertex), vertices.data());

  program.use();
  vao_.bind();
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  // MD2 blends alpha with the same factors as colour (no separate alpha blend).
  // Direct3D 9 puts pixel centres on integer window coordinates, GL half a pixel further right
  // and down: moving MD2's geometry by that half pixel makes GL cover the pixels D3D9 covers
  // (a border band 0.005 wide lights column 0 in MD2 and nothing in GL without it). A 1/64 pixel
  // less than half keeps D3D9's tie rule: a centre exactly on a left or top edge is covered, on a
  // right or bottom edge it is not, whatever GL's own rule for ties.
  constexpr float kShift = 0.5f - 1.0f / 64.0f;
  const float halfW = kShift * pixelW, halfH = kShift * pixelH;
  const float shifts[8] = {halfW,          -halfH,          pixelW + halfW, -halfH,
                           pixelW + halfW, -pixelH - halfH, halfW,          -pixelH - halfH};
  // Only changes reach GL: a frame of many small shapes is mostly draw calls.
  bool textured = false;
  program.setTextured(false);
  GLenum dst = GL_ONE_MINUS_SRC_ALPHA;
  glBlendFunc(GL_SRC_ALPHA, dst);
  program.setOffsets(shifts);
  const bool anyPoints = std::any_of(draws.begin(), draws.end(),
                                     [](const ColorDraw& d) { return d.primitive == GL_POINTS; });
  const ProgramPointSizeScope pointSize(anyPoints && program.desktopGl());
  for (const ColorDraw& d : draws) {
    if (glBlendDst(d.blend) != dst) {
      dst = glBlendDst(d.blend);
      glBlendFunc(GL_SRC_ALPHA, dst);
    }
    if (d.textured != textured) {
      textured = d.textured;
      program.setTextured(textured);
    }
    // The passes as instances of one draw: GL draws instance after instance, each in primitive
    // order, exactly as the separate draws MD2 makes would be drawn.
    const int passes = std::clamp(d.passes, 1, 4);
    glDrawArraysInstanced(d.primitive, static_cast<GLint>(d.first), static_cast<GLsizei>(d.count),
                          passes);
  }
  gl::drainGlErrors("ColorVertexBatch::submit", errors);
  return errors;
}

BlendStateScope::BlendStateScope() {
  enabled_ = glIsEnabled(GL_BLEND);
  glGetIntegerv(GL_BLEND_SRC_RGB, &srcRgb_);
  glGetIntegerv(GL_BLEND_DST_RGB, &dstRgb_);
  glGetIntegerv(GL_BLEND_SRC_ALPHA, &srcAlpha_);
  glGetIntegerv(GL_BLEND_DST_ALPHA, &dstAlpha_);
  glGetIntegerv(GL_BLEND_EQUATION_RGB, &eqRgb_);
  glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &eqAlpha_);
}

BlendStateScope::~BlendStateScope() {
  if (enabled_)
    glEnable(GL_BLEND);
  else
    glDisable(GL_BLEND);
  glBlendFuncSeparate(static_cast<GLenum>(srcRgb_), static_cast<GLenum>(dstRgb_),
                      static_cast<GLenum>(srcAlpha_), static_cast<GLenum>(dstAlpha_));
  glBlendEquationSeparate(static_cast<GLenum>(eqRgb_), static_cast<GLenum>(eqAlpha_));
}

}  // namespace phosphene::render
