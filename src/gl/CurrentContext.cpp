#include "gl/CurrentContext.hpp"

#include <initializer_list>

#if defined(__EMSCRIPTEN__)
#include <emscripten/html5.h>
#elif defined(__linux__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__)
#include <dlfcn.h>
#define PHOSPHENE_CURRENT_CONTEXT_DLOPEN 1
#endif

namespace phosphene::gl {
#if defined(PHOSPHENE_CURRENT_CONTEXT_DLOPEN)
namespace {

// The EGL and GLX types as their ABIs define them (opaque pointers, 32-bit enums): declared here
// rather than by including <EGL/egl.h>, which would also pull in libepoxy's dispatch table.
using EglContext = void*;
using EglEnum = unsigned int;
using EglBoolean = unsigned int;
constexpr EglEnum kEglOpenGlEsApi = 0x30A0;  // EGL_OPENGL_ES_API
constexpr EglEnum kEglOpenGlApi = 0x30A2;    // EGL_OPENGL_API
constexpr EglEnum kEglNone = 0x3038;         // EGL_NONE (eglQueryAPI with nothing bound)

// A library the process has already loaded, or null; RTLD_NOLOAD never loads one (libepoxy's
// own EGL/GLX dispatch would, and aborts when the library is missing).
class LoadedLibrary {
 public:
  explicit LoadedLibrary(const char* soname) : handle_(dlopen(soname, RTLD_LAZY | RTLD_NOLOAD)) {}
  ~LoadedLibrary() {
    if (handle_) dlclose(handle_);
  }
  LoadedLibrary(const LoadedLibrary&) = delete;
  LoadedLibrary& operator=(const LoadedLibrary&) = delete;

  template <typename Fn>
  Fn* symbol(const char* name) const {
    return handle_ ? reinterpret_cast<Fn*>(dlsym(handle_, name)) : nullptr;
  }

 private:
  void* handle_;
};

bool eglContextCurrent() {
  const LoadedLibrary egl("libEGL.so.1");
  auto* getCurrentContext = egl.symbol<EglContext()>("eglGetCurrentContext");
  if (!getCurrentContext) return false;
  if (getCurrentContext() != nullptr) return true;
  // EGL 1.4 keeps one current context per client API and eglGetCurrentContext answers for the
  // API bound last, so a host that made a desktop GL context current and then bound the ES API
  // still renders to it. (EGL 1.5 and Mesa share one slot for GL and ES; there the first answer
  // is already right.) Look under both, then restore the binding.
  auto* queryApi = egl.symbol<EglEnum()>("eglQueryAPI");
  auto* bindApi = egl.symbol<EglBoolean(EglEnum)>("eglBindAPI");
  if (!queryApi || !bindApi) return false;
  const EglEnum bound = queryApi();
  bool current = false;
  for (const EglEnum api : {kEglOpenGlApi, kEglOpenGlEsApi}) {
    if (api == bound || !bindApi(api)) continue;
    current = current || getCurrentContext() != nullptr;
  }
  if (bound != kEglNone) bindApi(bound);
  return current;
}

bool glxContextCurrent() {
  // libglvnd puts GLX in libGLX.so.0; older Mesa and vendor drivers in libGL.so.1.
  for (const char* soname : {"libGLX.so.0", "libGL.so.1"}) {
    const LoadedLibrary glx(soname);
    if (auto* getCurrentContext = glx.symbol<void*()>("glXGetCurrentContext"))
      if (getCurrentContext() != nullptr) return true;
  }
  return false;
}

}  // namespace
#endif

namespace {
// The depth of AbandonGlObjects scopes on this thread: per thread and only non-zero during the
// call that opened the scope, so engines on other threads are never affected.
thread_local int abandonDepth = 0;
}  // namespace

AbandonGlObjects::AbandonGlObjects() {
  ++abandonDepth;
}
AbandonGlObjects::~AbandonGlObjects() {
  --abandonDepth;
}
bool AbandonGlObjects::active() {
  return abandonDepth > 0;
}

#if defined(PHOSPHENE_CURRENT_CONTEXT_DLOPEN)
struct ContextProbe::Symbols {
  LoadedLibrary egl{"libEGL.so.1"};
  LoadedLibrary glvndGlx{"libGLX.so.0"};
  LoadedLibrary legacyGl{"libGL.so.1"};
  EglContext (*eglGetCurrentContext)() = egl.symbol<EglContext()>("eglGetCurrentContext");
  EglEnum (*eglQueryApi)() = egl.symbol<EglEnum()>("eglQueryAPI");
  EglBoolean (*eglBindApi)(EglEnum) = egl.symbol<EglBoolean(EglEnum)>("eglBindAPI");
  void* (*glxGetCurrentContext[2])() = {glvndGlx.symbol<void*()>("glXGetCurrentContext"),
                                        legacyGl.symbol<void*()>("glXGetCurrentContext")};
  bool any() const {
    return eglGetCurrentContext || glxGetCurrentContext[0] || glxGetCurrentContext[1];
  }
};
#else
struct ContextProbe::Symbols {};
#endif

ContextProbe::ContextProbe() {
  resolve();
}

ContextProbe::~ContextProbe() = default;

void ContextProbe::resolve() {
  symbols_ = std::make_unique<Symbols>();
}

bool ContextProbe::current() {
#if defined(__EMSCRIPTEN__)
  return emscripten_webgl_get_current_context() != 0;
#elif defined(PHOSPHENE_CURRENT_CONTEXT_DLOPEN)
  // A host may load its window-system library after making the engine: look again only while
  // nothing was found (then nothing can be current either).
  if (!symbols_->any()) resolve();
  const Symbols& s = *symbols_;
  if (s.eglGetCurrentContext) {
    if (s.eglGetCurrentContext() != nullptr) return true;
    if (s.eglQueryApi && s.eglBindApi) {
      // As eglContextCurrent(): look under both client APIs, then restore the binding.
      const EglEnum bound = s.eglQueryApi();
      bool found = false;
      for (const EglEnum api : {kEglOpenGlApi, kEglOpenGlEsApi}) {
        if (api == bound || !s.eglBindApi(api)) continue;
        found = found || s.eglGetCurrentContext() != nullptr;
      }
      if (bound != kEglNone) s.eglBindApi(bound);
      if (found) return true;
    }
  }
  for (auto* getCurrent : s.glxGetCurrentContext)
    if (getCurrent && getCurrent() != nullptr) return true;
  return false;
#else
  return true;
#endif
}

bool hasCurrentContext() {
#if defined(__EMSCRIPTEN__)
  return emscripten_webgl_get_current_context() != 0;
#elif defined(PHOSPHENE_CURRENT_CONTEXT_DLOPEN)
  return eglContextCurrent() || glxContextCurrent();
#else
  return true;
#endif
}

}  // namespace phosphene::gl
