#pragma once
// A second window showing the main window's picture without what the player draws over it
// (overlays, help, browser): a projector output. It draws with the main window's GL context (one
// context, two drawables), so nothing is shared between contexts: after the engine has drawn,
// capture() copies the picture into a texture of that context; after the main window's swap,
// present() makes the context current on the mirror, scales the copy into it (letterboxed, same
// shape) and swaps it, then makes the main window current again.

#include <SDL.h>

#include <memory>
#include <string>

#include "PngImage.hpp"
#include "SdlWindow.hpp"

namespace phosphene::platform {

struct MirrorWindowOptions {
  int display = 0;                // SDL display index
  bool fullscreen = true;         // desktop fullscreen on `display`; false: a window centred on it
  int width = 960, height = 540;  // the window's size when not fullscreen
  std::string title = "Phosphene mirror";
};

class MirrorWindow {
 public:
  /// Opens the mirror for `main` (whose context must be current). nullptr + `error` (one
  /// sentence) when the window cannot be made or the context cannot draw into it.
  static std::unique_ptr<MirrorWindow> create(SdlWindow& main, const MirrorWindowOptions& options,
                                              std::string& error);

  struct Private {};
  MirrorWindow(Private, SdlWindow& main);
  ~MirrorWindow();
  MirrorWindow(const MirrorWindow&) = delete;
  MirrorWindow& operator=(const MirrorWindow&) = delete;

  std::uint32_t id() const { return SDL_GetWindowID(window_); }
  /// Copies the main window's default framebuffer (width x height pixels, its drawable size) into
  /// the mirror's texture. Main's context current, after the picture, before the overlays.
  void capture(int width, int height);
  /// Draws the last capture into the mirror and shows it; `shot`, when given, receives what the
  /// mirror shows (read before its swap). The main window is current again afterwards. False +
  /// `error` when the context cannot be made current on the mirror (nothing drawn).
  bool present(RgbaImage* shot, std::string& error);

 private:
  SdlWindow* main_;
  SDL_Window* window_ = nullptr;
  unsigned framebuffer_ = 0, texture_ = 0;  // the copy (GL names of main's context)
  int copyWidth_ = 0, copyHeight_ = 0;      // the texture's size
  int capturedWidth_ = 0, capturedHeight_ = 0;
  bool swapIntervalSet_ = false;
};

}  // namespace phosphene::platform
