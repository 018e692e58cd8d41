// The message pass (MessagePass.hpp). MD2 sources: milkdropfs.cpp RenderFrame (where),
// RenderStringToTitleTexture (the title texture), ShowSongTitleAnim (the mesh and blends);
// plugin.cpp RenderFrame's overlay text (the preset name, upper right, with a shadow).
#include "render/MessagePass.hpp"

#include <algorithm>
#include <cmath>

#include "gl/GlErrors.hpp"
#include "render/GlStateGuard.hpp"
#include "render/text/FontLocator.hpp"
#include "render/text/GlyphOutline.hpp"

namespace phosphene::render {
namespace {

// The title texture's text is drawn from glyphs rasterised at this height and scaled to the size
// the layout picks (MD2 creates a GDI font per size; one cache keeps the atlas bounded).
constexpr int kTitleFontPixels = 128;
// defines.h DECORATIVE_FONT_DEFAULT_SIZE: the font MD2 writes the preset name with.
constexpr int kNameFontPixels = 24;
constexpr int kAtlasInitial = 256, kAtlasMax = 2048;

// Vertices arrive in MD2's 2-D space (y down, v down); GL's clip space and the title texture
// (drawn by the overlay renderer with its top row at v = 1) are y up.
constexpr const char* kShader = R"(
#ifdef VERTEX_SHADER
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec2 aTex;
uniform vec2 uOffset;
out vec2 vTex;
void main() {
  vTex = vec2(aTex.x, 1.0 - aTex.y);
  gl_Position = vec4(aPos.x + uOffset.x, -(aPos.y + uOffset.y), 0.0, 1.0);
}
#endif
#ifdef FRAGMENT_SHADER
in vec2 vTex;
uniform sampler2D uTitle;
uniform vec4 uColor;
layout(location = 0) out vec4 fragColor;
void main() {
  fragColor = vec4(texture(uTitle, vTex).rgb, 1.0) * uColor;
}
#endif
)";

void append(core::Diagnostics& to, const core::Diagnostics& from) {
  to.insert(to.end(), from.begin(), from.end());
}

}  // namespace

MessagePass::MessagePass() = default;
MessagePass::~MessagePass() = default;

core::Diagnostics MessagePass::init(gl::GlslDialect dialect) {
  core::Diagnostics errors;
  auto program = gl::ShaderProgram::create(dialect, kShader, "message");
  if (!program) return program.diagnostics();
  program_ = std::move(*program);
  offsetLoc_ = program_.uniformLocation("uOffset");
  colorLoc_ = program_.uniformLocation("uColor");
  auto vao = gl::VertexArray::create();
  if (!vao) return vao.diagnostics();
  vao_ = std::move(*vao);
  auto vertices = gl::Buffer::create(GL_ARRAY_BUFFER,
                                     sizeof(message::MeshVertex) * message::kGridVertices, nullptr);
  if (!vertices) return vertices.diagnostics();
  vertices_ = std::move(*vertices);
  const auto& grid = message::gridIndices();
  auto indices = gl::Buffer::create(GL_ELEMENT_ARRAY_BUFFER, sizeof(grid[0]) * grid.size(),
                                    grid.data(), GL_STATIC_DRAW);
  if (!indices) return indices.diagnostics();
  indices_ = std::move(*indices);
  constexpr auto stride = static_cast<GLsizei>(sizeof(message::MeshVertex));
  vao_.attribute(0, vertices_, 2, GL_FLOAT, false, stride, offsetof(message::MeshVertex, x));
  vao_.attribute(1, vertices_, 2, GL_FLOAT, false, stride, offsetof(message::MeshVertex, u));
  // The element buffer is VAO state: bound while the VAO is, so the host's VAO never sees it.
  vao_.bind();
  indices_.bind();
  glBindVertexArray(0);
  GLint previous = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &previous);
  program_.use();
  glUniform1i(program_.uniformLocation("uTitle"), 0);
  glUseProgram(static_cast<GLuint>(previous));
  auto text = TextOverlayRenderer::create();
  if (!text) return text.diagnostics();
  text_ = std::move(*text);
  textReady_ = true;
  gl::drainGlErrors("MessagePass::init", errors);
  return errors;
}

