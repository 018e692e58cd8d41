#include "PresetFileWatcher.hpp"

#include <algorithm>
#include <cctype>
#include <system_error>

#ifdef __linux__
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#endif

namespace phosphene::play {
namespace {

constexpr auto kScanInterval = std::chrono::milliseconds(250);

bool isPresetFile(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".milk" || ext == ".milk2";  // .milk2: MilkDrop 3 double presets
}

}  // namespace

PresetFileWatcher::PresetFileWatcher() {
#ifdef __linux__
  inotify_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);  // -1 (e.g. no watches left): polling
#endif
}

PresetFileWatcher::~PresetFileWatcher() {
#ifdef __linux__
  if (inotify_ >= 0) close(inotify_);
#endif
}

std::string PresetFileWatcher::method() const {
  return inotify_ >= 0 ? "inotify" : "polling every 0.25 s";
}

bool PresetFileWatcher::watchFolder(const std::filesystem::path& folder, std::string& error) {
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(folder, ec).lexically_normal();
  if (ec || !std::filesystem::is_directory(absolute, ec)) {
    error = "cannot watch " + folder.string() + ": not a folder";
    return false;
  }
  if (!folders_.insert(absolute).second) return true;
#ifdef __linux__
  if (inotify_ >= 0) {
    // CLOSE_WRITE: a file written in place; MOVED_TO: a save by rename (most editors).
    const int wd = inotify_add_watch(inotify_, absolute.c_str(), IN_CLOSE_WRITE | IN_MOVED_TO);
    if (wd < 0) {
      error = "cannot watch " + absolute.string() + ": " + std::strerror(errno);
      folders_.erase(absolute);
      return false;
    }
    folderOfWatch_[wd] = absolute;
    return true;
  }
#endif
  std::set<std::filesystem::path> ignored;  // the first scan only learns the times
  scanModificationTimes(ignored);
  return true;
}

void PresetFileWatcher::scanModificationTimes(std::set<std::filesystem::path>& changed) {
  for (const auto& folder : folders_) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
      if (!isPresetFile(entry.path()) || !entry.is_regular_file(ec)) continue;
      const auto time = entry.last_write_time(ec);
      if (ec) continue;
      const auto [at, added] = seen_.try_emplace(entry.path(), time);
      if (!added && at->second != time) {
        at->second = time;
        changed.insert(entry.path());
      }
    }
  }
}

std::vector<std::filesystem::path> PresetFileWatcher::changedFiles() {
  std::set<std::filesystem::path> changed;
#ifdef __linux__
  if (inotify_ >= 0) {
    alignas(inotify_event) char buffer[4096];
    for (;;) {
      const ssize_t n = read(inotify_, buffer, sizeof buffer);
      if (n <= 0) break;  // EAGAIN: nothing more now
      for (ssize_t at = 0; at < n;) {
        const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
        at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
        const auto folder = folderOfWatch_.find(event->wd);
        if (folder == folderOfWatch_.end() || event->len == 0) continue;
        const std::filesystem::path file = folder->second / event->name;
        if (isPresetFile(file)) changed.insert(file);
      }
    }
    return {changed.begin(), changed.end()};
  }
#endif
  const auto now = std::chrono::steady_clock::now();
  if (now >= nextScan_) {
    nextScan_ = now + kScanInterval;
    scanModificationTimes(changed);
  }
  return {changed.begin(), changed.end()};
}

}  // namespace phosphene::play
