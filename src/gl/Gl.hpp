#pragma once
// The one header through which Phosphene includes OpenGL. Everything that talks to GL includes
// this and nothing else, so the loader can change per platform in one place (cmake/CheckLayout
// rejects a GL header named anywhere outside src/gl/).
//
// Desktop (Linux, macOS, Windows): libepoxy resolves GL and GLES entry points of whatever context
// the host made current, so one binary serves a 3.3 core and an ES 3.0 context alike.
// Emscripten: WebGL 2 is OpenGL ES 3.0 and its functions are linked directly; the build defines
// __EMSCRIPTEN__ and we take the native GLES3 header instead (no loader, no extensions beyond
// what the browser offers; KHR_debug is then never reported available).

//
// PHOSPHENE_GLES_ONLY (the CMake option of that name; always on for Emscripten): the GLES 3.0
// header and the platform's libGLESv2, no libepoxy. The build then runs only in ES 3.0+ contexts
// and offers no KHR_debug output (extension entry points would need a loader).

#if defined(__EMSCRIPTEN__) || defined(PHOSPHENE_GLES_ONLY)
#include <GLES3/gl3.h>
#define PHOSPHENE_GL_NATIVE_GLES3 1
#ifndef GLAPIENTRY
#define GLAPIENTRY GL_APIENTRY  // epoxy's spelling of the calling convention, used by callbacks
#endif
#else
#include <epoxy/gl.h>
#define PHOSPHENE_GL_EPOXY 1
#endif
