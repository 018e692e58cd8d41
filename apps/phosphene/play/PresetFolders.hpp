#pragma once
// Where the player finds presets when neither the command line nor the config names any:
// the user's own folder, Phosphene's installed presets (or the source tree's, for a player run
// from its build folder) and Debian's projectm-data collection when it is installed.

#include <string>
#include <vector>

namespace phosphene::play {

/// Existing folders, in the order they are added to the playlist.
std::vector<std::string> defaultPresetFolders();

}  // namespace phosphene::play