bool MessagePass::ensureFont(FontSlot& slot, const TextLayer& layer, int pixels,
                             core::Diagnostics& errors) {
  if (slot.tried && slot.font == layer.font && slot.serial == layer.fontSerial &&
      slot.pixels == pixels)
    return slot.glyphs != nullptr;
  slot.glyphs.reset();
  slot.font = layer.font;
  slot.serial = layer.fontSerial;
  slot.pixels = pixels;
  slot.tried = true;
  auto opened = text::openFont(layer.font, static_cast<float>(pixels), text::systemFontSearch());
  if (!opened) {
    if (!(reported_ && reportedFont_ == layer.font && reportedSerial_ == layer.fontSerial))
      append(errors, opened.diagnostics());
    reported_ = true;
    reportedFont_ = layer.font;
    reportedSerial_ = layer.fontSerial;
    return false;
  }
  slot.glyphs = std::make_unique<text::GlyphCache>(
      std::move(*opened), text::GlyphAtlas(kAtlasInitial, kAtlasMax),
      text::outlineRadiusFor(static_cast<float>(pixels)));
  return true;
}

bool MessagePass::prepareTitle(const TextLayer& layer, int canvasW, int canvasH,
                               core::Diagnostics& errors) {
  const message::TitleTextureSize size = message::titleTextureSize(canvasW, canvasH);
  const bool sized =
      title_.id() != 0 && title_.width() == size.width && title_.height() == size.height;
  // The texture holds this launch's text in this font: nothing to draw again.
  if (sized && titleSerial_ == layer.supertextSerial && titleFont_.glyphs &&
      titleFont_.font == layer.font && titleFont_.serial == layer.fontSerial)
    return true;
  if (!textReady_ || !ensureFont(titleFont_, layer, kTitleFontPixels, errors)) return false;
  // Where the caller was drawing (canvas or target), put back below: making a framebuffer
  // object leaves 0 bound.
  GLint previousDraw = 0, previousRead = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previousDraw);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previousRead);
  const auto restore = [&] {
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(previousDraw));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(previousRead));
  };
  if (!sized) {
    gl::TextureDesc desc;
    desc.width = size.width;
    desc.height = size.height;
    auto fbo = gl::Framebuffer::create(desc);
    if (!fbo) {
      restore();
      append(errors, fbo.diagnostics());
      return false;
    }
    title_ = std::move(*fbo);
  }
  text::GlyphCache& glyphs = *titleFont_.glyphs;
  const auto scaleFor = [](int px) { return static_cast<float>(px) / kTitleFontPixels; };
  const message::MeasureText measure = [&](const std::string& s, int px) {
    const text::TextSize t = text::measureText(glyphs, s, scaleFor(px));
    return message::TextExtent{t.width, t.height};
  };
  layout_ = message::layoutTitle(*layer.supertext, size, measure);
  // Cleared to black, the text white and centred (DT_CENTER, vertically about the middle).
  title_.bind();
  const GLfloat black[4] = {0, 0, 0, 1};
  glClearBufferfv(GL_COLOR, 0, black);
  const float scale = scaleFor(layout_.pixelSize);
  const text::TextSize extent = text::measureText(glyphs, layout_.text, scale);
  batch_.begin(size.width, size.height);
  batch_.addText(glyphs, (static_cast<float>(size.width) - extent.width) * 0.5f,
                 (static_cast<float>(size.height) - extent.height) * 0.5f, layout_.text,
                 text::OverlayColor{1, 1, 1, 1}, scale);
  append(errors, text_.draw(batch_.build(glyphs), glyphs.atlas(), size.width, size.height));
  batch_.finish();
  restore();
  titleSerial_ = layer.supertextSerial;
  return true;
}

