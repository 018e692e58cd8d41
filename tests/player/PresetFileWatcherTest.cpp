#include "PresetFileWatcher.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include <unistd.h>

namespace phosphene::play {
namespace {

namespace fs = std::filesystem;

// Waits up to a second for the watcher to report changes (polling scans every 0.25 s).
std::vector<fs::path> changesWithin(PresetFileWatcher& watcher) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  for (;;) {
    auto changed = watcher.changedFiles();
    if (!changed.empty() || std::chrono::steady_clock::now() > until) return changed;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

TEST(PresetFileWatcher, ReportsASaveByRenameAndIgnoresOtherFiles) {
  const fs::path dir =
      fs::temp_directory_path() / ("phosphene-watch-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "a.milk") << "zoom=1\n";
  PresetFileWatcher watcher;
  std::string error;
  ASSERT_TRUE(watcher.watchFolder(dir, error)) << error;
  EXPECT_TRUE(watcher.changedFiles().empty());

  std::ofstream(dir / "notes.txt") << "not a preset\n";
  // Editors save by writing a new file and renaming it over the old one.
  std::ofstream(dir / ".a.milk.tmp") << "zoom=1.1\n";
  fs::rename(dir / ".a.milk.tmp", dir / "a.milk");
  const auto changed = changesWithin(watcher);
  ASSERT_EQ(changed.size(), 1u) << watcher.method();
  EXPECT_EQ(changed[0], dir / "a.milk");

  EXPECT_FALSE(watcher.watchFolder(dir / "missing", error));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace phosphene::play
