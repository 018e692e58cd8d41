// libprojectM-4-playlist without GL: items, paths, duplicates, insert/remove, sort, filters,
// shuffle, positions and history, retries and the three callbacks, the connection to the core.
// The core only loads (no frame is drawn), which is all the playlist asks of it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "projectM-4/playlist.h"

namespace {

const std::string kPresets = PM4_PRESETS;

std::vector<std::string> items_of(projectm_playlist_handle playlist, uint32_t start = 0,
                                  uint32_t count = 1000000) {
  std::vector<std::string> out;
  char** items = projectm_playlist_items(playlist, start, count);
  for (char** item = items; item != nullptr && *item != nullptr; ++item) out.emplace_back(*item);
  projectm_playlist_free_string_array(items);
  return out;
}

struct ProjectM4PlaylistFixture : ::testing::Test {
  projectm_handle core = projectm_create();
  projectm_playlist_handle playlist = projectm_playlist_create(core);
  ~ProjectM4PlaylistFixture() override {
    projectm_playlist_destroy(playlist);
    projectm_destroy(core);
  }
  void add(std::initializer_list<const char*> files) {
    for (const char* file : files) ASSERT_TRUE(projectm_playlist_add_preset(playlist, file, true));
  }
};

struct Switches {
  std::vector<unsigned int> indices;
  std::vector<bool> hard;
  static void record(bool is_hard_cut, unsigned int index, void* user) {
    static_cast<Switches*>(user)->indices.push_back(index);
    static_cast<Switches*>(user)->hard.push_back(is_hard_cut);
  }
};

TEST_F(ProjectM4PlaylistFixture, ItemsAddInsertRemoveAndDuplicates) {
  EXPECT_EQ(projectm_playlist_size(playlist), 0u);
  EXPECT_EQ(projectm_playlist_item(playlist, 0), nullptr);
  EXPECT_TRUE(projectm_playlist_add_preset(playlist, "/a/b.milk", false));
  EXPECT_FALSE(projectm_playlist_add_preset(playlist, "/a/b.milk", false));
  EXPECT_TRUE(projectm_playlist_add_preset(playlist, "/a/b.milk", true));
  EXPECT_TRUE(projectm_playlist_insert_preset(playlist, "/first.milk", 0, false));
  EXPECT_TRUE(projectm_playlist_insert_preset(playlist, "/last.milk", 99, false));
  EXPECT_EQ(items_of(playlist),
            (std::vector<std::string>{"/first.milk", "/a/b.milk", "/a/b.milk", "/last.milk"}));
  const char* more[] = {"/x.milk", nullptr, "/y.milk", "/x.milk"};
  EXPECT_EQ(projectm_playlist_add_presets(playlist, more, 4, false), 2u);
  EXPECT_EQ(projectm_playlist_insert_presets(playlist, more, 3, 1, true), 2u);
  EXPECT_EQ(items_of(playlist, 1, 2), (std::vector<std::string>{"/x.milk", "/y.milk"}));
  EXPECT_TRUE(items_of(playlist, 100, 5).empty());
  char* item = projectm_playlist_item(playlist, 0);
  EXPECT_STREQ(item, "/first.milk");
  projectm_playlist_free_string(item);
  EXPECT_TRUE(projectm_playlist_remove_preset(playlist, 0));
  EXPECT_FALSE(projectm_playlist_remove_preset(playlist, 100));
  EXPECT_EQ(projectm_playlist_remove_presets(playlist, 4, 100), 3u);
  EXPECT_EQ(projectm_playlist_size(playlist), 4u);
  projectm_playlist_clear(playlist);
  EXPECT_EQ(projectm_playlist_size(playlist), 0u);
}

TEST_F(ProjectM4PlaylistFixture, AddPathRecursiveAndDuplicates) {
  const std::string folder = kPresets + "/presets_yin";
  const uint32_t flat = projectm_playlist_add_path(playlist, folder.c_str(), false, false);
  EXPECT_GT(flat, 10u);
  EXPECT_EQ(projectm_playlist_add_path(playlist, folder.c_str(), false, false), 0u);
  EXPECT_EQ(projectm_playlist_add_path(playlist, folder.c_str(), false, true), flat);
  projectm_playlist_clear(playlist);
  const uint32_t all = projectm_playlist_add_path(playlist, kPresets.c_str(), true, false);
  EXPECT_GT(all, 4000u);
  EXPECT_EQ(projectm_playlist_add_path(playlist, kPresets.c_str(), false, false), 0u);
  EXPECT_EQ(projectm_playlist_add_path(playlist, "/no/such/folder", true, false), 0u);
  EXPECT_EQ(projectm_playlist_add_path(playlist, nullptr, true, false), 0u);
  projectm_playlist_clear(playlist);
  add({"/one.milk", "/two.milk"});
  EXPECT_EQ(projectm_playlist_insert_path(playlist, folder.c_str(), 1, false, false), flat);
  const auto items = items_of(playlist);
  EXPECT_EQ(items.front(), "/one.milk");
  EXPECT_EQ(items.back(), "/two.milk");
  for (const auto& file : items) EXPECT_EQ(file.substr(file.size() - 5), ".milk");
}

TEST_F(ProjectM4PlaylistFixture, SortBothPredicatesBothOrdersAndRanges) {
  add({"/b/Zeta.milk", "/a/beta.milk", "/c/Alpha.milk", "/a/alpha.milk"});
  projectm_playlist_sort(playlist, 0, 100, SORT_PREDICATE_FULL_PATH, SORT_ORDER_ASCENDING);
  EXPECT_EQ(items_of(playlist), (std::vector<std::string>{"/a/alpha.milk", "/a/beta.milk",
                                                          "/b/Zeta.milk", "/c/Alpha.milk"}));
  projectm_playlist_sort(playlist, 0, 100, SORT_PREDICATE_FILENAME_ONLY, SORT_ORDER_ASCENDING);
  EXPECT_EQ(items_of(playlist), (std::vector<std::string>{"/c/Alpha.milk", "/b/Zeta.milk",
                                                          "/a/alpha.milk", "/a/beta.milk"}));
  projectm_playlist_sort(playlist, 0, 100, SORT_PREDICATE_FULL_PATH, SORT_ORDER_DESCENDING);
  EXPECT_EQ(items_of(playlist), (std::vector<std::string>{"/c/Alpha.milk", "/b/Zeta.milk",
                                                          "/a/beta.milk", "/a/alpha.milk"}));
  projectm_playlist_sort(playlist, 1, 2, SORT_PREDICATE_FILENAME_ONLY, SORT_ORDER_DESCENDING);
  EXPECT_EQ(items_of(playlist), (std::vector<std::string>{"/c/Alpha.milk", "/a/beta.milk",
                                                          "/b/Zeta.milk", "/a/alpha.milk"}));
  projectm_playlist_sort(playlist, 9, 2, SORT_PREDICATE_FULL_PATH, SORT_ORDER_ASCENDING);
  EXPECT_EQ(items_of(playlist).front(), "/c/Alpha.milk");
}

TEST_F(ProjectM4PlaylistFixture, FiltersWithProjectMsSemantics) {
  const char* rules[] = {"+/keep/**", "-*.milk", nullptr};
  projectm_playlist_set_filter(playlist, rules, 3);
  size_t count = 0;
  char** read = projectm_playlist_get_filter(playlist, &count);
  ASSERT_EQ(count, 2u);
  EXPECT_STREQ(read[0], "+/keep/**");
  EXPECT_EQ(read[2], nullptr);
  projectm_playlist_free_string_array(read);
  EXPECT_TRUE(projectm_playlist_add_preset(playlist, "/keep/deep/a.milk", false));
  EXPECT_FALSE(projectm_playlist_add_preset(playlist, "/drop/a.milk", false));
  EXPECT_TRUE(projectm_playlist_add_preset(playlist, "/drop/a.prjm", false));
  // New rules apply to new files; apply_filter applies them to the list.
  const char* tighter[] = {"-**/deep/*"};
  projectm_playlist_set_filter(playlist, tighter, 1);
  EXPECT_EQ(projectm_playlist_size(playlist), 2u);
  EXPECT_EQ(projectm_playlist_apply_filter(playlist), 1u);
  EXPECT_EQ(items_of(playlist), (std::vector<std::string>{"/drop/a.prjm"}));
  const char* question[] = {"-a.pr?m", "+", ""};
  projectm_playlist_set_filter(playlist, question, 3);
  EXPECT_EQ(projectm_playlist_apply_filter(playlist), 1u);
  projectm_playlist_set_filter(playlist, nullptr, 0);
  read = projectm_playlist_get_filter(playlist, &count);
  EXPECT_EQ(count, 0u);
  projectm_playlist_free_string_array(read);
}

TEST_F(ProjectM4PlaylistFixture, PositionNextPreviousLastAndTheSwitchedCallback) {
  const std::string dir = kPresets + "/presets_yin";
  projectm_playlist_add_path(playlist, dir.c_str(), false, false);
  projectm_playlist_sort(playlist, 0, 1000, SORT_PREDICATE_FULL_PATH, SORT_ORDER_ASCENDING);
  Switches switches;
  projectm_playlist_set_preset_switched_event_callback(playlist, &Switches::record, &switches);
  const uint32_t size = projectm_playlist_size(playlist);
  EXPECT_EQ(projectm_playlist_set_position(playlist, 2, true), 2u);
  EXPECT_EQ(projectm_playlist_play_next(playlist, false), 3u);
  EXPECT_EQ(projectm_playlist_play_previous(playlist, true), 2u);
  EXPECT_EQ(projectm_playlist_set_position(playlist, size + 5, true), 0u);
  EXPECT_EQ(projectm_playlist_play_previous(playlist, true), size - 1);
  EXPECT_EQ(projectm_playlist_play_next(playlist, true), 0u);
  EXPECT_EQ(projectm_playlist_play_last(playlist, true), size - 1);  // back in the history
  EXPECT_EQ(projectm_playlist_play_last(playlist, true), 0u);
  EXPECT_EQ(projectm_playlist_get_position(playlist), 0u);
  EXPECT_EQ(switches.indices, (std::vector<unsigned int>{2, 3, 2, 0, size - 1, 0, size - 1, 0}));
  EXPECT_FALSE(switches.hard[1]);
  EXPECT_TRUE(switches.hard[2]);
  projectm_playlist_set_shuffle(playlist, true);
  std::set<uint32_t> seen;
  for (int i = 0; i < 40; ++i) seen.insert(projectm_playlist_play_next(playlist, true));
  EXPECT_GT(seen.size(), 5u);  // random, not consecutive
  projectm_playlist_clear(playlist);
  EXPECT_EQ(projectm_playlist_play_next(playlist, true), 0u);
  EXPECT_EQ(projectm_playlist_play_last(playlist, true), 0u);
}

TEST_F(ProjectM4PlaylistFixture, RetriesThenReportsAFailedSwitch) {
  EXPECT_EQ(projectm_playlist_get_retry_count(playlist), 5u);
  projectm_playlist_set_retry_count(playlist, 2);
  EXPECT_EQ(projectm_playlist_get_retry_count(playlist), 2u);
  add({"/missing/1.milk", "/missing/2.milk", "/missing/3.milk", "/missing/4.milk"});
  struct Failed {
    int count = 0;
    std::string file;
  } failed;
  projectm_playlist_set_preset_switch_failed_event_callback(
      playlist,
      [](const char* file, const char*, void* user) {
        ++static_cast<Failed*>(user)->count;
        static_cast<Failed*>(user)->file = file;
      },
      &failed);
  Switches switches;
  projectm_playlist_set_preset_switched_event_callback(playlist, &Switches::record, &switches);
  projectm_playlist_set_position(playlist, 0, true);
  EXPECT_EQ(failed.count, 1);  // tried 0, then 2 retries (1, 2), then reported
  EXPECT_EQ(failed.file, "/missing/3.milk");
  EXPECT_TRUE(switches.indices.empty());
  // A good preset after broken ones loads, and only its switch is announced.
  const std::string good = kPresets + "/presets_milkdrop/Aderrasi - Agitator.milk";
  ASSERT_TRUE(projectm_playlist_insert_preset(playlist, good.c_str(), 1, false));
  projectm_playlist_set_position(playlist, 0, false);
  EXPECT_EQ(failed.count, 1);
  EXPECT_EQ(switches.indices, (std::vector<unsigned int>{1}));
}

TEST_F(ProjectM4PlaylistFixture, LoadCallbackLetsTheHostLoad) {
  add({"/remote/a.milk", "/remote/b.milk"});
  struct Loads {
    std::vector<std::string> files;
  } loads;
  projectm_playlist_set_preset_load_event_callback(
      playlist,
      [](unsigned int, const char* file, bool, void* user) {
        static_cast<Loads*>(user)->files.emplace_back(file);
        return true;  // handled: the playlist must not load the (missing) file itself
      },
      &loads);
  Switches switches;
  projectm_playlist_set_preset_switched_event_callback(playlist, &Switches::record, &switches);
  EXPECT_EQ(projectm_playlist_play_next(playlist, false), 1u);
  EXPECT_EQ(loads.files, (std::vector<std::string>{"/remote/b.milk"}));
  EXPECT_EQ(switches.indices, (std::vector<unsigned int>{1}));
}

TEST_F(ProjectM4PlaylistFixture, ConnectedThroughTheCoresCallbacks) {
  // The core's switch request is the playlist's: loading through the requested-callback is what
  // makes automatic switching work. Setting the core's callback directly takes it away.
  add({"/missing/a.milk"});
  projectm_playlist_set_retry_count(playlist, 0);
  int failures = 0;
  projectm_playlist_set_preset_switch_failed_event_callback(
      playlist, [](const char*, const char*, void* user) { ++*static_cast<int*>(user); },
      &failures);
  projectm_load_preset_file(core, "/missing/b.milk", false);  // the core's failure, forwarded
  EXPECT_EQ(failures, 1);
  projectm_playlist_connect(playlist, nullptr);
  projectm_load_preset_file(core, "/missing/b.milk", false);
  EXPECT_EQ(failures, 1);
  projectm_playlist_connect(playlist, core);
  projectm_load_preset_file(core, "/missing/b.milk", false);
  EXPECT_EQ(failures, 2);
}

TEST(ProjectM4Playlist, NullHandlesNeverCrash) {
  EXPECT_EQ(projectm_playlist_size(nullptr), 0u);
  EXPECT_EQ(projectm_playlist_items(nullptr, 0, 1), nullptr);
  EXPECT_EQ(projectm_playlist_play_next(nullptr, true), 0u);
  EXPECT_FALSE(projectm_playlist_add_preset(nullptr, "x", true));
  projectm_playlist_destroy(nullptr);
  projectm_playlist_free_string(nullptr);
  projectm_playlist_free_string_array(nullptr);
  size_t count = 9;
  EXPECT_EQ(projectm_playlist_get_filter(nullptr, &count), nullptr);
  EXPECT_EQ(count, 0u);
  projectm_playlist_handle alone = projectm_playlist_create(nullptr);
  ASSERT_NE(alone, nullptr);
  EXPECT_FALSE(projectm_playlist_add_preset(alone, nullptr, true));
  EXPECT_TRUE(projectm_playlist_add_preset(alone, "/x.milk", true));
  EXPECT_EQ(projectm_playlist_play_next(alone, true), 0u);  // no core: nothing loads
  projectm_playlist_destroy(alone);
}

}  // namespace
