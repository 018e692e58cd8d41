// Placeholder until issue 4 lands this command; it says so instead of pretending to work.
#include <cstdio>

#include "Commands.hpp"

namespace phosphene::cli {

int runDumpState(const Args&) {
  std::fprintf(stderr, "phosphene dump-state: not available in this build yet\n");
  return 2;
}

}  // namespace phosphene::cli
