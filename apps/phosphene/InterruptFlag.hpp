#pragma once
// Ctrl+C (SIGINT) and SIGTERM during a long render: instead of dying mid-write, the render loop
// sees raised(), stops taking new frames and lets the output pipeline finish the frames it holds,
// so the output ends with complete files and every thread is joined. The previous handlers come
// back when the flag goes out of scope.

#include <csignal>

namespace phosphene::cli {

class InterruptFlag {
 public:
  InterruptFlag();
  ~InterruptFlag();
  InterruptFlag(const InterruptFlag&) = delete;
  InterruptFlag& operator=(const InterruptFlag&) = delete;

  bool raised() const;
  /// The signal that was caught (for the exit status 128 + signal), 0 when none.
  int signal() const;

 private:
  struct sigaction previousInt_ {};
  struct sigaction previousTerm_ {};
};

}  // namespace phosphene::cli
