// The build without D-Bus (PHOSPHENE_WITH_MPRIS=OFF or libdbus-1 not found): no watcher.
#include "MprisWatcher.hpp"

namespace phosphene::play {

struct MprisWatcher::Impl {};

MprisWatcher::MprisWatcher(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
MprisWatcher::~MprisWatcher() = default;

MprisNews MprisWatcher::take() {
  return {};
}

std::unique_ptr<MprisWatcher> startMprisWatcher(std::string& why) {
  why = "this build has no D-Bus support (PHOSPHENE_WITH_MPRIS)";
  return nullptr;
}

}  // namespace phosphene::play
