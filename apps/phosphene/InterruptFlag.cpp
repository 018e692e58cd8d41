#include "InterruptFlag.hpp"

namespace phosphene::cli {
namespace {

// A signal handler can only reach static storage, and only through a lock-free atomic type: this
// is the one piece of process-wide mutable state the flag needs.
volatile std::sig_atomic_t caughtSignal = 0;

extern "C" void onInterrupt(int sig) {
  caughtSignal = sig;
}

}  // namespace

InterruptFlag::InterruptFlag() {
  caughtSignal = 0;
  struct sigaction sa {};
  sa.sa_handler = onInterrupt;
  // SA_RESETHAND: a second Ctrl+C kills as it always did, should finishing the frames hang.
  // SA_RESTART: writes to stdout or the ffmpeg pipe carry on rather than fail with EINTR.
  sa.sa_flags = SA_RESETHAND | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &previousInt_);
  sigaction(SIGTERM, &sa, &previousTerm_);
}

InterruptFlag::~InterruptFlag() {
  sigaction(SIGINT, &previousInt_, nullptr);
  sigaction(SIGTERM, &previousTerm_, nullptr);
}

bool InterruptFlag::raised() const {
  return caughtSignal != 0;
}

int InterruptFlag::signal() const {
  return caughtSignal;
}

}  // namespace phosphene::cli
