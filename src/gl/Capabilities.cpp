#include "gl/Capabilities.hpp"

#include <algorithm>
#include <cstdio>

#include "gl/Gl.hpp"

namespace phosphene::gl {
namespace {

std::string glString(GLenum name) {
  const auto* s = reinterpret_cast<const char*>(glGetString(name));
  return s ? std::string(s) : std::string();
}

// GL_VERSION is "<major>.<minor>..." on desktop and "OpenGL ES <major>.<minor>..." on ES.
bool parseVersion(const std::string& text, bool& es, int& major, int& minor) {
  const std::string esPrefix = "OpenGL ES ";
  std::size_t at = 0;
  es = text.rfind(esPrefix, 0) == 0;
  if (es) at = esPrefix.size();
  // "OpenGL ES-CM 1.1" and similar profiles of ES 1.x have a suffix before the number.
  while (at < text.size() && (text[at] < '0' || text[at] > '9')) ++at;
  return std::sscanf(text.c_str() + at, "%d.%d", &major, &minor) == 2;
}

}  // namespace

bool Capabilities::hasExtension(std::string_view name) const {
  return std::binary_search(extensions.begin(), extensions.end(), name);
}

bool Capabilities::hasDebugOutput() const {
#if defined(PHOSPHENE_GL_NATIVE_GLES3)
  return false;
#else
  if (hasExtension("GL_KHR_debug")) return true;
  return es ? (major > 3 || (major == 3 && minor >= 2)) : (major > 4 || (major == 4 && minor >= 3));
#endif
}

std::string Capabilities::report() const {
  std::string out;
  out += "GL API:       " + std::string(es ? "OpenGL ES" : "OpenGL core") + " " +
         std::to_string(major) + "." + std::to_string(minor) + "\n";
  out += "GL_VERSION:   " + version + "\n";
  out += "GLSL:         " + glslVersion + " (shaders compiled as " +
         (es ? "#version 300 es" : "#version 330 core") + ")\n";
  out += "GL_RENDERER:  " + renderer + "\n";
  out += "GL_VENDOR:    " + vendor + "\n";
  out += "max texture:  " + std::to_string(maxTextureSize) + "\n";
  out += "debug output: " + std::string(hasDebugOutput() ? "yes (GL_KHR_debug)" : "no") + "\n";
  out += "extensions (" + std::to_string(extensions.size()) + "):";
  std::size_t column = 80;
  for (const auto& e : extensions) {
    if (column + e.size() + 1 > 96) {
      out += "\n ";
      column = 1;
    }
    out += " " + e;
    column += e.size() + 1;
  }
  out += "\n";
  return out;
}

core::Expected<Capabilities> probeCapabilities() {
  Capabilities caps;
  caps.version = glString(GL_VERSION);
  if (caps.version.empty())
    return core::makeDiagnostic(core::DiagnosticId::GlUnavailable,
                                "no OpenGL context is current on this thread", "gl");
  if (!parseVersion(caps.version, caps.es, caps.major, caps.minor))
    return core::makeDiagnostic(core::DiagnosticId::GlUnavailable,
                                "unrecognised GL_VERSION '" + caps.version + "'", "gl");
  caps.glslVersion = glString(GL_SHADING_LANGUAGE_VERSION);
  caps.renderer = glString(GL_RENDERER);
  caps.vendor = glString(GL_VENDOR);
  const bool tooOld =
      caps.es ? caps.major < 3 : (caps.major < 3 || (caps.major == 3 && caps.minor < 3));
  if (tooOld)
    return core::makeDiagnostic(core::DiagnosticId::GlVersionTooLow,
                                "context is " + caps.version + " (" + caps.renderer +
                                    "); Phosphene needs OpenGL 3.3 core or OpenGL ES 3.0",
                                "gl");
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  caps.extensions.reserve(static_cast<std::size_t>(std::max(count, 0)));
  for (GLint i = 0; i < count; ++i) {
    const auto* e =
        reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i)));
    if (e) caps.extensions.emplace_back(e);
  }
  std::sort(caps.extensions.begin(), caps.extensions.end());
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &caps.maxTextureSize);
  return caps;
}

}  // namespace phosphene::gl
