#pragma once
// The GL context the Python caller has current on its thread: kept across the calls that make an
// engine's own context current, and asked for before drawing in it (Engine(context="current")).

#include <EGL/egl.h>

namespace phosphene::python {

/// Remembers the EGL binding current on this thread (client API, display, surfaces, context) and
/// makes it current again when it goes. When nothing was current, nothing is current after:
/// an engine's own context is then free for any thread to use or collect the engine in.
class RestoreCallerContext {
 public:
  RestoreCallerContext();
  ~RestoreCallerContext();
  RestoreCallerContext(const RestoreCallerContext&) = delete;
  RestoreCallerContext& operator=(const RestoreCallerContext&) = delete;

 private:
  EGLenum api_;
  EGLDisplay display_;
  EGLSurface draw_, read_;
  EGLContext context_;
};

/// True when an EGL (either client API) or GLX context is current on this thread. Asked before
/// the binding's own GL calls: libepoxy aborts the process on a GL call with none current.
bool callerHasContext();

}  // namespace phosphene::python
