#pragma once
// The GL side of a `phosphene render` run: the headless context, the offscreen framebuffer every
// frame is drawn into and read back from, and --verbose's report of the context and its driver's
// debug messages. apps/platform does the GL; the engine is reached only through the C API.

#include <memory>

#include "CurrentGlContext.hpp"
#include "HeadlessContext.hpp"
#include "OffscreenFramebuffer.hpp"
#include "RenderOptions.hpp"

namespace phosphene::cli {

struct RenderGl {
  platform::HeadlessContext context;
  platform::OffscreenFramebuffer framebuffer;
  std::unique_ptr<platform::GlDebugMessages> debugMessages;  // --verbose only

  /// Makes the context current with a framebuffer of the run's size; with --verbose prints what
  /// the context is and routes its debug messages to stderr. Null after printing why not.
  static std::unique_ptr<RenderGl> open(const RenderOptions& o);
  /// "GL ES 3" or "GL 3.3 core", for the summary.
  const char* apiName() const;
};

}  // namespace phosphene::cli
