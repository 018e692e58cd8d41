#pragma once
// The object behind a projectm_playlist_handle: projectM's playlist semantics on its own list
// (duplicates allowed, case-sensitive sorting of ranges, filters that apply to new files only),
// connected to a core instance exactly as projectM's is: it takes the core's switch-requested
// and switch-failed callbacks and loads presets with projectm_load_preset_file. It uses the
// projectM core API only, never Phosphene's directly.

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "PathFilter.hpp"
#include "projectM-4/playlist.h"

namespace phosphene::projectm4 {

class Playlist {
 public:
  explicit Playlist(projectm_handle core);
  ~Playlist();
  Playlist(const Playlist&) = delete;
  Playlist& operator=(const Playlist&) = delete;

  void connect(projectm_handle core);

  // Items. Every change clears the history.
  const std::vector<std::string>& items() const { return items_; }
  /// Adds a file at `index` (past the end: appended); false for a duplicate not allowed or a
  /// file the filter drops.
  bool add_item(const std::string& file, size_t index, bool allow_duplicates);
  uint32_t add_path(const char* path, size_t index, bool recursive, bool allow_duplicates);
  bool remove_item(size_t index);
  void clear();
  void sort(size_t start, size_t count, projectm_playlist_sort_predicate predicate,
            projectm_playlist_sort_order order);
  PathFilter& filter() { return filter_; }
  size_t apply_filter();

  // Playback: each returns the new position (0 for an empty list).
  bool shuffle = false;
  uint32_t retry_count = 5;
  uint32_t position() const { return items_.empty() ? 0 : static_cast<uint32_t>(position_); }
  uint32_t play_at(size_t index, bool hard_cut);
  uint32_t play_next(bool hard_cut);
  uint32_t play_previous(bool hard_cut);
  uint32_t play_last(bool hard_cut);

  projectm_playlist_preset_switched_event switched = nullptr;
  void* switched_data = nullptr;
  projectm_playlist_preset_switch_failed_event failed = nullptr;
  void* failed_data = nullptr;
  projectm_playlist_preset_load_event load = nullptr;
  void* load_data = nullptr;

 private:
  static void on_switch_requested(bool is_hard_cut, void* user_data);
  static void on_switch_failed(const char* filename, const char* message, void* user_data);
  size_t next_index();
  size_t previous_index();
  void remember(size_t index);
  void items_changed();
  void play(size_t index, bool hard_cut, bool new_attempt);

  projectm_handle core_ = nullptr;
  std::vector<std::string> items_;
  PathFilter filter_;
  std::vector<size_t> history_;
  size_t position_ = 0;
  bool played_ = false;
  bool hard_cut_ = false;  // of the switch being attempted (retries keep it)
  uint32_t failed_in_a_row_ = 0;
  uint64_t failures_seen_ = 0;  // tells play() whether its load failed
  std::mt19937_64 random_{std::random_device{}()};
};

}  // namespace phosphene::projectm4
