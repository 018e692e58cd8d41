#include "GlTarget.hpp"

namespace phosphene::python {

std::unique_ptr<GlTarget> GlTarget::createOwn(GlApi api, std::string& error) {
  const RestoreCallerContext restore;  // creating the context makes it current
  auto context = HeadlessEglContext::create(api, error);
  if (!context) return nullptr;
  auto target = std::make_unique<GlTarget>(Private{});
  target->context_ = std::move(context);
  return target;
}

std::unique_ptr<GlTarget> GlTarget::useCurrent() {
  return std::make_unique<GlTarget>(Private{});
}

GlTarget::~GlTarget() = default;

GlTarget::Scope::Scope(GlTarget& target, std::string& error) {
  if (!target.context_) {
    ok_ = callerHasContext();
    if (!ok_) error = "context=\"current\": no OpenGL context is current on this thread";
    return;
  }
  restore_.emplace();
  ok_ = target.context_->makeCurrent();
  if (!ok_) error = "cannot make the engine's EGL context current on this thread";
}

bool GlTarget::ensureFramebuffer(int width, int height, std::string& error) {
  if (!context_ && drawnIn_ == EGL_NO_CONTEXT) drawnIn_ = eglGetCurrentContext();
  if (framebuffer_ && framebuffer_->width() == width && framebuffer_->height() == height)
    return true;
  framebuffer_.reset();  // same context as the new one: deleted, not abandoned
  framebuffer_ = ReadbackFramebuffer::create(width, height, error);
  return framebuffer_ != nullptr;
}

bool GlTarget::canDeleteObjects(const Scope& scope) const {
  if (!scope.ok()) return false;
  if (context_) return true;
  // The caller's context: only the one the engine first drew in (a GLX one: any).
  return drawnIn_ == EGL_NO_CONTEXT || eglGetCurrentContext() == drawnIn_;
}

void GlTarget::dropFramebuffer(bool deleteObjects) {
  if (framebuffer_ && !deleteObjects) framebuffer_->abandon();
  framebuffer_.reset();
}

}  // namespace phosphene::python
