#include "MprisPlayers.hpp"

namespace phosphene::play {

std::string MprisTrack::display() const {
  if (title.empty()) return "";
  return artist.empty() ? title : artist + " - " + title;
}

void MprisPlayers::add(const std::string& owner, const std::string& busName) {
  players_[owner].busName = busName;
}

void MprisPlayers::remove(const std::string& owner) {
  players_.erase(owner);
}

void MprisPlayers::setStatus(const std::string& owner, const std::string& status) {
  const auto it = players_.find(owner);
  if (it == players_.end()) return;  // a signal from a connection that owns no MPRIS name
  const bool playing = status == "Playing";
  if (playing && !it->second.playing) it->second.playingSince = ++starts_;
  it->second.playing = playing;
}

void MprisPlayers::setTrack(const std::string& owner, const MprisTrack& track) {
  if (const auto it = players_.find(owner); it != players_.end()) it->second.track = track;
}

std::optional<NowPlaying> MprisPlayers::current() const {
  const Entry* best = nullptr;
  for (const auto& [owner, entry] : players_)
    if (entry.playing && (!best || entry.playingSince > best->playingSince)) best = &entry;
  if (!best) return std::nullopt;
  return NowPlaying{best->busName, best->track, false};
}

std::optional<NowPlaying> MprisPlayers::change() {
  auto now = current();
  // A player that plays but has not sent its metadata yet is no track to show.
  if (!now || now->track.display().empty()) return std::nullopt;
  if (reported_ && reported_->player == now->player && reported_->track == now->track)
    return std::nullopt;
  now->first = !reported_;
  reported_ = now;
  return now;
}

}  // namespace phosphene::play
