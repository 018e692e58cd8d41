#pragma once
// The window's last size and position, remembered between runs in its own small file
// ($XDG_STATE_HOME/phosphene/window.toml) so the user's commented phosphene.toml is never
// rewritten by the program. The player applies it over the config's [window] values at start and
// saves it at exit.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "PlayerConfig.hpp"
#include "PlayerSettings.hpp"

namespace phosphene::play {

struct WindowState {
  std::optional<int> x;  // unset: let the config (or centring) decide
  std::optional<int> y;
  int width = WindowSettings{}.width;
  int height = WindowSettings{}.height;
  bool fullscreen = false;
  int display = 0;
  std::string displayName;  // the display's name then, found again if displays are reordered
  bool operator==(const WindowState&) const = default;
};

/// $XDG_STATE_HOME/phosphene/window.toml, else ~/.local/state/phosphene/window.toml; empty when
/// neither variable is usable.
std::filesystem::path defaultWindowStatePath(const ConfigEnvironment& env);

/// Parses the state file's text; values that are missing or out of range keep the defaults (with an
/// issue). A syntax error makes the whole state unusable: nullopt.
std::optional<WindowState> parseWindowState(std::string_view text, std::string_view fileName,
                                            std::vector<ConfigIssue>& issues);
std::string formatWindowState(const WindowState& state);

/// nullopt when the file does not exist (no issue: the first run) or cannot be used (an issue).
std::optional<WindowState> loadWindowState(const std::filesystem::path& path,
                                           std::vector<ConfigIssue>& issues);
/// Atomic replace, folders created. False, with an issue, when it could not be written.
bool saveWindowState(const std::filesystem::path& path, const WindowState& state,
                     std::vector<ConfigIssue>& issues);

/// The remembered state over the configured window (size, position, fullscreen, display).
void applyWindowState(WindowSettings& window, const WindowState& state);

}  // namespace phosphene::play
