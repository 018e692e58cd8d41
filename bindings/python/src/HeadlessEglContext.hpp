#pragma once
// A GL context without a window, made by the binding itself for Engine(context="own") and
// phosphene.HeadlessContext: EGL on Mesa's surfaceless platform (no X, no Wayland, no GPU
// needed), else the default display with a 1x1 pbuffer. The library never makes contexts (it
// draws in whatever its host made current), and apps/platform's context is built on the library's
// internal archives, which the module does not link.

#include <EGL/egl.h>

#include <memory>
#include <string>

namespace phosphene::python {

enum class GlApi {
  Core33,  // desktop OpenGL 3.3 core profile
  Es30,    // OpenGL ES 3.0
};

class HeadlessEglContext {
 public:
  /// Creates the context and makes it current on this thread; nullptr with `error` when EGL
  /// cannot give one. Prefers Mesa's software rasteriser (LIBGL_ALWAYS_SOFTWARE, unless the user
  /// set it), so frames are the same bytes as `phosphene render` makes on any machine.
  static std::unique_ptr<HeadlessEglContext> create(GlApi api, std::string& error);
  ~HeadlessEglContext();
  HeadlessEglContext(const HeadlessEglContext&) = delete;
  HeadlessEglContext& operator=(const HeadlessEglContext&) = delete;

  /// Makes this context current on the calling thread.
  bool makeCurrent() const;
  /// e.g. "EGL 1.5 (Mesa Project), surfaceless platform".
  const std::string& description() const { return description_; }

 private:
  HeadlessEglContext() = default;
  EGLDisplay display_ = EGL_NO_DISPLAY;
  EGLContext context_ = EGL_NO_CONTEXT;
  EGLSurface surface_ = EGL_NO_SURFACE;  // only with the default display's pbuffer
  GlApi api_ = GlApi::Core33;
  std::string description_;
};

}  // namespace phosphene::python
