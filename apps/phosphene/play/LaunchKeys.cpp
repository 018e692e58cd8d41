#include "LaunchKeys.hpp"

namespace phosphene::play {

std::optional<Launch> LaunchKeys::digit(int d) {
  if (d < 0 || d > 9) return std::nullopt;
  number_ = number_ * 10 + d;
  if (++digits_ < 2) return std::nullopt;
  const Launch launch{mode_, number_};
  clear();
  return launch;
}

const char* launchModeName(LaunchMode mode) {
  switch (mode) {
    case LaunchMode::Message:
      return "message";
    case LaunchMode::Sprite:
      return "sprite";
    case LaunchMode::KillSprite:
      return "kill sprite";
  }
  return "message";
}

}  // namespace phosphene::play
