#pragma once
// Whether the calling thread has a GL context current, asked of the window-system libraries
// without touching GL itself: libepoxy resolves a GL entry point by asking which context is
// current and aborts the process when there is none, so the C API must know before its first GL
// call.

namespace phosphene::gl {

/// True when an EGL context (any client API) or a GLX context is current on this thread; on
/// WebGL, when Emscripten has a WebGL context current. Never loads a library and never asserts:
/// a window-system library that is not loaded in the process cannot have made anything current.
/// Platforms without EGL or GLX (Windows, macOS) answer true: there the check is left to the
/// host.
bool hasCurrentContext();

}  // namespace phosphene::gl
