#include <gtest/gtest.h>

#include <set>

#include "PlaylistTestUtil.hpp"

namespace phosphene::playlist {
namespace {

using test::textPlaylist;

std::vector<std::string> names(const Playlist& list) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < list.size(); ++i) out.push_back(list.item(i).name);
  return out;
}

TEST(PlaylistEdit, AddTextAndFileAndRejectDuplicateFiles) {
  Playlist list;
  EXPECT_TRUE(list.addText("embedded", "[preset00]"));
  EXPECT_TRUE(list.addText("embedded", "[preset00]")) << "texts are never duplicates";
  EXPECT_TRUE(list.addFile("/presets/a.milk"));
  EXPECT_FALSE(list.addFile("/presets/./x/../a.milk")) << "same file after normalising";
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list.item(2).name, "a.milk");
  EXPECT_EQ(list.item(2).path, std::filesystem::path("/presets/a.milk"));
  EXPECT_TRUE(list.item(2).text.empty());
  EXPECT_EQ(list.item(0).text, "[preset00]");
  EXPECT_FALSE(list.item(0).isFile());
}

TEST(PlaylistEdit, RelativeFilesAreStoredAbsolute) {
  Playlist list;
  ASSERT_TRUE(list.addFile("rel/b.milk"));
  EXPECT_TRUE(list.item(0).path.is_absolute());
  EXPECT_FALSE(list.addFile(std::filesystem::current_path() / "rel" / "b.milk"));
}

TEST(PlaylistEdit, FilterAppliesToLaterAddsAndRemovesPresentItems) {
  Playlist list;
  list.addFile("/p/keep.milk");
  list.addFile("/p/old/drop.milk");
  list.addText("drop-text", "t");
  list.jump(0);
  EXPECT_EQ(list.setFilter(PresetFilter({"-old/", "-drop-*"})), 2u);
  EXPECT_EQ(names(list), (std::vector<std::string>{"keep.milk"}));
  EXPECT_EQ(list.position(), 0u);
  EXPECT_FALSE(list.addFile("/p/old/new.milk"));
  EXPECT_TRUE(list.addFile("/p/new.milk"));
  // A removed file can come back once the filter allows it again.
  list.setFilter(PresetFilter());
  EXPECT_TRUE(list.addFile("/p/old/drop.milk"));
}

TEST(PlaylistEdit, SortByNameIsCaseInsensitiveStableAndTiesByPath) {
  Playlist list;
  list.addFile("/z/b.milk");
  list.addFile("/a/B.milk");
  list.addText("a", "t");
  list.addFile("/m/C.milk");
  list.sort(SortKey::Name);
  EXPECT_EQ(names(list), (std::vector<std::string>{"a", "B.milk", "b.milk", "C.milk"}));
  EXPECT_EQ(list.item(1).path, std::filesystem::path("/a/B.milk"));
  list.sort(SortKey::Path);
  EXPECT_EQ(names(list), (std::vector<std::string>{"B.milk", "C.milk", "b.milk", "a"}));
}

TEST(PlaylistEdit, SortKeepsCurrentHistoryAndShuffleOnTheirItems) {
  Playlist list(4);
  for (int i = 5; i >= 0; --i) list.addText("p" + std::to_string(i), "t");
  list.setShuffle(true);
  std::vector<std::string> playedNames;
  for (int i = 0; i < 3; ++i) playedNames.push_back(list.item(*list.next()).name);
  list.sort(SortKey::Name);  // reverses the list
  ASSERT_EQ(list.item(0).name, "p0");
  EXPECT_EQ(list.item(*list.position()).name, playedNames[2]);
  EXPECT_EQ(list.item(*list.previous()).name, playedNames[1]);
  EXPECT_EQ(list.item(*list.previous()).name, playedNames[0]);
  list.next();
  list.next();
  // The rest of the cycle still holds exactly the three unplayed items.
  std::set<std::string> rest;
  for (int i = 0; i < 3; ++i) rest.insert(list.item(*list.next()).name);
  for (const auto& n : playedNames) EXPECT_EQ(rest.count(n), 0u) << n;
  EXPECT_EQ(rest.size(), 3u);
}

