// Placeholder until issue 4 lands this command; it says so instead of pretending to work.
#include <cstdio>

#include "Commands.hpp"

namespace phosphene::cli {

int runLint(const Args&) {
  std::fprintf(stderr, "phosphene lint: not available in this build yet\n");
  return 2;
}

}  // namespace phosphene::cli
