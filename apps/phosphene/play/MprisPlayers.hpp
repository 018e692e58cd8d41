#pragma once
// What the media players on the session bus (MPRIS) are playing, and which one "now playing"
// means: the player that most recently started playing. Pure bookkeeping without D-Bus, so the
// choice is unit-tested; MprisWatcher feeds it from the bus.

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace phosphene::play {

struct MprisTrack {
  std::string title;   // xesam:title
  std::string artist;  // xesam:artist, several joined with ", "
  bool operator==(const MprisTrack&) const = default;
  /// "Artist - Title", or the title alone; "" when the player gave no title.
  std::string display() const;
};

struct NowPlaying {
  std::string player;  // its well-known bus name, e.g. org.mpris.MediaPlayer2.vlc
  MprisTrack track;
  bool first = false;  // the first track seen this run: shown, but no "track change"
};

class MprisPlayers {
 public:
  /// A player appeared: `owner` is its unique connection name (:1.42), which signals carry.
  void add(const std::string& owner, const std::string& busName);
  void remove(const std::string& owner);
  /// PlaybackStatus: "Playing", "Paused" or "Stopped".
  void setStatus(const std::string& owner, const std::string& status);
  void setTrack(const std::string& owner, const MprisTrack& track);

  /// The playing player that started playing last; none while nothing plays.
  std::optional<NowPlaying> current() const;
  /// What changed since the last call: the current track when it differs (player or track) from
  /// the last one reported. Pausing and resuming the same track is no change.
  std::optional<NowPlaying> change();

 private:
  struct Entry {
    std::string busName;
    bool playing = false;
    std::uint64_t playingSince = 0;  // order of the starts, not time: ties cannot happen
    MprisTrack track;
  };
  std::map<std::string, Entry> players_;
  std::uint64_t starts_ = 0;
  std::optional<NowPlaying> reported_;
};

}  // namespace phosphene::play
