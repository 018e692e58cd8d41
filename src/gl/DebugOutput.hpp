#pragma once
// Routes the driver's GL_KHR_debug messages (errors, deprecated or undefined behaviour,
// performance hints) to a callback. Installed for the lifetime of the object on the context
// current at install(); nothing happens where the context lacks KHR_debug.

#include <functional>
#include <memory>
#include <string_view>

#include "gl/Capabilities.hpp"
#include "gl/Gl.hpp"

namespace phosphene::gl {

struct DebugMessage {
  std::string_view source;    // "api", "shader compiler", ...
  std::string_view type;      // "error", "deprecated", "undefined", "performance", ...
  std::string_view severity;  // "high", "medium", "low", "notification"
  GLuint id = 0;
  std::string_view text;
  bool isError() const { return type == "error"; }
};

class DebugOutput {
 public:
  using Callback = std::function<void(const DebugMessage&)>;

  /// Enables synchronous debug output on the current context and forwards every message to
  /// `callback` (on the thread making the GL call). Returns null when the context has no debug
  /// output (see Capabilities::hasDebugOutput); the caller decides whether that matters.
  static std::unique_ptr<DebugOutput> install(const Capabilities& caps, Callback callback);
  struct Private {};  // only install() constructs
  DebugOutput(Private, bool es, Callback callback) : es_(es), callback_(std::move(callback)) {}
  /// Detaches the callback from the context, which must be current.
  ~DebugOutput();
  DebugOutput(const DebugOutput&) = delete;
  DebugOutput& operator=(const DebugOutput&) = delete;

  /// Messages delivered so far, and how many of them were errors.
  int messageCount() const { return messages_; }
  int errorCount() const { return errors_; }

 private:
  static void GLAPIENTRY onMessage(GLenum source, GLenum type, GLuint id, GLenum severity,
                                   GLsizei length, const GLchar* message, const void* self);
  bool es_ = false;
  Callback callback_;
  int messages_ = 0;
  int errors_ = 0;
};

}  // namespace phosphene::gl
