#pragma once
// An SDL2 window with an OpenGL context current on the creating thread: GL 3.3 core, or GL ES 3.0
// when asked or when the platform cannot give 3.3 core. The only place the player makes a window
// or a context (DESIGN.md: apps/platform/). Owns the SDL video subsystem for its lifetime.

#include <SDL.h>

#include <memory>
#include <optional>
#include <string>

#include "HeadlessContext.hpp"  // GlApi, glApiName
#include "PngImage.hpp"

namespace phosphene::platform {

enum class Vsync { Adaptive, On, Off };

/// "adaptive" / "on" / "off".
const char* vsyncName(Vsync vsync);

struct SdlWindowOptions {
  std::string title = "Phosphene";
  int width = 1280, height = 720;  // window size in screen coordinates
  std::optional<int> x, y;         // position; unset: centred on the display
  int display = 0;                 // SDL display index for placement and fullscreen
  bool fullscreen = false;         // desktop fullscreen (no video mode change)
  bool borderless = false;
  GlApi api = GlApi::Core33;
  bool apiForced = false;         // --gl given: no fallback to the other API
  Vsync vsync = Vsync::Adaptive;  // falls back adaptive -> on -> off
  bool hidden = false;            // tests that need no visible window
};

class SdlWindow {
 public:
  /// Opens the window and makes its context current. nullptr + `error` (one sentence) when SDL's
  /// video cannot start (no display) or no GL context of a usable version can be made.
  static std::unique_ptr<SdlWindow> create(const SdlWindowOptions& options, std::string& error);

  struct Private {};
  explicit SdlWindow(Private);
  ~SdlWindow();
  SdlWindow(const SdlWindow&) = delete;
  SdlWindow& operator=(const SdlWindow&) = delete;

  SDL_Window* handle() const { return window_; }
  SDL_GLContext context() const { return context_; }
  /// Makes the window's context current on it again (after drawing into another window with it).
  bool makeCurrent() const { return SDL_GL_MakeCurrent(window_, context_) == 0; }
  std::uint32_t id() const { return SDL_GetWindowID(window_); }
  /// Size in pixels of the default framebuffer (HiDPI: larger than the window size).
  void drawableSize(int& width, int& height) const;
  void windowSize(int& width, int& height) const;
  void position(int& x, int& y) const;
  bool fullscreen() const;
  void setFullscreen(bool on);
  void toggleFullscreen() { setFullscreen(!fullscreen()); }

  GlApi api() const { return api_; }
  Vsync vsync() const { return vsync_; }
  /// e.g. "OpenGL 3.3 core (llvmpipe ...), vsync adaptive".
  std::string description() const;

  /// Binds the default framebuffer (what the engine's BOUND_FRAMEBUFFER target draws into).
  void bindDefaultFramebuffer() const;
  /// Reads the back buffer (call before swap) as RGBA, top row first.
  bool readBackBuffer(RgbaImage& out, std::string& error) const;
  void swap() const { SDL_GL_SwapWindow(window_); }

 private:
  bool open(const SdlWindowOptions& options, std::string& error);
  bool makeContext(GlApi api, std::string& error);
  void applyVsync(Vsync wanted);

  bool videoStarted_ = false;
  SDL_Window* window_ = nullptr;
  SDL_GLContext context_ = nullptr;
  GlApi api_ = GlApi::Core33;
  Vsync vsync_ = Vsync::Off;
};

}  // namespace phosphene::platform
