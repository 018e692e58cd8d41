#include "ProgressBar.hpp"

#include <unistd.h>

#include <cstdio>
#include <string>

namespace phosphene::cli {

ProgressBar::ProgressBar(std::int64_t total, bool enabled)
    : total_(total > 0 ? total : 1), enabled_(enabled), start_(std::chrono::steady_clock::now()) {}

bool ProgressBar::stderrIsTerminal() {
  return isatty(STDERR_FILENO) == 1;
}

void ProgressBar::update(std::int64_t done) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && done < total_ && now - lastDraw_ < std::chrono::milliseconds(100)) return;
  lastDraw_ = now;
  drawn_ = true;
  constexpr int kWidth = 30;
  const double fraction = static_cast<double>(done) / static_cast<double>(total_);
  const int filled = static_cast<int>(fraction * kWidth);
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(kWidth, '-');
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double eta = done > 0 ? elapsed * static_cast<double>(total_ - done) / done : 0.0;
  std::fprintf(stderr, "\r[%s] %lld/%lld frames %3d%%  ETA %.1fs ", bar.c_str(),
               static_cast<long long>(done), static_cast<long long>(total_),
               static_cast<int>(fraction * 100), eta);
  std::fflush(stderr);
}

void ProgressBar::finish() {
  if (!enabled_ || !drawn_) return;
  std::fprintf(stderr, "\r\033[K");  // carriage return, erase to end of line
  std::fflush(stderr);
}

}  // namespace phosphene::cli