void MessagePass::drawMesh(const message::Supertext& s, float progress,
                           const message::MeshInputs& in) {
  const message::SupertextMesh mesh = message::buildSupertextMesh(s, progress, in);
  vertices_.update(0, sizeof(mesh.vertices), mesh.vertices.data());
  glViewport(0, 0, in.targetW, in.targetH);
  program_.use();
  vao_.bind();
  glActiveTexture(GL_TEXTURE0);
  title_.color().bind(0);
  glBindSampler(0, 0);
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  // Shadow: darken what is under the text; then the text, added. Alpha stays as it was.
  glBlendFuncSeparate(GL_ZERO, GL_ONE_MINUS_SRC_COLOR, GL_ZERO, GL_ONE);
  glUniform2f(offsetLoc_, mesh.shadow.dx, mesh.shadow.dy);
  glUniform4fv(colorLoc_, 1, mesh.shadow.color.data());
  glDrawElements(GL_TRIANGLES, message::kGridIndices, GL_UNSIGNED_SHORT, nullptr);
  glBlendFuncSeparate(GL_ONE, GL_ONE, GL_ZERO, GL_ONE);
  glUniform2f(offsetLoc_, mesh.solid.dx, mesh.solid.dy);
  glUniform4fv(colorLoc_, 1, mesh.solid.color.data());
  glDrawElements(GL_TRIANGLES, message::kGridIndices, GL_UNSIGNED_SHORT, nullptr);
  glBindVertexArray(0);
  GlStateGuard::setPassDefaults();
}

void MessagePass::burn(const TextLayer& layer, int canvasW, int canvasH,
                       core::Diagnostics& errors) {
  if (layer.supertext == nullptr || !layer.schedule.burn || !program_) return;
  if (!prepareTitle(layer, canvasW, canvasH, errors)) return;
  message::MeshInputs in;
  in.targetW = canvasW;
  in.targetH = canvasH;
  in.canvasW = canvasW;
  in.canvasH = canvasH;
  in.title = message::titleTextureSize(canvasW, canvasH);
  in.fontSizeUsed = layout_.fontSizeUsed;
  in.time = layer.time;
  drawMesh(*layer.supertext, 1.0f, in);
}

void MessagePass::drawOver(const TextLayer& layer, int targetW, int targetH, int canvasW,
                           int canvasH, core::Diagnostics& errors) {
  if (!program_) return;
  if (layer.supertext != nullptr && layer.schedule.overlay &&
      prepareTitle(layer, canvasW, canvasH, errors)) {
    message::MeshInputs in;
    in.targetW = targetW;
    in.targetH = targetH;
    in.canvasW = canvasW;
    in.canvasH = canvasH;
    in.title = message::titleTextureSize(canvasW, canvasH);
    in.fontSizeUsed = layout_.fontSizeUsed;
    in.time = layer.time;
    drawMesh(*layer.supertext, layer.schedule.overlayProgress, in);
  }
  if (layer.showPresetName && !layer.presetName.empty())
    drawPresetName(layer, targetW, targetH, errors);
}

void MessagePass::drawPresetName(const TextLayer& layer, int targetW, int targetH,
                                 core::Diagnostics& errors) {
  if (!textReady_ || !ensureFont(nameFont_, layer, kNameFontPixels, errors)) return;
  text::GlyphCache& glyphs = *nameFont_.glyphs;
  // MD2 writes "<name> " right-aligned in the upper-right corner, white over a black shadow.
  const std::string text = layer.presetName + " ";
  const text::TextSize extent = text::measureText(glyphs, text, 1.0f);
  const float margin = static_cast<float>(glyphs.outlineRadius()) + 2.0f;
  batch_.begin(targetW, targetH);
  batch_.addText(glyphs, static_cast<float>(targetW) - extent.width - margin, margin, text,
                 text::OverlayColor{1, 1, 1, 1}, 1.0f);
  // addText outlines glyphs in near-black: Phosphene's stand-in for MD2's drop shadow.
  append(errors, text_.draw(batch_.build(glyphs), glyphs.atlas(), targetW, targetH));
  batch_.finish();
}

}  // namespace phosphene::render
