#pragma once
// The first window's size against the display: a configured or remembered size larger than the
// display's usable area (the screen less panels and docks) is scaled down, keeping its shape, so
// no edge of the picture (or of the preset browser along the left) opens off-screen. Seen under
// Xvfb at 1024x768, where the default 1280x720 window was wider than the screen.

#include <optional>

namespace phosphene::play {

struct PixelSize {
  int width = 0, height = 0;
  bool operator==(const PixelSize&) const = default;
};

/// Share of the usable area a fitted window takes, leaving room for its frame (title bar,
/// borders) and some desktop around it.
inline constexpr double kFittedShare = 0.9;

/// `wanted` when it fits inside `usable`; else the largest size of the same shape inside
/// kFittedShare of `usable` (at least 1 x 1).
PixelSize fitWindow(PixelSize wanted, PixelSize usable);

/// The usable area of SDL display `display` (0 when out of range); nullopt when SDL's video
/// cannot start or does not know.
std::optional<PixelSize> usableDisplayArea(int display);

}  // namespace phosphene::play
