#pragma once
// Whether the calling thread has a GL context current, asked of the window-system libraries
// without touching GL itself: libepoxy resolves a GL entry point by asking which context is
// current and aborts the process when there is none, so the C API must know before its first GL
// call.

#include <memory>

namespace phosphene::gl {

/// True when an EGL context (any client API) or a GLX context is current on this thread; on
/// WebGL, when Emscripten has a WebGL context current. Never loads a library and never asserts:
/// a window-system library that is not loaded in the process cannot have made anything current.
/// Platforms without EGL or GLX (Windows, macOS) answer true: there the check is left to the
/// host.
bool hasCurrentContext();

/// hasCurrentContext() for a caller that asks every frame: the window-system libraries are looked
/// up once (and again only while none is found), not on every call. One per engine; not shared
/// between threads.
class ContextProbe {
 public:
  ContextProbe();
  ~ContextProbe();
  ContextProbe(const ContextProbe&) = delete;
  ContextProbe& operator=(const ContextProbe&) = delete;

  bool current();

 private:
  struct Symbols;
  void resolve();
  std::unique_ptr<Symbols> symbols_;  // opaque, so no dlfcn types leak out
};

/// While one of these lives on a thread, GL objects released on that thread (GlName::reset and
/// every wrapper built on it) are forgotten instead of deleted: no GL call at all. For a context
/// that is gone or not current (WebGL context loss, an engine destroyed by a garbage collector):
/// libepoxy would abort the process on a GL call without a current context. A scope, so nothing
/// outlives the call that needs it.
class AbandonGlObjects {
 public:
  AbandonGlObjects();
  ~AbandonGlObjects();
  AbandonGlObjects(const AbandonGlObjects&) = delete;
  AbandonGlObjects& operator=(const AbandonGlObjects&) = delete;

  /// Whether the calling thread is inside such a scope.
  static bool active();
};

}  // namespace phosphene::gl
