#pragma once
// Tells which .milk files changed on disk in a set of folders, without blocking: Linux's inotify
// where there is one (the kernel reports a save as it happens), else a scan of modification
// times every quarter second. Folders are watched, not files, because editors save by writing a
// new file and renaming it over the old one, which a watch on the old file would miss.
// Not recursive: a folder's own files only.

#include <chrono>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace phosphene::play {

class PresetFileWatcher {
 public:
  PresetFileWatcher();
  ~PresetFileWatcher();
  PresetFileWatcher(const PresetFileWatcher&) = delete;
  PresetFileWatcher& operator=(const PresetFileWatcher&) = delete;

  /// Starts watching `folder` (again is fine). False with `error` when it cannot be watched.
  bool watchFolder(const std::filesystem::path& folder, std::string& error);
  /// The .milk files written, created or renamed into a watched folder since the last call
  /// (absolute, each once). Never blocks.
  std::vector<std::filesystem::path> changedFiles();
  /// "inotify" or "polling every 0.25 s".
  std::string method() const;

 private:
  void scanModificationTimes(std::set<std::filesystem::path>& changed);

  int inotify_ = -1;  // -1: polling
  std::map<int, std::filesystem::path> folderOfWatch_;
  // Polling: every .milk file's last modification time, per watched folder.
  std::map<std::filesystem::path, std::filesystem::file_time_type> seen_;
  std::set<std::filesystem::path> folders_;
  std::chrono::steady_clock::time_point nextScan_{};
};

}  // namespace phosphene::play