TEST(PlaylistEdit, RemoveFixesUpHistoryAndPosition) {
  Playlist list = textPlaylist(5);
  list.jump(1);
  list.jump(3);
  list.jump(4);
  ASSERT_TRUE(list.remove(3));
  EXPECT_EQ(list.history().entries(), (std::vector<std::size_t>{1, 3}));
  EXPECT_EQ(list.item(*list.position()).name, "p4");
  list.setShuffle(true);
  EXPECT_EQ(list.item(*list.previous()).name, "p1");
  EXPECT_FALSE(list.remove(99));
}

TEST(PlaylistEdit, RemovingTheCurrentItemContinuesWithItsSuccessor) {
  Playlist list = textPlaylist(4);
  list.jump(1);
  list.remove(1);
  EXPECT_EQ(list.position(), std::nullopt);
  EXPECT_EQ(list.item(*list.next()).name, "p2");
  list.remove(1);  // p2, current again
  EXPECT_EQ(list.item(*list.previous()).name, "p0");
}

TEST(PlaylistEdit, RemoveDuringShuffleKeepsTheCycleValid) {
  Playlist list = textPlaylist(6, 9);
  list.setShuffle(true);
  std::set<std::string> seen;
  seen.insert(list.item(*list.next()).name);
  seen.insert(list.item(*list.next()).name);
  // Remove one unplayed item: the cycle must not play it, nor an index past the end.
  std::size_t victim = 0;
  while (seen.count(list.item(victim).name) != 0) ++victim;
  const std::string gone = list.item(victim).name;
  list.remove(victim);
  for (int i = 0; i < 3; ++i) {
    const auto pick = list.next();
    ASSERT_TRUE(pick);
    ASSERT_LT(*pick, list.size());
    EXPECT_TRUE(seen.insert(list.item(*pick).name).second) << "repeat within the cycle";
  }
  EXPECT_EQ(seen.count(gone), 0u);
  EXPECT_EQ(seen.size(), 5u);
}

TEST(PlaylistEdit, ClearForgetsEverything) {
  Playlist list = textPlaylist(3);
  list.addFile("/p/a.milk");
  list.next();
  list.clear();
  EXPECT_TRUE(list.empty());
  EXPECT_EQ(list.position(), std::nullopt);
  EXPECT_EQ(list.history().size(), 0u);
  EXPECT_TRUE(list.addFile("/p/a.milk")) << "no stale duplicate entry";
}

}  // namespace
}  // namespace phosphene::playlist

namespace phosphene::playlist {
namespace {

// Random edits mixed with navigation: every index the playlist hands out or keeps must stay in
// range, whatever the order of operations.
TEST(PlaylistEdit, RandomOperationsKeepEveryIndexInRange) {
  Playlist list(77);
  Ratings ratings;
  list.setRatings(&ratings);
  Rng rng(5);
  for (int step = 0; step < 20000; ++step) {
    const std::size_t op = rng.below(12);
    const std::size_t n = list.size();
    std::optional<std::size_t> got;
    switch (op) {
      case 0:
        list.addText("t" + std::to_string(rng.below(40)), "x");
        break;
      case 1:
        list.addFile("/p/f" + std::to_string(rng.below(40)) + ".milk");
        break;
      case 2:
        if (n > 0) list.remove(rng.below(n));
        break;
      case 3:
        list.sort(rng.below(2) == 0 ? SortKey::Name : SortKey::Path);
        break;
      case 4:
        got = list.next();
        break;
      case 5:
        got = list.previous();
        break;
      case 6:
        got = list.random();
        break;
      case 7:
        if (n > 0) got = list.jump(rng.below(n));
        break;
      case 8:
        if (n > 0) list.reportFailed(rng.below(n));
        break;
      case 9:
        if (n > 0) list.reportLoaded(rng.below(n));
        break;
      case 10:
        list.setShuffle(rng.below(2) == 0);
        break;
      default:
        ratings.setRating("t" + std::to_string(rng.below(40)), static_cast<int>(rng.below(6)));
        list.setDropFailed(rng.below(4) == 0);
        break;
    }
    if (got) {
      ASSERT_LT(*got, list.size()) << "step " << step;
    }
    if (list.position()) {
      ASSERT_LT(*list.position(), list.size()) << "step " << step;
    }
    for (std::size_t h : list.history().entries()) ASSERT_LT(h, list.size()) << "step " << step;
    if (step % 5000 == 4999) list.clear();
  }
}

}  // namespace
}  // namespace phosphene::playlist
