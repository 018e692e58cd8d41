// Which media player "now playing" means, and when a track counts as changed (MprisPlayers: the
// bookkeeping behind the MPRIS watcher, without D-Bus).
#include "MprisPlayers.hpp"

#include <gtest/gtest.h>

#include <string>

namespace phosphene::play {
namespace {

const MprisTrack kFirst{"First Song", "Artist One"};
const MprisTrack kSecond{"Second Song", "Artist Two"};

// One player, :1.1 owning org.mpris.MediaPlayer2.a, with `track` in `status`.
MprisPlayers onePlayer(const MprisTrack& track, const std::string& status) {
  MprisPlayers players;
  players.add(":1.1", "org.mpris.MediaPlayer2.a");
  players.setTrack(":1.1", track);
  players.setStatus(":1.1", status);
  return players;
}

TEST(MprisPlayers, DisplayIsArtistAndTitleOrTitleAlone) {
  EXPECT_EQ(kFirst.display(), "Artist One - First Song");
  EXPECT_EQ((MprisTrack{"Only", ""}).display(), "Only");
  EXPECT_EQ((MprisTrack{"", "Nobody"}).display(), "");
}

TEST(MprisPlayers, OnlyAPlayingPlayerIsNowPlaying) {
  MprisPlayers players = onePlayer(kFirst, "Paused");
  EXPECT_FALSE(players.current());
  EXPECT_FALSE(players.change());
  players.setStatus(":1.1", "Playing");
  const auto now = players.change();
  ASSERT_TRUE(now);
  EXPECT_EQ(now->player, "org.mpris.MediaPlayer2.a");
  EXPECT_EQ(now->track, kFirst);
  EXPECT_TRUE(now->first);
}

TEST(MprisPlayers, TheLastToStartPlayingWins) {
  MprisPlayers players;
  players.add(":1.1", "org.mpris.MediaPlayer2.a");
  players.add(":1.2", "org.mpris.MediaPlayer2.b");
  players.setTrack(":1.1", kFirst);
  players.setTrack(":1.2", kSecond);
  players.setStatus(":1.2", "Playing");
  players.setStatus(":1.1", "Playing");
  EXPECT_EQ(players.current()->player, "org.mpris.MediaPlayer2.a");
  players.setStatus(":1.2", "Playing");  // no new start: still playing
  EXPECT_EQ(players.current()->player, "org.mpris.MediaPlayer2.a");
  players.remove(":1.1");
  EXPECT_EQ(players.current()->player, "org.mpris.MediaPlayer2.b");
}

TEST(MprisPlayers, PauseAndResumeIsNoChangeButANewTrackIs) {
  MprisPlayers players = onePlayer(kFirst, "Playing");
  ASSERT_TRUE(players.change());
  players.setStatus(":1.1", "Paused");
  EXPECT_FALSE(players.change());
  players.setStatus(":1.1", "Playing");
  EXPECT_FALSE(players.change());
  players.setTrack(":1.1", kSecond);
  const auto next = players.change();
  ASSERT_TRUE(next);
  EXPECT_EQ(next->track, kSecond);
  EXPECT_FALSE(next->first);
}

TEST(MprisPlayers, SignalsFromUnknownConnectionsAreIgnored) {
  MprisPlayers players;
  players.setTrack(":1.9", kFirst);
  players.setStatus(":1.9", "Playing");
  EXPECT_FALSE(players.current());
}

TEST(MprisPlayers, APlayerWithoutATitleIsNotReported) {
  MprisPlayers players;
  players.add(":1.1", "org.mpris.MediaPlayer2.a");
  players.setStatus(":1.1", "Playing");
  EXPECT_TRUE(players.current());
  EXPECT_FALSE(players.change());
}

}  // namespace
}  // namespace phosphene::play
