#include "HeadlessEglContext.hpp"

#include <EGL/eglext.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace phosphene::python {
namespace {

constexpr const char* kInstallHint =
    "install Mesa's EGL and software rasteriser (Debian/Ubuntu: apt-get install libegl1 "
    "libegl-mesa0 libgl1-mesa-dri)";

bool extensionListed(const char* list, const char* name) {
  if (list == nullptr) return false;
  const std::size_t n = std::strlen(name);
  for (const char* p = std::strstr(list, name); p != nullptr; p = std::strstr(p + 1, name))
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
  return false;
}

std::string eglErrorText() {
  char text[32];
  std::snprintf(text, sizeof text, "EGL error 0x%04X", static_cast<unsigned>(eglGetError()));
  return text;
}

// Mesa's surfaceless platform, initialised; EGL_NO_DISPLAY where EGL has none.
EGLDisplay surfacelessDisplay(EGLint& major, EGLint& minor) {
  auto getPlatformDisplay = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
      eglGetProcAddress("eglGetPlatformDisplayEXT"));
  if (getPlatformDisplay == nullptr ||
      !extensionListed(eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS),
                       "EGL_MESA_platform_surfaceless"))
    return EGL_NO_DISPLAY;
  EGLDisplay display =
      getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  return display != EGL_NO_DISPLAY && eglInitialize(display, &major, &minor) ? display
                                                                             : EGL_NO_DISPLAY;
}

}  // namespace

std::unique_ptr<HeadlessEglContext> HeadlessEglContext::create(GlApi api, std::string& error) {
  // Mesa reads this when it loads its driver, so before the first display opens; overwrite=0
  // keeps a user's own choice.
  setenv("LIBGL_ALWAYS_SOFTWARE", "1", 0);
  std::unique_ptr<HeadlessEglContext> self(new HeadlessEglContext());
  self->api_ = api;
  EGLint major = 0, minor = 0;
  self->display_ = surfacelessDisplay(major, minor);
  const bool surfaceless = self->display_ != EGL_NO_DISPLAY;
  if (!surfaceless) {
    self->display_ = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    if (self->display_ == EGL_NO_DISPLAY || !eglInitialize(self->display_, &major, &minor)) {
      self->display_ = EGL_NO_DISPLAY;
      error = std::string("no EGL display: ") + kInstallHint;
      return nullptr;
    }
  }
  const bool es = api == GlApi::Es30;
  const char* what = es ? "OpenGL ES 3.0" : "OpenGL 3.3 core";
  const EGLint configAttributes[] = {EGL_SURFACE_TYPE,
                                     surfaceless ? 0 : EGL_PBUFFER_BIT,
                                     EGL_RENDERABLE_TYPE,
                                     es ? EGL_OPENGL_ES3_BIT : EGL_OPENGL_BIT,
                                     EGL_RED_SIZE,
                                     8,
                                     EGL_GREEN_SIZE,
                                     8,
                                     EGL_BLUE_SIZE,
                                     8,
                                     EGL_ALPHA_SIZE,
                                     8,
                                     EGL_NONE};
  EGLConfig config = nullptr;
  EGLint configs = 0;
  if (!eglBindAPI(es ? EGL_OPENGL_ES_API : EGL_OPENGL_API) ||
      !eglChooseConfig(self->display_, configAttributes, &config, 1, &configs) || configs < 1) {
    error = std::string("the EGL display has no RGBA8 config for ") + what;
    return nullptr;
  }
  EGLint contextAttributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                3,
                                EGL_CONTEXT_MINOR_VERSION,
                                es ? 0 : 3,
                                EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                EGL_NONE};
  if (es) contextAttributes[4] = EGL_NONE;  // a profile means nothing to ES: the list ends there
  self->context_ = eglCreateContext(self->display_, config, EGL_NO_CONTEXT, contextAttributes);
  if (self->context_ == EGL_NO_CONTEXT) {
    error = std::string("cannot create an ") + what + " context: " + eglErrorText();
    return nullptr;
  }
  if (!surfaceless) {
    const EGLint pbufferAttributes[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
    self->surface_ = eglCreatePbufferSurface(self->display_, config, pbufferAttributes);
    if (self->surface_ == EGL_NO_SURFACE) {
      error = "cannot create an EGL pbuffer: " + eglErrorText();
      return nullptr;
    }
  }
  if (!self->makeCurrent()) {
    error = "eglMakeCurrent failed: " + eglErrorText();
    return nullptr;
  }
  const char* vendor = eglQueryString(self->display_, EGL_VENDOR);
  self->description_ = "EGL " + std::to_string(major) + "." + std::to_string(minor) + " (" +
                       (vendor != nullptr ? vendor : "unknown vendor") + "), " +
                       (surfaceless ? "surfaceless platform" : "default display, pbuffer");
  return self;
}

HeadlessEglContext::~HeadlessEglContext() {
  if (display_ == EGL_NO_DISPLAY) return;
  if (context_ != EGL_NO_CONTEXT && eglGetCurrentContext() == context_)
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (context_ != EGL_NO_CONTEXT) eglDestroyContext(display_, context_);
  if (surface_ != EGL_NO_SURFACE) eglDestroySurface(display_, surface_);
  // No eglTerminate: a display is shared by the whole process, so terminating it would destroy
  // every other context on it (two engines, the CLI's tests in the same process).
}

bool HeadlessEglContext::makeCurrent() const {
  // eglMakeCurrent binds for the client API bound last on this thread.
  eglBindAPI(api_ == GlApi::Es30 ? EGL_OPENGL_ES_API : EGL_OPENGL_API);
  return eglMakeCurrent(display_, surface_, surface_, context_) == EGL_TRUE;
}

}  // namespace phosphene::python
