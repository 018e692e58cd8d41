#include "render/FeedbackCanvas.hpp"

namespace phosphene::render {

core::Diagnostics FeedbackCanvas::resize(int width, int height) {
  if (ready() && width == this->width() && height == this->height()) return {};
  core::Diagnostics errors;
  std::array<gl::Framebuffer, 2> fresh;
  for (auto& target : fresh) {
    auto fb = gl::Framebuffer::create({width, height, GL_RGBA8, GL_LINEAR, GL_CLAMP_TO_EDGE});
    if (!fb) return std::move(fb.diagnostics());
    target = std::move(*fb);
    clearToBlack(target);
  }
  targets_ = std::move(fresh);
  previous_ = 0;
  framesSinceResize_ = 0;
  return errors;
}

void FeedbackCanvas::clearToBlack(const gl::Framebuffer& fb) {
  static constexpr GLfloat kBlack[4] = {0.0f, 0.0f, 0.0f, 1.0f};
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb.id());
  glClearBufferfv(GL_COLOR, 0, kBlack);
}

}  // namespace phosphene::render
