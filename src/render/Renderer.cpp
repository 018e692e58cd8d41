#include "render/Renderer.hpp"

#include <string>

#include "gl/GlErrors.hpp"
#include "render/GlStateGuard.hpp"

namespace phosphene::render {
namespace {

void append(core::Diagnostics& to, const core::Diagnostics& from) {
  to.insert(to.end(), from.begin(), from.end());
}

}  // namespace

core::Diagnostics Renderer::init(gl::GlslDialect dialect) {
  GlStateGuard guard;  // creating objects binds buffers, textures and programs
  glActiveTexture(GL_TEXTURE0);
  dialect_ = dialect;
  core::Diagnostics errors;
  append(errors, motionVectors_.init(dialect));
  append(errors, warp_.init(dialect));
  append(errors, shapes_.init(dialect));
  append(errors, waves_.init(dialect));
  append(errors, sprites_.init(dialect));
  append(errors, composite_.init(dialect));
  initialised_ = !core::hasErrors(errors);
  return errors;
}

void Renderer::clearFeedback() {
  if (!canvas_.ready()) return;
  GlStateGuard guard;
  GlStateGuard::setPassDefaults();
  FeedbackCanvas::clearToBlack(canvas_.previous());
  FeedbackCanvas::clearToBlack(canvas_.current());
}

core::Diagnostics Renderer::bindTarget(const RenderTarget& target) {
  if (target.texture == 0) {
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target.framebuffer);
    return {};
  }
  if (!textureTarget_) {
    GLuint name = 0;
    glGenFramebuffers(1, &name);
    textureTarget_ = gl::GlName<FramebufferObjectTraits>(name);
    textureTargetAttached_ = 0;
  }
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, textureTarget_.get());
  // Attached every frame (cheap): a host may delete its texture and get the same name back for
  // a new one, which a cached attachment would not follow. Completeness is checked on change.
  glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target.texture,
                         0);
  if (textureTargetAttached_ != target.texture) {
    const GLenum status = glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
      textureTargetAttached_ = 0;
      return {core::makeDiagnostic(
          core::DiagnosticId::GlFramebufferIncomplete,
          std::string("render target texture: ") + gl::framebufferStatusName(status), "render")};
    }
    textureTargetAttached_ = target.texture;
  }
  return {};
}

core::Diagnostics Renderer::draw(const preset::FrameState& frame, const RenderTarget& target) {
  core::Diagnostics errors;
  if (!initialised_) {
    errors.push_back(core::makeDiagnostic(core::DiagnosticId::GlError,
                                          "Renderer::draw before a successful init", "render"));
    return errors;
  }
  if (target.width <= 0 || target.height <= 0) return errors;
  GlStateGuard guard;
  glActiveTexture(GL_TEXTURE0);
  GlStateGuard::setPassDefaults();

  const int canvasW = frame.inputs.canvasWidth > 0 ? frame.inputs.canvasWidth : target.width;
  const int canvasH = frame.inputs.canvasHeight > 0 ? frame.inputs.canvasHeight : target.height;
  append(errors, canvas_.resize(canvasW, canvasH));
  if (!canvas_.ready()) return errors;

  const gl::Framebuffer& previous = canvas_.previous();
  const gl::Framebuffer& current = canvas_.current();
  const CanvasInfo info = makeCanvasInfo(canvasW, canvasH, dialect_, &previous.color());

  // 1. Motion vectors into VS0 (RenderFrame draws them before the warp reads VS0).
  previous.bind();
  motionVectors_.draw(frame, info);
  append(errors, motionVectors_.lastErrors());
  if (canvas_.framesSinceResize() == 0) FeedbackCanvas::clearToBlack(previous);

  // 2. Warp VS0 → VS1.
  current.bind();
  // Without a usable mesh there is nothing to warp: start this canvas from black rather than
  // showing the frame before last.
  if (!warp_.draw(frame, previous.color(), stages_.warp)) FeedbackCanvas::clearToBlack(current);
  append(errors, warp_.lastErrors());

  // 3. Shapes, waves, built-in wave, sprites into VS1.
  shapes_.draw(frame, info);
  append(errors, shapes_.lastErrors());
  waves_.draw(frame, info);
  append(errors, waves_.lastErrors());
  sprites_.draw(frame, info);
  append(errors, sprites_.lastErrors());
  GlStateGuard::setPassDefaults();

  // 4. Composite to the host's target.
  const core::Diagnostics targetErrors = bindTarget(target);
  if (targetErrors.empty()) {
    glViewport(0, 0, target.width, target.height);
    const gl::Framebuffer& source =
        stages_.comp == BuiltinStyle::FixedFunction ? current : previous;
    composite_.draw(frame, source.color(), stages_.comp);
    append(errors, composite_.lastErrors());
  }
  append(errors, targetErrors);

  // 5. This frame's canvas is next frame's previous one.
  canvas_.swap();
  canvas_.countFrame();
  gl::drainGlErrors("Renderer::draw", errors);
  return errors;
}

}  // namespace phosphene::render
