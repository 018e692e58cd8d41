#include "CallerContext.hpp"

#include <dlfcn.h>

#include <initializer_list>

namespace phosphene::python {

RestoreCallerContext::RestoreCallerContext()
    : api_(eglQueryAPI()),
      display_(eglGetCurrentDisplay()),
      draw_(eglGetCurrentSurface(EGL_DRAW)),
      read_(eglGetCurrentSurface(EGL_READ)),
      context_(eglGetCurrentContext()) {}

RestoreCallerContext::~RestoreCallerContext() {
  if (context_ != EGL_NO_CONTEXT) {
    eglBindAPI(api_);
    eglMakeCurrent(display_, draw_, read_, context_);
  } else if (EGLDisplay ours = eglGetCurrentDisplay(); ours != EGL_NO_DISPLAY) {
    eglMakeCurrent(ours, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  }
  eglBindAPI(api_);
}

namespace {

// EGL 1.4 keeps one current context per client API and answers for the API bound last, so a
// caller that made a desktop GL context current and then bound ES still draws in it. Look under
// both, then bind the caller's API again.
bool eglContextCurrentUnderAnyApi() {
  if (eglGetCurrentContext() != EGL_NO_CONTEXT) return true;
  const EGLenum bound = eglQueryAPI();
  bool found = false;
  for (const EGLenum api : {EGL_OPENGL_API, EGL_OPENGL_ES_API})
    if (api != bound && eglBindAPI(api)) found = found || eglGetCurrentContext() != EGL_NO_CONTEXT;
  if (bound != EGL_NONE) eglBindAPI(bound);
  return found;
}

// A GLX context (pyglet, moderngl on X11): asked of libglvnd's libGLX or a legacy libGL only when
// the process has loaded one already (RTLD_NOLOAD), so no library is ever pulled in.
bool glxContextCurrent() {
  for (const char* soname : {"libGLX.so.0", "libGL.so.1"}) {
    void* library = dlopen(soname, RTLD_LAZY | RTLD_NOLOAD);
    if (library == nullptr) continue;
    using GetCurrentContext = void* (*)();
    auto getCurrent = reinterpret_cast<GetCurrentContext>(dlsym(library, "glXGetCurrentContext"));
    const bool current = getCurrent != nullptr && getCurrent() != nullptr;
    dlclose(library);
    if (current) return true;
  }
  return false;
}

}  // namespace

bool callerHasContext() {
  return eglContextCurrentUnderAnyApi() || glxContextCurrent();
}

}  // namespace phosphene::python
