#pragma once
// What a program asks of the GL context current on its thread, beyond what the library does in
// it: what the context is (for reports and benchmark tables), its driver's debug messages, and
// waiting until it has drawn. Programs use this instead of GL itself, so they need no GL headers.

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "core/Expected.hpp"

namespace phosphene::platform {

/// GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)"; "unknown renderer" when it has none.
std::string glRendererName();
/// The capability report of the current context (versions, extensions, limits; several lines),
/// or the diagnostics when it is below GL 3.3 / ES 3.0.
core::Expected<std::string> glCapabilityReport();
/// glFinish: returns once every command issued so far has been executed.
void waitForGl();

/// The driver's KHR_debug messages, each formatted as "TYPE (SOURCE, SEVERITY): TEXT", passed to
/// a callback while the object lives. Nothing is delivered where the context lacks KHR_debug.
class GlDebugMessages {
 public:
  using Callback = std::function<void(std::string_view message)>;
  /// Installs on the current context (which must still be current when this is destroyed).
  static std::unique_ptr<GlDebugMessages> install(Callback callback);
  ~GlDebugMessages();
  GlDebugMessages(const GlDebugMessages&) = delete;
  GlDebugMessages& operator=(const GlDebugMessages&) = delete;

 private:
  struct State;
  explicit GlDebugMessages(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace phosphene::platform
