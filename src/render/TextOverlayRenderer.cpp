#include "render/TextOverlayRenderer.hpp"

#include <algorithm>

#include "gl/GlErrors.hpp"
#include "render/GlStateGuard.hpp"
#include "render/TextureUploadGuard.hpp"

namespace phosphene::render {
namespace {

// One source for GLSL 3.30 core and GLSL ES 3.00 (gl::shaderPrelude adds version and precision).
// The atlas holds the glyph in R and glyph-plus-outline in G; the fill is laid over the outline
// and the result leaves unpremultiplied for SRC_ALPHA / ONE_MINUS_SRC_ALPHA blending.
constexpr const char* kShader = R"(
#ifdef VERTEX_SHADER
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec2 aTex;
layout(location = 2) in vec4 aFill;
layout(location = 3) in vec4 aOutline;
out vec2 vTex;
out vec4 vFill;
out vec4 vOutline;
void main() {
  vTex = aTex;
  vFill = aFill;
  vOutline = aOutline;
  gl_Position = vec4(aPos, 0.0, 1.0);
}
#endif
#ifdef FRAGMENT_SHADER
in vec2 vTex;
in vec4 vFill;
in vec4 vOutline;
uniform sampler2D uAtlas;
layout(location = 0) out vec4 fragColor;
void main() {
  vec2 coverage = texture(uAtlas, vTex).rg;
  float fillA = vFill.a * coverage.r;
  float outlineA = vOutline.a * coverage.g * (1.0 - fillA);
  float a = fillA + outlineA;
  vec3 rgb = a > 0.0 ? (vFill.rgb * fillA + vOutline.rgb * outlineA) / a : vec3(0.0);
  fragColor = vec4(rgb, a);
}
#endif
)";

}  // namespace

core::Expected<TextOverlayRenderer> TextOverlayRenderer::create() {
  auto caps = gl::probeCapabilities();
  if (!caps) return std::move(caps.diagnostics());
  auto program = gl::ShaderProgram::create(caps->dialect(), kShader, "text_overlay");
  if (!program) return std::move(program.diagnostics());
  auto vao = gl::VertexArray::create();
  if (!vao) return std::move(vao.diagnostics());
  TextOverlayRenderer r;
  r.program_ = std::move(*program);
  r.vao_ = std::move(*vao);
  // The sampler always reads unit 0: program state, set once. The host's program comes back.
  GLint previous = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &previous);
  r.program_.use();
  glUniform1i(r.program_.uniformLocation("uAtlas"), 0);
  glUseProgram(static_cast<GLuint>(previous));
  core::Diagnostics errors;
  if (!gl::drainGlErrors("TextOverlayRenderer::create", errors)) return errors;
  return r;
}

core::Diagnostics TextOverlayRenderer::ensureCapacity(std::size_t vertices) {
  if (vertices <= capacity_ && buffer_.id() != 0) return {};
  std::size_t capacity = std::max<std::size_t>(capacity_, 1024);
  while (capacity < vertices) capacity *= 2;
  auto buffer =
      gl::Buffer::create(GL_ARRAY_BUFFER, capacity * sizeof(text::OverlayVertex), nullptr);
  if (!buffer) return buffer.diagnostics();
  constexpr auto stride = static_cast<GLsizei>(sizeof(text::OverlayVertex));
  vao_.attribute(0, *buffer, 2, GL_FLOAT, false, stride, offsetof(text::OverlayVertex, x));
  vao_.attribute(1, *buffer, 2, GL_FLOAT, false, stride, offsetof(text::OverlayVertex, u));
  vao_.attribute(2, *buffer, 4, GL_UNSIGNED_BYTE, true, stride,
                 offsetof(text::OverlayVertex, fill));
  vao_.attribute(3, *buffer, 4, GL_UNSIGNED_BYTE, true, stride,
                 offsetof(text::OverlayVertex, outline));
  buffer_ = std::move(*buffer);
  capacity_ = capacity;
  return {};
}

core::Diagnostics TextOverlayRenderer::uploadAtlas(text::GlyphAtlas& atlas) {
  const text::GlyphAtlas::Dirty dirty = atlas.dirty();
  if (dirty.empty() && texture_.id() != 0) return {};
  const TextureUploadGuard upload;
  const bool remake = texture_.id() == 0 || texture_.width() != atlas.width() ||
                      texture_.height() != atlas.height();
  if (remake) {
    gl::TextureDesc desc;
    desc.width = atlas.width();
    desc.height = atlas.height();
    desc.internalFormat = GL_RG8;
    desc.filter = GL_LINEAR;  // scaled text stays smooth
    auto texture = gl::Texture2D::create(desc);
    if (!texture) return texture.diagnostics();
    texture_ = std::move(*texture);
  }
  const int first = remake || dirty.resized ? 0 : dirty.firstRow;
  const int end = remake || dirty.resized ? atlas.height() : dirty.endRow;
  glBindTexture(GL_TEXTURE_2D, texture_.id());
  // Rows go up in the order the atlas stores them; texture coordinates were made the same way.
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, first, atlas.width(), end - first, GL_RG, GL_UNSIGNED_BYTE,
                  atlas.pixels().data() + static_cast<std::size_t>(first) * atlas.width() *
                                              text::GlyphAtlas::kBytesPerPixel);
  atlas.markUploaded();
  return {};
}

core::Diagnostics TextOverlayRenderer::draw(const std::vector<text::OverlayVertex>& vertices,
                                            text::GlyphAtlas& atlas, int width, int height) {
  core::Diagnostics errors;
  if (vertices.empty() || width <= 0 || height <= 0) return errors;
  const GlStateGuard guard;  // restores on every return below
  GlStateGuard::setPassDefaults();
  gl::drainGlErrors("before TextOverlayRenderer::draw", errors);
  errors.clear();  // the host's own errors are not ours to report
  glActiveTexture(GL_TEXTURE0);
  errors = uploadAtlas(atlas);
  if (!errors.empty()) return errors;
  errors = ensureCapacity(vertices.size());
  if (!errors.empty()) return errors;
  buffer_.update(0, vertices.size() * sizeof(text::OverlayVertex), vertices.data());

  glViewport(0, 0, width, height);
  program_.use();
  vao_.bind();
  texture_.bind(0);
  glBindSampler(0, 0);  // a host sampler on unit 0 would override the atlas's filtering
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  // Colour blends over the picture; alpha accumulates coverage the usual way.
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(vertices.size()));
  gl::drainGlErrors("TextOverlayRenderer::draw", errors);
  return errors;
}

}  // namespace phosphene::render
