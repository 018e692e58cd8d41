#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "PlaylistTestUtil.hpp"

namespace phosphene::playlist {
namespace {

using test::textPlaylist;

std::vector<std::size_t> playNext(Playlist& list, std::size_t count) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < count; ++i) {
    const auto pick = list.next();
    EXPECT_TRUE(pick);
    if (pick) out.push_back(*pick);
  }
  return out;
}

TEST(PlaylistShuffle, EveryItemExactlyOncePerCycleWithoutBackToBackRepeats) {
  for (std::size_t size : {2u, 3u, 7u, 50u}) {
    Playlist list = textPlaylist(size, 1234 + size);
    list.setShuffle(true);
    std::optional<std::size_t> last;
    for (int cycle = 0; cycle < 200; ++cycle) {
      const auto order = playNext(list, size);
      const std::set<std::size_t> distinct(order.begin(), order.end());
      ASSERT_EQ(distinct.size(), size) << "size " << size << " cycle " << cycle;
      ASSERT_NE(order.front(), last) << "repeat across the reshuffle, size " << size;
      last = order.back();
    }
  }
}

TEST(PlaylistShuffle, OneItemRepeatsItself) {
  Playlist list = textPlaylist(1);
  list.setShuffle(true);
  EXPECT_EQ(list.next(), 0u);
  EXPECT_EQ(list.next(), 0u);
}

TEST(PlaylistShuffle, SameSeedSameOrderOtherSeedOtherOrder) {
  Playlist a = textPlaylist(30, 99);
  Playlist b = textPlaylist(30, 99);
  Playlist c = textPlaylist(30, 100);
  for (Playlist* p : {&a, &b, &c}) p->setShuffle(true);
  const auto orderA = playNext(a, 90);
  EXPECT_EQ(orderA, playNext(b, 90));
  EXPECT_NE(orderA, playNext(c, 90));
}

TEST(PlaylistShuffle, OrdersAreNotBiased) {
  // Over many cycles each item leads a cycle about equally often (uniform weights).
  Playlist list = textPlaylist(4, 5);
  list.setShuffle(true);
  std::vector<int> firsts(4, 0);
  const int cycles = 4000;
  for (int c = 0; c < cycles; ++c) ++firsts[playNext(list, 4).front()];
  // The no-repeat swap skews this slightly; 1000 ± 15% is still far from any real bias.
  for (int n : firsts) EXPECT_NEAR(n, cycles / 4, cycles / 4 * 0.15);
}

TEST(PlaylistShuffle, ItemsAddedMidCycleJoinTheRunningCycle) {
  Playlist list = textPlaylist(4, 3);
  list.setShuffle(true);
  const auto firstTwo = playNext(list, 2);
  list.addText("late", "text");
  const auto rest = playNext(list, 3);
  std::set<std::size_t> all(firstTwo.begin(), firstTwo.end());
  all.insert(rest.begin(), rest.end());
  EXPECT_EQ(all.size(), 5u) << "the cycle covers the newcomer without repeating anything";
}

TEST(PlaylistShuffle, JumpedItemIsNotRepeatedInTheSameCycle) {
  Playlist list = textPlaylist(6, 11);
  list.setShuffle(true);
  const auto first = *list.next();
  const std::size_t other = (first + 3) % 6;
  list.jump(other);
  const auto rest = playNext(list, 4);
  std::set<std::size_t> all(rest.begin(), rest.end());
  all.insert(first);
  all.insert(other);
  EXPECT_EQ(all.size(), 6u);
}

TEST(PlaylistShuffle, RatingZeroItemsAreLeftOutOfCyclesUnlessAllAreZero) {
  Playlist list = textPlaylist(4, 8);
  Ratings ratings;
  ratings.setRating("p2", 0);
  list.setRatings(&ratings);
  list.setShuffle(true);
  const auto played = playNext(list, 30);
  EXPECT_EQ(std::count(played.begin(), played.end(), 2u), 0);
  for (const char* key : {"p0", "p1", "p3"}) ratings.setRating(key, 0);
  list.setShuffle(true);  // fresh cycle with the new weights
  const auto uniform = playNext(list, 4);
  EXPECT_EQ(std::set<std::size_t>(uniform.begin(), uniform.end()).size(), 4u);
}

TEST(PlaylistShuffle, HigherRatedItemsTendToComeEarlierInACycle) {
  Ratings ratings;
  ratings.setRating("p0", 5);
  ratings.setRating("p1", 1);
  // Probability that p0 leads a first cycle is 5/(5+1) for keys u^(1/w). A fresh playlist per
  // trial, because later cycles never start with the item that ended the one before.
  int p0First = 0;
  const int trials = 6000;
  for (int t = 0; t < trials; ++t) {
    Playlist list = textPlaylist(2, static_cast<std::uint64_t>(t));
    list.setRatings(&ratings);
    list.setShuffle(true);
    p0First += list.next() == 0u ? 1 : 0;
  }
  EXPECT_NEAR(p0First / static_cast<double>(trials), 5.0 / 6.0, 0.03);
}

}  // namespace
}  // namespace phosphene::playlist
