// The mirror window (issue 37): the picture without the player's overlays in a second window, for
// a projector or a second monitor while the first window shows the browser, help and messages.
// On another display it is fullscreen; on the main window's own display (one monitor) a window.
#include <SDL.h>

#include <cstdio>
#include <string>
#include <vector>

#include "DisplayChoice.hpp"
#include "PlayerSession.hpp"
#include "PngImage.hpp"

namespace phosphene::play {
namespace {

bool allDigits(const std::string& s) {
  if (s.empty()) return false;
  for (const char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

}  // namespace

void PlayerSession::openMirror(const std::string& wanted) {
  const std::vector<std::string> names = displayNames();
  const int own = SDL_GetWindowDisplayIndex(window_->handle());
  int index = -1;
  if (!wanted.empty()) {
    const bool number = allDigits(wanted) && wanted.size() < 4;
    const DisplayChoice choice =
        chooseDisplay(names, number ? std::string() : wanted, number ? std::stoi(wanted) : 0);
    if (!choice.warning.empty()) say("mirror: " + choice.warning, true);
    index = choice.index;
  } else {
    // Not chosen: the first display the main window is not on, else its own.
    for (int i = 0; i < static_cast<int>(names.size()) && index < 0; ++i)
      if (i != own) index = i;
    if (index < 0) index = own < 0 ? 0 : own;
  }
  platform::MirrorWindowOptions options;
  options.display = index;
  options.fullscreen = index != own;
  std::string error;
  mirror_ = platform::MirrorWindow::create(*window_, options, error);
  if (!mirror_) {
    say("mirror: " + error, true);
    return;
  }
  const std::string name =
      index >= 0 && index < static_cast<int>(names.size()) ? " '" + names[index] + "'" : "";
  say(options.fullscreen ? "mirror: fullscreen on display " + std::to_string(index) + name
                         : "mirror: a window on display " + std::to_string(index) + name +
                               ", the main window's own (fullscreen on another display)");
}

void PlayerSession::closeMirror(const char* why) {
  mirror_.reset();
  say(std::string("mirror: ") + why);
}

void PlayerSession::presentMirror(const std::vector<std::string>& shots) {
  if (!mirror_) return;
  platform::RgbaImage image;
  std::string error;
  if (!mirror_->present(shots.empty() ? nullptr : &image, error)) {
    mirror_.reset();
    say("mirror: " + error + "; closed", true);
    return;
  }
  for (const auto& path : shots) {
    if (!platform::writePng(path, image, error)) {
      say("mirror screenshot failed: " + error, true);
      continue;
    }
    std::fprintf(stderr, "phosphene play: mirror screenshot %s (%dx%d)\n", path.c_str(),
                 image.width, image.height);
  }
}

}  // namespace phosphene::play
