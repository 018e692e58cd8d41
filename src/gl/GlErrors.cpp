#include "gl/GlErrors.hpp"

#include <cstdio>
#include <string>

namespace phosphene::gl {

std::string glErrorName(GLenum error) {
  switch (error) {
    case GL_INVALID_ENUM:
      return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE:
      return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION:
      return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION:
      return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY:
      return "GL_OUT_OF_MEMORY";
    default:
      break;
  }
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%04x", static_cast<unsigned>(error));
  return buf;
}

bool drainGlErrors(std::string_view where, core::Diagnostics& out) {
  bool clean = true;
  // A lost context can report GL_CONTEXT_LOST forever; the bound keeps this loop finite.
  for (int i = 0; i < 16; ++i) {
    const GLenum e = glGetError();
    if (e == GL_NO_ERROR) break;
    clean = false;
    out.push_back(core::makeDiagnostic(core::DiagnosticId::GlError,
                                       glErrorName(e) + " in " + std::string(where), "gl"));
  }
  return clean;
}

}  // namespace phosphene::gl
