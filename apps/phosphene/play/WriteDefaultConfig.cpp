// Build-time tool: writes the player's commented default configuration, the very text
// loadOrCreateConfig writes for a new user (writeDefaultConfig), to the file named by argv[1].
// CMake installs the result as share/phosphene/phosphene.toml, so the installed copy and the one
// the player writes come from one source and cannot drift apart.

#include <cstdio>
#include <fstream>
#include <string>

#include "PlayerConfig.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT.toml\n", argv[0]);
    return 2;
  }
  const std::string text = phosphene::play::writeDefaultConfig();
  std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  if (!out) {
    std::fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[1]);
    return 1;
  }
  return 0;
}
