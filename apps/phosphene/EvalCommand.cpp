// Placeholder until issue 3 lands this command; it says so instead of pretending to work.
#include <cstdio>

#include "Commands.hpp"

namespace phosphene::cli {

int runEval(const Args&) {
  std::fprintf(stderr, "phosphene eval: not available in this build yet\n");
  return 2;
}

}  // namespace phosphene::cli
