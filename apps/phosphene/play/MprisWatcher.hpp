#pragma once
// "Now playing" from MPRIS: a background thread with its own session-bus connection watches the
// org.mpris.MediaPlayer2.* names, their PlaybackStatus and Metadata (and PropertiesChanged), and
// hands track changes to the frame loop, which only ever takes what is ready (never waits on the
// bus). Built with libdbus-1 when PHOSPHENE_WITH_MPRIS found it; otherwise
// startMprisWatcher() says why and returns nothing.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "MprisPlayers.hpp"

namespace phosphene::play {

struct MprisNews {
  std::vector<std::string> messages;  // "mpris: ..." lines worth telling (bus lost, ...)
  std::optional<NowPlaying> track;    // the newest track change, if any
};

class MprisWatcher {
 public:
  struct Impl;
  explicit MprisWatcher(std::unique_ptr<Impl> impl);
  ~MprisWatcher();  // stops and joins the thread, then closes its connection
  MprisWatcher(const MprisWatcher&) = delete;
  MprisWatcher& operator=(const MprisWatcher&) = delete;

  /// Non-blocking, on the render thread: what happened since the last call.
  MprisNews take();

 private:
  std::unique_ptr<Impl> impl_;
};

/// Connects to the session bus and starts watching. nullptr with `why` when there is no session
/// bus or the build has no D-Bus support.
std::unique_ptr<MprisWatcher> startMprisWatcher(std::string& why);

}  // namespace phosphene::play
