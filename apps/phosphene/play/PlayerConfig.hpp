#pragma once
// Reading and writing phosphene.toml, the player's one configuration file. Nothing here throws or
// stops on bad input: every problem becomes a ConfigIssue (file, line, column, reason) and the
// setting concerned keeps its default, so a typo costs one setting, never the whole file.
//
// The program never rewrites the user's file (apart from creating it once, commented); the
// window's last size and position go to a separate state file (WindowState.hpp).

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "PlayerSettings.hpp"

namespace phosphene::play {

enum class IssueSeverity { Warning, Error };

struct ConfigIssue {
  std::string file;  // as given to the parser; "--set" for command-line overrides
  int line = 0;      // 1-based; 0 when the issue concerns the whole file
  int column = 0;    // 1-based; 0 when unknown
  IssueSeverity severity = IssueSeverity::Error;
  std::string message;

  /// "file:line:column: error: message", leaving out the parts that are unknown.
  std::string format() const;
};

/// The environment variables the paths depend on, passed in so tests need no setenv. An empty
/// string means unset.
struct ConfigEnvironment {
  std::string home;           // $HOME: "~" expansion and the fallback folders
  std::string xdgConfigHome;  // $XDG_CONFIG_HOME
  std::string xdgStateHome;   // $XDG_STATE_HOME

  /// Reads HOME, XDG_CONFIG_HOME and XDG_STATE_HOME from the process environment.
  static ConfigEnvironment fromProcess();
};

/// $XDG_CONFIG_HOME/phosphene/phosphene.toml, else ~/.config/phosphene/phosphene.toml. Empty when
/// neither variable is usable (XDG paths must be absolute, per the XDG base directory spec).
std::filesystem::path defaultConfigPath(const ConfigEnvironment& env);

/// "~" and "~/..." become $HOME and $HOME/...; anything else (including "~user") is unchanged.
std::filesystem::path expandHome(std::string_view path, const ConfigEnvironment& env);

/// Parses phosphene.toml text. Starts from the defaults; each valid setting replaces its default.
/// Appends to `issues`: syntax errors (the offending line is skipped and the rest still applies),
/// unknown tables and keys (warnings), wrong types and out-of-range values (errors). Issues come
/// out ordered by line.
PlayerSettings parseConfig(std::string_view text, std::string_view fileNameForMessages,
                           std::vector<ConfigIssue>& issues, const ConfigEnvironment& env);

/// One `--set table.key=value` override: `value` is read as a TOML value (`800`, `true`, `"x"`,
/// `[64, 48]`); text that is not one is taken as a plain string, so `--set audio.device=Mic 2`
/// works unquoted. Returns false, with an issue, when the key is unknown or the value invalid; the
/// setting is then unchanged.
bool applyOverride(PlayerSettings& settings, std::string_view dottedKey, std::string_view value,
                   std::vector<ConfigIssue>& issues, const ConfigEnvironment& env);

/// The commented file: every setting with a one-line comment, its range and its default, set to
/// the value in `settings`. parseConfig of the result gives `settings` back with no issues.
std::string formatConfig(const PlayerSettings& settings);
/// formatConfig of the defaults: what loadOrCreateConfig writes for a new user.
std::string writeDefaultConfig();

struct ConfigLoad {
  PlayerSettings settings;
  std::vector<ConfigIssue> issues;
  bool created = false;  // the file did not exist and the default file was written
  std::filesystem::path path;
};

/// Reads `path`; when it does not exist, writes the default file there (folders created, atomic
/// replace) and returns the defaults. IO problems become issues; the settings are then the
/// defaults. Never throws.
ConfigLoad loadOrCreateConfig(const std::filesystem::path& path, const ConfigEnvironment& env);

}  // namespace phosphene::play
