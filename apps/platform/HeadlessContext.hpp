#pragma once
// A GL context without a window, for the CLI renderer and the GL tests. EGL on Mesa's
// "surfaceless" platform (no X, no Wayland, no GPU needed: llvmpipe renders on the CPU), with an
// EGL_DEFAULT_DISPLAY + 1x1 pbuffer fallback for EGL implementations without it. Rendering goes
// into framebuffer objects; the context has no default framebuffer worth drawing to.

#include <memory>
#include <string>

#include "core/Expected.hpp"

namespace phosphene::platform {

enum class GlApi {
  Core33,  // desktop OpenGL 3.3 core profile (or a later core version compatible with it)
  Es30,    // OpenGL ES 3.0 (or later), the WebGL 2 feature set
};

/// "3.3" / "es3", the CLI's spelling (`--gl`).
const char* glApiName(GlApi api);

/// Which EGL display to use. Auto tries Mesa's surfaceless platform, then the default display.
enum class EglDisplayChoice { Auto, Surfaceless, DefaultWithPbuffer };

struct HeadlessOptions {
  GlApi api = GlApi::Core33;
  EglDisplayChoice display = EglDisplayChoice::Auto;
  bool debug = false;  // request a debug context (more KHR_debug messages)
  /// Prefer Mesa's software rasteriser even when a GPU driver exists, so images are identical on
  /// every machine (golden tests and deterministic renders). Sets LIBGL_ALWAYS_SOFTWARE before
  /// the first display is opened; a process that wants the GPU leaves it false.
  bool software = true;
  /// Threads Mesa's llvmpipe rasterises with (LP_NUM_THREADS, read when the display opens;
  /// other drivers ignore it). -1 leaves the driver's choice (one per core); 0 rasterises on the
  /// calling thread, which small frames want: below ~160x120 waking and waiting for rasteriser
  /// threads several times a frame costs more than they save (bench/README.md). A user's own
  /// LP_NUM_THREADS wins.
  int rasterThreads = -1;
};

class HeadlessContext {
 public:
  /// Creates the context and makes it current on this thread. Errors: GL001 when there is no EGL
  /// display at all (the message says which packages provide one), GL002 when a display exists
  /// but cannot give the requested API/version.
  static core::Expected<HeadlessContext> create(const HeadlessOptions& options);

  HeadlessContext(HeadlessContext&&) noexcept;
  HeadlessContext& operator=(HeadlessContext&&) noexcept;
  ~HeadlessContext();

  /// Makes this context current on the calling thread.
  bool makeCurrent() const;
  GlApi api() const;
  /// e.g. "EGL 1.5 (Mesa Project), surfaceless platform".
  std::string description() const;

 private:
  struct State;
  explicit HeadlessContext(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace phosphene::platform
