// Placeholder until issue 2 lands this command; it says so instead of pretending to work.
#include <cstdio>

#include "Commands.hpp"

namespace phosphene::cli {

int runRender(const Args&) {
  std::fprintf(stderr, "phosphene render: not available in this build yet\n");
  return 2;
}

}  // namespace phosphene::cli
