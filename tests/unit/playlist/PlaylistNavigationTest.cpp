#include <gtest/gtest.h>

#include "PlaylistTestUtil.hpp"

namespace phosphene::playlist {
namespace {

using test::textPlaylist;

TEST(PlaylistNavigation, EmptyListChoosesNothing) {
  Playlist list;
  EXPECT_EQ(list.next(), std::nullopt);
  EXPECT_EQ(list.previous(), std::nullopt);
  EXPECT_EQ(list.random(), std::nullopt);
  EXPECT_EQ(list.jump(0), std::nullopt);
  list.setShuffle(true);
  EXPECT_EQ(list.next(), std::nullopt);
  EXPECT_EQ(list.position(), std::nullopt);
}

TEST(PlaylistNavigation, ListOrderWrapsBothWays) {
  Playlist list = textPlaylist(3);
  EXPECT_EQ(list.next(), 0u);
  EXPECT_EQ(list.next(), 1u);
  EXPECT_EQ(list.next(), 2u);
  EXPECT_EQ(list.next(), 0u);
  EXPECT_EQ(list.previous(), 2u);
  EXPECT_EQ(list.previous(), 1u);
  EXPECT_EQ(list.position(), 1u);
}

TEST(PlaylistNavigation, PreviousFromNothingStartsAtTheEnd) {
  Playlist list = textPlaylist(3);
  EXPECT_EQ(list.previous(), 2u);
}

TEST(PlaylistNavigation, JumpSetsPositionAndListOrderContinuesFromThere) {
  Playlist list = textPlaylist(5);
  EXPECT_EQ(list.jump(3), 3u);
  EXPECT_EQ(list.position(), 3u);
  EXPECT_EQ(list.next(), 4u);
  EXPECT_EQ(list.jump(5), std::nullopt) << "out of range";
  EXPECT_EQ(list.position(), 4u) << "a failed jump changes nothing";
}

TEST(PlaylistNavigation, ShuffleHistoryGoesBackThenForwardLikeABrowser) {
  Playlist list = textPlaylist(10, 7);
  list.setShuffle(true);
  std::vector<std::size_t> played;
  for (int i = 0; i < 5; ++i) played.push_back(*list.next());
  EXPECT_EQ(list.previous(), played[3]);
  EXPECT_EQ(list.previous(), played[2]);
  EXPECT_EQ(list.next(), played[3]) << "forward retraces before choosing anything new";
  EXPECT_EQ(list.next(), played[4]);
  const auto fresh = list.next();
  ASSERT_TRUE(fresh);
  EXPECT_EQ(std::count(played.begin(), played.end(), *fresh), 0) << "then a new shuffle pick";
}

TEST(PlaylistNavigation, ShufflePreviousStopsAtTheStartOfHistory) {
  Playlist list = textPlaylist(4);
  list.setShuffle(true);
  const auto first = list.next();
  list.next();
  EXPECT_EQ(list.previous(), first);
  EXPECT_EQ(list.previous(), std::nullopt);
  EXPECT_EQ(list.position(), first) << "nothing to go back to changes nothing";
}

TEST(PlaylistNavigation, JumpFromTheMiddleOfHistoryDropsTheForwardPart) {
  Playlist list = textPlaylist(10);
  list.setShuffle(true);
  const auto a = *list.next();
  list.next();
  list.next();
  list.previous();
  list.previous();
  EXPECT_EQ(list.position(), a);
  list.jump(9 - a);  // some other item
  EXPECT_EQ(list.history().entries(), (std::vector<std::size_t>{a, 9 - a}));
  EXPECT_EQ(list.previous(), a);
}

TEST(PlaylistNavigation, EveryPlayIsRecorded) {
  Playlist list = textPlaylist(5);
  list.next();
  list.jump(3);
  list.previous();
  EXPECT_EQ(list.history().entries(), (std::vector<std::size_t>{0, 3, 2}));
  const auto r = list.random();
  ASSERT_TRUE(r);
  EXPECT_EQ(list.history().entries().back(), *r);
}

}  // namespace
}  // namespace phosphene::playlist
