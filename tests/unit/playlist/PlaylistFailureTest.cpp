#include <gtest/gtest.h>

#include "PlaylistTestUtil.hpp"

namespace phosphene::playlist {
namespace {

using test::textPlaylist;

TEST(PlaylistFailure, AFailedItemIsSkippedByDefault) {
  Playlist list = textPlaylist(3);
  list.reportFailed(1);
  EXPECT_FALSE(list.playable(1));
  EXPECT_EQ(list.next(), 0u);
  EXPECT_EQ(list.next(), 2u);
  EXPECT_EQ(list.previous(), 0u);
  EXPECT_EQ(list.jump(1), 1u) << "an explicit jump still plays it";
}

TEST(PlaylistFailure, RetryCountAllowsSeveralFailures) {
  Playlist list = textPlaylist(2);
  list.setRetryCount(3);
  list.reportFailed(0);
  list.reportFailed(0);
  EXPECT_TRUE(list.playable(0));
  EXPECT_EQ(list.failureCount(0), 2u);
  list.reportFailed(0);
  EXPECT_FALSE(list.playable(0));
  list.reportLoaded(0);
  EXPECT_TRUE(list.playable(0)) << "a good load resets the count";
  list.setRetryCount(0);
  for (int i = 0; i < 10; ++i) list.reportFailed(1);
  EXPECT_TRUE(list.playable(1)) << "0 never skips";
}

TEST(PlaylistFailure, AllFailedChoosesNothingInsteadOfLooping) {
  Playlist list = textPlaylist(4);
  for (std::size_t i = 0; i < 4; ++i) list.reportFailed(i);
  EXPECT_EQ(list.next(), std::nullopt);
  EXPECT_EQ(list.previous(), std::nullopt);
  EXPECT_EQ(list.random(), std::nullopt);
  list.setShuffle(true);
  EXPECT_EQ(list.next(), std::nullopt);
}

TEST(PlaylistFailure, ShuffleAndHistorySkipFailedItems) {
  Playlist list = textPlaylist(5, 2);
  list.setShuffle(true);
  const auto a = *list.next();
  const auto b = *list.next();
  const auto c = *list.next();
  list.reportFailed(b);
  EXPECT_EQ(list.previous(), a) << "history steps over the failed entry";
  EXPECT_EQ(list.next(), c);
  for (int i = 0; i < 20; ++i) EXPECT_NE(list.next(), b);
}

TEST(PlaylistFailure, DropFailedRemovesTheItem) {
  Playlist list = textPlaylist(3);
  list.setDropFailed(true);
  list.jump(1);
  EXPECT_TRUE(list.reportFailed(1));
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list.item(1).name, "p2");
  EXPECT_EQ(list.position(), std::nullopt);
  EXPECT_EQ(list.item(*list.next()).name, "p2") << "continues after the dropped item";
}

TEST(PlaylistFailure, TurningDropOnRemovesItemsAlreadySkipped) {
  Playlist list = textPlaylist(4);
  list.setRetryCount(2);
  list.reportFailed(0);
  list.reportFailed(0);
  list.reportFailed(2);
  EXPECT_EQ(list.setDropFailed(true), 1u);
  EXPECT_EQ(list.size(), 3u);
  EXPECT_EQ(list.setRetryCount(1), 1u) << "p2 reached the lower limit";
  EXPECT_EQ(list.size(), 2u);
}

TEST(PlaylistFailure, AllDroppedLeavesAnEmptyList) {
  Playlist list = textPlaylist(2);
  list.setDropFailed(true);
  list.setShuffle(true);
  while (auto pick = list.next()) list.reportFailed(*pick);
  EXPECT_TRUE(list.empty());
}

}  // namespace
}  // namespace phosphene::playlist
