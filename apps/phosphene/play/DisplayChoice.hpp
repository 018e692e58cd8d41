#pragma once
// Which display (monitor) the window opens and goes fullscreen on: by number, or by the name the
// system gives it ("DP-1", "HDMI-A-0", a monitor's model), so the choice survives monitors being
// added or reordered. The name wins over the number when both are known and the name is found.

#include <string>
#include <vector>

namespace phosphene::play {

struct DisplayChoice {
  int index = 0;
  std::string warning;  // non-empty: what was asked for was not there, and what is used instead
};

/// `names`: the displays in SDL's order. `wantedName`: "" (use the number), else a name matched
/// exactly, then as a unique part of one name, ignoring case. `wantedIndex` out of range: 0.
DisplayChoice chooseDisplay(const std::vector<std::string>& names, const std::string& wantedName,
                            int wantedIndex);

/// The displays SDL knows now (starts and stops SDL's video itself).
std::vector<std::string> displayNames();

/// The --list-displays text: number, name, size and usable area of each display.
std::string listDisplays();

}  // namespace phosphene::play
