#pragma once
// SDL's video subsystem started for as long as one scope needs it (reading the displays before
// the window exists); SDL counts the starts, so the window's own start is not disturbed.

#include <SDL.h>

namespace phosphene::play {

class VideoSubsystem {
 public:
  VideoSubsystem() : started_(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0) {}
  ~VideoSubsystem() {
    if (started_) SDL_QuitSubSystem(SDL_INIT_VIDEO);
  }
  VideoSubsystem(const VideoSubsystem&) = delete;
  VideoSubsystem& operator=(const VideoSubsystem&) = delete;
  bool started() const { return started_; }

 private:
  bool started_;
};

}  // namespace phosphene::play
