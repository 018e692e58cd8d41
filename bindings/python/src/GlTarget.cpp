#include "GlTarget.hpp"

#include <EGL/egl.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "gl/CurrentContext.hpp"
#include "gl/Gl.hpp"

namespace phosphene::python {

// What was current on this thread before a Scope made the engine's context current.
struct GlTarget::Scope::Saved {
  EGLenum api = EGL_OPENGL_ES_API;
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLSurface draw = EGL_NO_SURFACE, read = EGL_NO_SURFACE;
  EGLContext context = EGL_NO_CONTEXT;
};

std::unique_ptr<GlTarget> GlTarget::createOwn(platform::GlApi api, std::string& error) {
  // Keep the caller's current context (if any) current: create() makes the new one current.
  Scope::Saved saved;
  saved.api = eglQueryAPI();
  saved.display = eglGetCurrentDisplay();
  saved.draw = eglGetCurrentSurface(EGL_DRAW);
  saved.read = eglGetCurrentSurface(EGL_READ);
  saved.context = eglGetCurrentContext();
  platform::HeadlessOptions options;
  options.api = api;
  auto context = platform::HeadlessContext::create(options);
  if (!context) {
    error.clear();
    for (const auto& d : context.diagnostics()) error += (error.empty() ? "" : "; ") + d.format();
    return nullptr;
  }
  auto target = std::make_unique<GlTarget>(Private{});
  target->context_.emplace(std::move(*context));
  EGLDisplay ours = eglGetCurrentDisplay();
  if (saved.context != EGL_NO_CONTEXT) {
    eglBindAPI(saved.api);
    eglMakeCurrent(saved.display, saved.draw, saved.read, saved.context);
  } else {
    eglMakeCurrent(ours, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  }
  return target;
}

std::unique_ptr<GlTarget> GlTarget::useCurrent() {
  return std::make_unique<GlTarget>(Private{});
}

GlTarget::~GlTarget() = default;

GlTarget::Scope::Scope(GlTarget& target, std::string& error)
    : target_(target), saved_(std::make_unique<Saved>()) {
  if (!target.context_) {
    ok_ = gl::hasCurrentContext();
    if (!ok_) error = "context=\"current\": no OpenGL context is current on this thread";
    return;
  }
  saved_->api = eglQueryAPI();
  saved_->display = eglGetCurrentDisplay();
  saved_->draw = eglGetCurrentSurface(EGL_DRAW);
  saved_->read = eglGetCurrentSurface(EGL_READ);
  saved_->context = eglGetCurrentContext();
  ok_ = target.context_->makeCurrent();
  if (!ok_)
    error = "cannot make the engine's EGL context current on this thread (EGL error 0x" +
            std::to_string(eglGetError()) + ")";
}

GlTarget::Scope::~Scope() {
  if (!target_.context_) return;
  EGLDisplay ours = eglGetCurrentDisplay();
  if (saved_->context != EGL_NO_CONTEXT) {
    eglBindAPI(saved_->api);
    eglMakeCurrent(saved_->display, saved_->draw, saved_->read, saved_->context);
  } else if (ours != EGL_NO_DISPLAY) {
    // Nothing was current: leave nothing current, so any thread may use (or collect) the engine.
    eglMakeCurrent(ours, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  }
  eglBindAPI(saved_->api);
}

bool GlTarget::ensureFramebuffer(int width, int height, std::string& error) {
  if (!context_) {
    void* now = eglGetCurrentContext();
    if (drawnIn_ == nullptr) drawnIn_ = now;
  }
  if (framebuffer_ && framebuffer_->width() == width && framebuffer_->height() == height)
    return true;
  framebuffer_.reset();
  auto fb = gl::Framebuffer::create({width, height});
  if (!fb) {
    error = fb.diagnostics().empty() ? "cannot create a framebuffer"
                                     : fb.diagnostics().front().format();
    return false;
  }
  framebuffer_.emplace(std::move(*fb));
  return true;
}

std::uint32_t GlTarget::framebuffer() const {
  return framebuffer_ ? framebuffer_->id() : 0u;
}

void GlTarget::readTopDown(std::uint8_t* out) const {
  const int w = framebuffer_->width(), h = framebuffer_->height();
  GLint previousRead = 0, previousPack = 4;
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previousRead);
  glGetIntegerv(GL_PACK_ALIGNMENT, &previousPack);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_->id());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, out);
  glPixelStorei(GL_PACK_ALIGNMENT, previousPack);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(previousRead));
  // GL's rows run bottom to top; images (and numpy users) expect the top row first.
  const std::size_t row = static_cast<std::size_t>(w) * 4;
  std::vector<std::uint8_t> tmp(row);
  for (int y = 0; y < h / 2; ++y) {
    std::uint8_t* a = out + static_cast<std::size_t>(y) * row;
    std::uint8_t* b = out + static_cast<std::size_t>(h - 1 - y) * row;
    std::copy(a, a + row, tmp.data());
    std::copy(b, b + row, a);
    std::copy(tmp.begin(), tmp.end(), b);
  }
}

bool GlTarget::canDeleteObjects(const Scope& scope) const {
  if (context_) return scope.ok();
  // The caller's context: only the one the engine first drew in (or, without EGL, any).
  if (!scope.ok()) return false;
  return drawnIn_ == nullptr ? true : eglGetCurrentContext() == drawnIn_;
}

void GlTarget::dropFramebuffer() {
  framebuffer_.reset();
}

}  // namespace phosphene::python
