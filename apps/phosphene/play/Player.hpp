#pragma once
// The player's run: window, engine, playlist, audio source, overlay and the frame loop. Built
// from a PlayRun (settings already merged from the config file and the command line); uses only
// the public C API of the library, like any host.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "FrameScript.hpp"
#include "PlayerSettings.hpp"

namespace phosphene::play {

struct PlayRun {
  PlayerSettings settings;
  std::vector<std::string> presetFolders;    // resolved: flags, else config, else defaults
  std::vector<std::string> presetFiles;      // --preset
  std::vector<std::string> watchPaths;       // --watch: files and folders reloaded on change
  std::vector<std::string> audioFiles;       // files to play; empty: capture
  std::vector<std::string> startupMessages;  // config issues etc., shown as toasts
  std::optional<std::uint64_t> frames;       // --frames: quit after this many
  bool fixedClock = false;                   // --fixed-fps: every frame is 1/fps of engine time
  std::vector<ScriptStep> script;
  std::string screenshotDir;
  std::uint64_t seed = 0;
  std::string windowStatePath;         // "" = do not remember the window
  std::filesystem::path userFilesDir;  // milk_img.ini and milk_msg.ini: the config's folder
  bool verbose = false;
};

/// Runs until the window closes, Ctrl+Q / Escape, or --frames. Returns the exit status.
int runPlayer(const PlayRun& run);

}  // namespace phosphene::play
