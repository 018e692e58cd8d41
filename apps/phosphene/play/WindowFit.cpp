#include "WindowFit.hpp"

#include <SDL.h>

#include <algorithm>
#include <cmath>

#include "VideoSubsystem.hpp"

namespace phosphene::play {

PixelSize fitWindow(PixelSize wanted, PixelSize usable) {
  if (usable.width <= 0 || usable.height <= 0) return wanted;
  if (wanted.width <= usable.width && wanted.height <= usable.height) return wanted;
  const double scale = kFittedShare * std::min(static_cast<double>(usable.width) / wanted.width,
                                               static_cast<double>(usable.height) / wanted.height);
  return {std::max(1, static_cast<int>(std::floor(wanted.width * scale))),
          std::max(1, static_cast<int>(std::floor(wanted.height * scale)))};
}

std::optional<PixelSize> usableDisplayArea(int display) {
  const VideoSubsystem video;
  if (!video.started()) return std::nullopt;
  if (display < 0 || display >= SDL_GetNumVideoDisplays()) display = 0;
  SDL_Rect r{};
  if (SDL_GetDisplayUsableBounds(display, &r) != 0 || r.w <= 0 || r.h <= 0) return std::nullopt;
  return PixelSize{r.w, r.h};
}

}  // namespace phosphene::play
