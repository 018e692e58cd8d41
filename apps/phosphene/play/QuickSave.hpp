#pragma once
// Where the player's `s` key saves the running preset: the quick-save folder under the user's
// data directory, with a file name that never replaces an earlier save.

#include <filesystem>
#include <string>

namespace phosphene::play {

/// $XDG_DATA_HOME/phosphene/saved, else ~/.local/share/phosphene/saved; empty when neither
/// XDG_DATA_HOME (absolute) nor HOME is set.
std::filesystem::path quickSaveFolder();

/// A path in `folder` that does not exist yet for a preset named `presetName`: its stem (a
/// file's name without ".milk"; characters a file name cannot hold replaced) + ".milk", else
/// "<stem> (2).milk", "<stem> (3).milk", ...
std::filesystem::path freshSavePath(const std::filesystem::path& folder,
                                    const std::string& presetName);

}  // namespace phosphene::play
