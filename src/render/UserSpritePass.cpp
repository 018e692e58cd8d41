#include "render/UserSpritePass.hpp"

#include <array>

#include "gl/GlErrors.hpp"
#include "render/ColorVertexProgram.hpp"
#include "render/TextureUploadGuard.hpp"

namespace phosphene::render {
namespace {

// MD2's texture stage set-up in DrawUserSprites: COLOROP = MODULATE(diffuse, texture) always;
// ALPHAOP = SELECTARG1(diffuse), except blend mode 4 (colour key), where it is
// MODULATE(diffuse, texture): only there does the texture's alpha (0 where keyed) count.
constexpr const char* kShader = R"(
#ifdef VERTEX_SHADER
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec2 aTex;
out vec2 vTex;
void main() {
  vTex = aTex;
  gl_Position = vec4(aPos, 0.0, 1.0);
}
#endif
#ifdef FRAGMENT_SHADER
in vec2 vTex;
uniform sampler2D uTexture;
uniform vec4 uColour;
uniform int uAlphaFromTexture;
layout(location = 0) out vec4 fragColor;
void main() {
  vec4 t = texture(uTexture, vTex);
  fragColor = vec4(uColour.rgb * t.rgb, uAlphaFromTexture != 0 ? uColour.a * t.a : uColour.a);
}
#endif
)";

constexpr std::size_t kMaxQuads = 64;  // more than MD2's 16 sprites, times screen and burn
constexpr std::size_t kQuadBytes = 4 * sizeof(sprite::SpriteVertex);

/// The blend table of DrawUserSprites.
void setBlend(sprite::SpriteBlend mode) {
  switch (mode) {
    case sprite::SpriteBlend::Decal:
      glDisable(GL_BLEND);
      return;
    case sprite::SpriteBlend::Additive:
      glEnable(GL_BLEND);
      glBlendFunc(GL_ONE, GL_ONE);
      return;
    case sprite::SpriteBlend::SrcColor:
      glEnable(GL_BLEND);
      glBlendFunc(GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR);
      return;
    case sprite::SpriteBlend::Alpha:
    case sprite::SpriteBlend::ColorKey:
      glEnable(GL_BLEND);
      glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
      return;
  }
}

}  // namespace

core::Diagnostics UserSpritePass::init(gl::GlslDialect dialect) {
  auto program = gl::ShaderProgram::create(dialect, kShader, "user_sprite");
  if (!program) return program.diagnostics();
  program_ = std::move(*program);
  colour_ = program_.uniformLocation("uColour");
  alphaFromTexture_ = program_.uniformLocation("uAlphaFromTexture");
  program_.use();
  glUniform1i(program_.uniformLocation("uTexture"), 0);
  glUseProgram(0);
  auto sampler = gl::Sampler::create(GL_LINEAR, GL_CLAMP_TO_EDGE);
  if (!sampler) return sampler.diagnostics();
  burnSampler_ = std::move(*sampler);
  auto buffer = gl::Buffer::create(GL_ARRAY_BUFFER, kMaxQuads * kQuadBytes, nullptr);
  if (!buffer) return buffer.diagnostics();
  auto vao = gl::VertexArray::create();
  if (!vao) return vao.diagnostics();
  buffer_ = std::move(*buffer);
  vao_ = std::move(*vao);
  constexpr auto stride = static_cast<GLsizei>(sizeof(sprite::SpriteVertex));
  vao_.attribute(0, buffer_, 2, GL_FLOAT, false, stride, offsetof(sprite::SpriteVertex, x));
  vao_.attribute(1, buffer_, 2, GL_FLOAT, false, stride, offsetof(sprite::SpriteVertex, u));
  return {};
}

GLuint UserSpritePass::textureFor(const std::shared_ptr<const DecodedImage>& image) {
  if (!image || image->width <= 0 || image->height <= 0) return 0;
  if (const auto it = textures_.find(image.get()); it != textures_.end())
    return it->second.name.get();
  // Rows go up top row first, so t = 0 is the image's top row, as MD2's tv = 0; LoadTex makes a
  // full mip chain (D3DXCreateTextureFromFileEx) and repeatx/repeaty need wrapping.
  std::string why;
  gl::GlName<gl::TextureTraits> name =
      uploadMipmappedRgba(image->rgba.data(), image->width, image->height, why);
  if (!name) return 0;  // the image is too large for this GL: the sprite is not drawn
  const GLuint texture = name.get();
  textures_.emplace(image.get(), CachedTexture{image, std::move(name)});
  return texture;
}

