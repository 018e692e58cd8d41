#include "gl/DebugOutput.hpp"

#include <cstring>

#include "gl/CurrentContext.hpp"

namespace phosphene::gl {
// WebGL 2 has no KHR_debug: there, install() returns null and nothing below the seam is built.
#if !defined(PHOSPHENE_GL_NATIVE_GLES3)
namespace {

std::string_view sourceName(GLenum s) {
  switch (s) {
    case GL_DEBUG_SOURCE_API:
      return "api";
    case GL_DEBUG_SOURCE_WINDOW_SYSTEM:
      return "window system";
    case GL_DEBUG_SOURCE_SHADER_COMPILER:
      return "shader compiler";
    case GL_DEBUG_SOURCE_THIRD_PARTY:
      return "third party";
    case GL_DEBUG_SOURCE_APPLICATION:
      return "application";
    default:
      return "other";
  }
}

std::string_view typeName(GLenum t) {
  switch (t) {
    case GL_DEBUG_TYPE_ERROR:
      return "error";
    case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR:
      return "deprecated";
    case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR:
      return "undefined";
    case GL_DEBUG_TYPE_PORTABILITY:
      return "portability";
    case GL_DEBUG_TYPE_PERFORMANCE:
      return "performance";
    case GL_DEBUG_TYPE_MARKER:
      return "marker";
    default:
      return "other";
  }
}

std::string_view severityName(GLenum s) {
  switch (s) {
    case GL_DEBUG_SEVERITY_HIGH:
      return "high";
    case GL_DEBUG_SEVERITY_MEDIUM:
      return "medium";
    case GL_DEBUG_SEVERITY_LOW:
      return "low";
    default:
      return "notification";
  }
}

}  // namespace

void GLAPIENTRY DebugOutput::onMessage(GLenum source, GLenum type, GLuint id, GLenum severity,
                                       GLsizei length, const GLchar* message, const void* self) {
  // GL hands back the pointer given at install; the object outlives the registration.
  auto* out = const_cast<DebugOutput*>(static_cast<const DebugOutput*>(self));
  DebugMessage m;
  m.source = sourceName(source);
  m.type = typeName(type);
  m.severity = severityName(severity);
  m.id = id;
  m.text = std::string_view(message,
                            length >= 0 ? static_cast<std::size_t>(length) : std::strlen(message));
  ++out->messages_;
  if (m.isError()) ++out->errors_;
  if (out->callback_) out->callback_(m);
}

#else
void GLAPIENTRY DebugOutput::onMessage(GLenum, GLenum, GLuint, GLenum, GLsizei, const GLchar*,
                                       const void*) {}
#endif

std::unique_ptr<DebugOutput> DebugOutput::install(const Capabilities& caps, Callback callback) {
#if defined(PHOSPHENE_GL_NATIVE_GLES3)
  (void)caps;
  (void)callback;
  return nullptr;
#else
  if (!caps.hasDebugOutput()) return nullptr;
  auto out = std::make_unique<DebugOutput>(Private{}, caps.es, std::move(callback));
  glEnable(GL_DEBUG_OUTPUT);
  // Synchronous: the callback runs inside the offending call, so a breakpoint shows the caller.
  glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
  // ES exposes KHR_debug with a KHR suffix below ES 3.2; desktop GL names it without one.
  if (caps.es && !(caps.major > 3 || caps.minor >= 2)) {
    glDebugMessageCallbackKHR(&DebugOutput::onMessage, out.get());
    glDebugMessageControlKHR(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
  } else {
    glDebugMessageCallback(&DebugOutput::onMessage, out.get());
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
  }
  return out;
#endif
}

DebugOutput::~DebugOutput() {
#if !defined(PHOSPHENE_GL_NATIVE_GLES3)
  if (AbandonGlObjects::active()) return;
  if (es_)
    glDebugMessageCallbackKHR(nullptr, nullptr);
  else
    glDebugMessageCallback(nullptr, nullptr);
  glDisable(GL_DEBUG_OUTPUT);
#endif
}

}  // namespace phosphene::gl
