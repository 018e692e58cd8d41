#pragma once
// Shared helpers: playlists of text items need no files, so most tests stay off the disk.

#include <string>

#include "playlist/Playlist.hpp"

namespace phosphene::playlist::test {

/// Items "p0", "p1", ... (text items, so no disk access).
inline Playlist textPlaylist(std::size_t count, std::uint64_t seed = 1) {
  Playlist list(seed);
  for (std::size_t i = 0; i < count; ++i) list.addText("p" + std::to_string(i), "text");
  return list;
}

}  // namespace phosphene::playlist::test
