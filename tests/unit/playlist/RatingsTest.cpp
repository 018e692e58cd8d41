#include "playlist/Ratings.hpp"

#include <gtest/gtest.h>

#include "PlaylistTestUtil.hpp"

namespace phosphene::playlist {
namespace {

using test::textPlaylist;

TEST(Ratings, UnknownKeysHaveMilkDropsDefaultRating) {
  // vis_milk2/plugin.cpp (MilkDrop3 mirror, b59935a) lines 7608-7610: an unrated preset reads
  // GetPrivateProfileFloatW(L"preset00", L"fRating", 3.0f, ...), then clamps to 0..5.
  Ratings r;
  EXPECT_EQ(r.rating("anything.milk"), 3);
  EXPECT_FALSE(r.favourite("anything.milk"));
}

TEST(Ratings, SetClampsAndKeysFoldCase) {
  Ratings r;
  r.setRating("Cool Preset.MILK", 9);
  EXPECT_EQ(r.rating("cool preset.milk"), 5);
  r.setRating("x", -2);
  EXPECT_EQ(r.rating("X"), 0);
  r.setFavourite("x", true);
  EXPECT_TRUE(r.favourite("X"));
  EXPECT_EQ(r.size(), 2u);
  EXPECT_TRUE(r.erase("COOL PRESET.milk"));
  EXPECT_FALSE(r.erase("cool preset.milk"));
  EXPECT_EQ(r.rating("cool preset.milk"), 3);
}

TEST(Ratings, KeyIsTheFileNameOrTheTextName) {
  PlaylistItem file{"/a/b/Name.MILK", "", "Name.MILK"};
  PlaylistItem text{"", "[preset00]", "Embedded One"};
  EXPECT_EQ(ratingKey(file), "name.milk");
  EXPECT_EQ(ratingKey(text), "embedded one");
}

// MilkDrop 2's random pick (vis_milk2/plugin.cpp, LoadRandomPreset, lines 6988-7026): a point
// uniform over the running rating sum fRatingCum, then a search for the preset whose span holds it.
// So P(preset) = rating / sum; the ratio of a 5 to a 1 is 5.
TEST(Ratings, RandomPickIsWeightedLikeMilkDrop) {
  Playlist list = textPlaylist(3, 42);
  Ratings r;
  r.setRating("p0", 5);
  r.setRating("p1", 1);
  // p2 keeps the default 3.
  list.setRatings(&r);
  std::vector<int> counts(3, 0);
  const int draws = 20000;
  for (int i = 0; i < draws; ++i) ++counts[*list.random()];
  EXPECT_NEAR(counts[0] / static_cast<double>(counts[1]), 5.0, 0.5);
  EXPECT_NEAR(counts[2] / static_cast<double>(draws), 3.0 / 9.0, 0.02);
}

TEST(Ratings, RatingZeroIsNeverPickedUnlessAllAreZero) {
  // plugin.cpp line 6990: when fRatingCum of the last preset is < 0.1 (every rating 0) MilkDrop
  // picks uniformly instead; otherwise a zero rating has an empty span and is never chosen.
  Playlist list = textPlaylist(3, 7);
  Ratings r;
  r.setRating("p1", 0);
  list.setRatings(&r);
  for (int i = 0; i < 3000; ++i) ASSERT_NE(list.random(), 1u);
  r.setRating("p0", 0);
  r.setRating("p2", 0);
  std::vector<int> counts(3, 0);
  for (int i = 0; i < 3000; ++i) ++counts[*list.random()];
  for (int n : counts) EXPECT_NEAR(n, 1000, 150);
}

TEST(Ratings, RandomOnlyAmongPlayableItems) {
  Playlist list = textPlaylist(3, 7);
  Ratings r;
  r.setRating("p0", 0);
  r.setRating("p1", 0);
  list.setRatings(&r);
  list.reportFailed(2);  // the only rated item failed: the rest are all 0, so uniform over them
  std::vector<int> counts(3, 0);
  for (int i = 0; i < 2000; ++i) ++counts[*list.random()];
  EXPECT_EQ(counts[2], 0);
  EXPECT_GT(counts[0], 800);
  EXPECT_GT(counts[1], 800);
}

TEST(Ratings, FavouritesOnlyNavigation) {
  Playlist list = textPlaylist(5, 3);
  Ratings r;
  r.setFavourite("p1", true);
  r.setFavourite("P3", true);
  list.setRatings(&r);
  list.setFavouritesOnly(true);
  EXPECT_EQ(list.next(), 1u);
  EXPECT_EQ(list.next(), 3u);
  EXPECT_EQ(list.next(), 1u);
  for (int i = 0; i < 50; ++i) {
    const auto pick = list.random();
    ASSERT_TRUE(pick == 1u || pick == 3u);
  }
  list.setRatings(nullptr);
  EXPECT_EQ(list.next(), std::nullopt) << "no ratings, no favourites";
}

}  // namespace
}  // namespace phosphene::playlist