void UserSpritePass::draw(std::span<const UserSpriteDraw> draws, bool burn) {
  errors_.clear();
  if (!program_ || draws.empty()) return;
  const BlendStateScope blendScope;
  std::array<sprite::SpriteVertex, kMaxQuads * 4> vertices{};
  std::size_t quads = 0;
  for (const UserSpriteDraw& d : draws) {
    if (quads == kMaxQuads) break;
    if (burn && !d.quad.burnIn) continue;
    const auto& corners = burn ? d.quad.burn : d.quad.screen;
    for (std::size_t k = 0; k < 4; ++k) vertices[quads * 4 + k] = corners[k];
    ++quads;
  }
  if (quads == 0) return;
  buffer_.update(0, quads * kQuadBytes, vertices.data());
  program_.use();
  vao_.bind();
  glActiveTexture(GL_TEXTURE0);
  glBindSampler(0, 0);  // the texture's own filter and wrap
  glBlendEquation(GL_FUNC_ADD);
  std::size_t quad = 0;
  for (const UserSpriteDraw& d : draws) {
    if (quad == quads) break;
    if (burn && !d.quad.burnIn) continue;
    const GLuint texture = textureFor(d.image);
    const std::size_t first = quad++;
    if (texture == 0) continue;
    glBindTexture(GL_TEXTURE_2D, texture);
    glUniform4f(colour_, d.quad.colour[0], d.quad.colour[1], d.quad.colour[2], d.quad.colour[3]);
    glUniform1i(alphaFromTexture_, d.quad.blend == sprite::SpriteBlend::ColorKey ? 1 : 0);
    setBlend(d.quad.blend);
    glDrawArrays(GL_TRIANGLE_STRIP, static_cast<GLint>(first * 4), 4);
  }
  gl::drainGlErrors("UserSpritePass::draw", errors_);
}

void UserSpritePass::drawBurns(std::span<const CanvasBurn> burns, int canvasW, int canvasH) {
  errors_.clear();
  if (!program_ || burns.empty() || canvasW <= 0 || canvasH <= 0) return;
  const BlendStateScope blendScope;
  std::array<sprite::SpriteVertex, kMaxQuads * 4> vertices{};
  std::size_t quads = 0;
  const auto clipX = [&](double px) { return static_cast<float>(px / canvasW * 2.0 - 1.0); };
  const auto clipY = [&](double px) { return static_cast<float>(1.0 - px / canvasH * 2.0); };
  for (const CanvasBurn& b : burns) {
    if (quads == kMaxQuads) break;
    // From the rectangle's left/top corner to the opposite one: a negative size runs the other
    // way and mirrors the image. The texture's top row (t = 1) goes to the top edge.
    const float x0 = clipX(b.left), x1 = clipX(static_cast<double>(b.left) + b.width);
    const float y0 = clipY(b.top), y1 = clipY(static_cast<double>(b.top) + b.height);
    const std::array<sprite::SpriteVertex, 4> corners{
        {{x0, y0, 0.0f, 1.0f}, {x1, y0, 1.0f, 1.0f}, {x0, y1, 0.0f, 0.0f}, {x1, y1, 1.0f, 0.0f}}};
    for (std::size_t k = 0; k < 4; ++k) vertices[quads * 4 + k] = corners[k];
    ++quads;
  }
  buffer_.update(0, quads * kQuadBytes, vertices.data());
  program_.use();
  vao_.bind();
  glActiveTexture(GL_TEXTURE0);
  glBindSampler(0, burnSampler_.id());
  glDisable(GL_BLEND);  // the texture replaces the canvas's pixels
  glUniform4f(colour_, 1.0f, 1.0f, 1.0f, 1.0f);
  glUniform1i(alphaFromTexture_, 0);
  for (std::size_t quad = 0; quad < quads; ++quad) {
    if (glIsTexture(burns[quad].texture) == GL_FALSE) continue;
    glBindTexture(GL_TEXTURE_2D, burns[quad].texture);
    glDrawArrays(GL_TRIANGLE_STRIP, static_cast<GLint>(quad * 4), 4);
  }
  glBindTexture(GL_TEXTURE_2D, 0);
  glBindSampler(0, 0);
  gl::drainGlErrors("UserSpritePass::drawBurns", errors_);
}

void UserSpritePass::releaseUnused(std::span<const UserSpriteDraw> draws) {
  for (auto it = textures_.begin(); it != textures_.end();) {
    bool used = false;
    for (const UserSpriteDraw& d : draws) used = used || d.image.get() == it->first;
    it = used ? std::next(it) : textures_.erase(it);
  }
}

}  // namespace phosphene::render
