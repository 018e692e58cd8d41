#pragma once
// Live reload for preset authors (`--watch FILE|DIR`, the w key): a watched preset that changes on
// disk is read and checked again in the background, and when it is good the engine cuts to it.
// A save with errors leaves the last good version running and pins its diagnostics (file:line:
// column, ID, message) on screen until the next good save of that file.
//
// What is watched: the files and folders given to --watch (a changed preset in a watched folder
// is shown, whichever preset was running), and, while "follow" is on (w), the file of whatever
// preset is running.

#include <filesystem>
#include <future>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "PresetFileWatcher.hpp"
#include "phosphene/phosphene.h"

namespace phosphene::play {

/// What a reload asks the player to show.
struct ReloadNews {
  std::string message;  // one line: "reloaded x.milk", "x.milk: 2 errors, ..."
  bool error = false;   // the save had errors: the old version keeps running
  std::optional<std::vector<std::string>> pinned;  // set: replace the pinned lines ({} clears)
  std::vector<std::string> details;  // every diagnostic, warnings too (for the terminal)
};

/// The diagnostics of a preset handle as lines "NAME:LINE:COLUMN: ID message", errors first.
/// `errors` receives how many are errors.
std::vector<std::string> diagnosticLines(const phosphene_preset* preset, const std::string& name,
                                         int& errors);

class LiveReload {
 public:
  explicit LiveReload(phosphene_engine* engine);
  ~LiveReload();
  LiveReload(const LiveReload&) = delete;
  LiveReload& operator=(const LiveReload&) = delete;

  /// --watch: a preset file or a folder of presets. False with `error` when it cannot be watched.
  bool watch(const std::filesystem::path& path, std::string& error);
  /// The w key: reload the running preset's file when it changes (on / off).
  void setFollowCurrent(bool on) { followCurrent_ = on; }
  bool followCurrent() const { return followCurrent_; }
  bool active() const { return followCurrent_ || !files_.empty() || !folders_.empty(); }
  std::string method() const { return watcher_.method(); }

  /// Once per frame on the render thread: picks up saves, starts background checks, and switches
  /// the engine to a good new version. Returns what to show (nothing most frames).
  std::vector<ReloadNews> update();

 private:
  struct PresetDeleter {
    void operator()(phosphene_preset* p) const { phosphene_preset_destroy(p); }
  };
  using PresetHandle = std::unique_ptr<phosphene_preset, PresetDeleter>;
  struct Check {
    std::filesystem::path file;
    std::future<PresetHandle> result;
  };
  bool wanted(const std::filesystem::path& file);
  ReloadNews finish(const std::filesystem::path& file, PresetHandle preset);

  phosphene_engine* engine_;
  PresetFileWatcher watcher_;
  std::set<std::filesystem::path> files_, folders_;
  bool followCurrent_ = false;
  std::vector<Check> checks_;  // at most one per file; a save during its check queues another
  std::set<std::filesystem::path> again_;
  std::filesystem::path pinnedFile_;  // whose diagnostics are on screen
};

}  // namespace phosphene::play
