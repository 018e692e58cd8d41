#include "CurrentGlContext.hpp"

#include "gl/Capabilities.hpp"
#include "gl/DebugOutput.hpp"
#include "gl/Gl.hpp"

namespace phosphene::platform {

std::string glRendererName() {
  const auto* text = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return text ? text : "unknown renderer";
}

core::Expected<std::string> glCapabilityReport() {
  auto caps = gl::probeCapabilities();
  if (!caps) return caps.diagnostics();
  return caps->report();
}

void waitForGl() {
  glFinish();
}

struct GlDebugMessages::State {
  std::unique_ptr<gl::DebugOutput> output;
};

std::unique_ptr<GlDebugMessages> GlDebugMessages::install(Callback callback) {
  auto caps = gl::probeCapabilities();
  auto state = std::make_unique<State>();
  if (caps)
    state->output = gl::DebugOutput::install(
        *caps, [callback = std::move(callback)](const gl::DebugMessage& m) {
          callback(std::string(m.type) + " (" + std::string(m.source) + ", " +
                   std::string(m.severity) + "): " + std::string(m.text));
        });
  return std::unique_ptr<GlDebugMessages>(new GlDebugMessages(std::move(state)));
}

GlDebugMessages::GlDebugMessages(std::unique_ptr<State> state) : state_(std::move(state)) {}
GlDebugMessages::~GlDebugMessages() = default;

}  // namespace phosphene::platform
