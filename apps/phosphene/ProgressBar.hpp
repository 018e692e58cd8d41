#pragma once
// A one-line progress bar on stderr, drawn only when stderr is a terminal (logs and CI output
// stay clean). Redraws at most ~10 times a second.

#include <chrono>
#include <cstdint>

namespace phosphene::cli {

class ProgressBar {
 public:
  /// `total` units of work (frames); `enabled` false draws nothing.
  ProgressBar(std::int64_t total, bool enabled);
  /// Enabled when stderr is a terminal.
  static bool stderrIsTerminal();

  void update(std::int64_t done);
  /// Clears the line (so the summary starts on a clean line).
  void finish();

 private:
  std::int64_t total_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point lastDraw_;
};

}  // namespace phosphene::cli
