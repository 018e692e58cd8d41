#pragma once
// Playlist: which preset plays next. It holds preset files and preset texts, walks them in order
// or shuffled, remembers what played (back/forward like a browser), weights random choices by
// ratings like MilkDrop 2, and steps over presets that failed to load. It never loads a preset:
// the caller (the engine binding) asks for an index, loads item(index), and reports the outcome
// with reportLoaded/reportFailed.
//
// Navigation calls return the new current index, or nothing (and change nothing) when no item can
// be chosen: an empty list, every item failed, no favourite in favourites-only mode, no history
// left to go back to. An item can be chosen ("playable") unless it failed retryCount() times, and,
// in favourites-only mode, unless it is not a favourite.
//
// Shuffle off (MilkDrop's "sequential order"): next()/previous() step through the list order and
// wrap around. Shuffle on: next() first retraces history forward, then takes the next item of a
// shuffle cycle: every playable item once, weighted by rating, before any repeats (ShuffleOrder);
// previous() walks the history back (MilkDrop 2 does the same: PrevPreset uses the history only in
// random order). random() and jump() play a chosen item and, like any new play, drop the forward
// history.
//
// Edits keep state consistent: removing or sorting renumbers history, the shuffle cycle and the
// current index; a removed current item leaves no current index, and next() in list order then
// continues with the item that followed it.
//
// Not thread-safe: one owner calls it (the engine binding serialises calls).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/Diagnostic.hpp"
#include "playlist/History.hpp"
#include "playlist/PlaylistItem.hpp"
#include "playlist/PresetFilter.hpp"
#include "playlist/Ratings.hpp"
#include "playlist/Rng.hpp"
#include "playlist/ShuffleOrder.hpp"

namespace phosphene::playlist {

enum class SortKey : std::uint8_t {
  Name,  // the item's name (file name for files), ASCII case-insensitive; ties by full path
  Path,  // the full path (name for text items), ASCII case-insensitive; ties by exact bytes
};

class Playlist {
 public:
  /// The same seed and the same calls give the same choices, on every platform.
  explicit Playlist(std::uint64_t seed = 0);

  // --- contents (PlaylistEdit.cpp) ---

  /// Adds the ".milk" files (any case) in `folder` (and below it when `recursive`) in sorted path
  /// order, skipping files already listed and files the filter rejects. Returns how many were
  /// added; 0 with an IoOpenFailed error in `diagnostics` (when given) if the folder cannot be
  /// read. Never throws for file system errors.
  std::size_t addFolder(const std::filesystem::path& folder, bool recursive = true,
                        core::Diagnostics* diagnostics = nullptr);
  /// Adds one file, whatever its extension. The path is stored absolute and lexically normal.
  /// False when it is already listed or the filter rejects it. The file need not exist yet: a
  /// missing file fails at load time and is reported with reportFailed().
  bool addFile(const std::filesystem::path& file);
  /// Adds preset text under a name (the filter sees the name). Texts are never duplicates of each
  /// other. False when the filter rejects the name.
  bool addText(std::string name, std::string text);
  /// Removes one item; false when out of range.
  bool remove(std::size_t index);
  void clear();

  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  /// Precondition: index < size().
  const PlaylistItem& item(std::size_t index) const { return entries_[index].item; }

  /// Replaces the filter; later adds obey it and present items it rejects are removed now
  /// (unlike projectM, which needs a separate apply call). Returns how many were removed.
  std::size_t setFilter(PresetFilter filter);
  const PresetFilter& filter() const { return filter_; }

  /// Stable sort (see SortKey). The current item, history and shuffle cycle follow their items.
  void sort(SortKey key);

  // --- navigation (Playlist.cpp) ---

  std::optional<std::size_t> position() const { return current_; }
  std::optional<std::size_t> next();
  std::optional<std::size_t> previous();
  /// A rating-weighted random pick among playable items (MilkDrop 2's LoadRandomPreset, see
  /// Ratings.hpp); like MilkDrop it may pick the current item again. Shuffle is the no-repeat way.
  std::optional<std::size_t> random();
  /// Plays `index` even if it failed before (an explicit request); nothing when out of range.
  std::optional<std::size_t> jump(std::size_t index);

  /// Turning shuffle on or off starts a fresh cycle; history is kept.
  void setShuffle(bool on);
  bool shuffle() const { return shuffle_; }
  /// Ratings for random()/shuffle weights and favourites; not owned, must outlive its use here or
  /// be reset with nullptr. Without ratings every item has the default rating. Changed ratings
  /// count at once for random() and favourites, and from the next shuffle cycle for next().
  void setRatings(const Ratings* ratings) { ratings_ = ratings; }
  /// Only favourites are playable (needs ratings). Off by default.
  void setFavouritesOnly(bool on) { favouritesOnly_ = on; }
  bool favouritesOnly() const { return favouritesOnly_; }
  const History& history() const { return history_; }

  // --- load failures (PlaylistEdit.cpp) ---

  /// Counts a failed load of `index`. When the count reaches retryCount() the item stops being
  /// playable, or is removed when dropFailed() is on; returns true when it was removed (indices
  /// after it shift down by one).
  bool reportFailed(std::size_t index);
  /// A successful load: the failure count starts over.
  void reportLoaded(std::size_t index);
  std::size_t failureCount(std::size_t index) const;
  /// Failures after which an item is skipped (default 1: the first failure). 0 never skips.
  /// With dropFailed() on, items already at the new limit are removed; returns how many.
  std::size_t setRetryCount(std::size_t failures);
  std::size_t retryCount() const { return retryCount_; }
  /// Remove failed items instead of skipping them; turning it on removes those already skipped.
  /// Returns how many were removed.
  std::size_t setDropFailed(bool drop);
  bool dropFailed() const { return dropFailed_; }

  /// Whether navigation may choose `index` now (see the header comment).
  bool playable(std::size_t index) const;

 private:
  struct Entry {
    PlaylistItem item;
    std::size_t failures = 0;
  };

  bool failedOut(const Entry& entry) const;
  int ratingOf(const Entry& entry) const;
  /// Per item: its rating weight if playable, else 0; uniform over the playable items when all
  /// their ratings are 0 (MilkDrop's fallback).
  std::vector<double> choiceWeights() const;
  /// Makes `index` current and records it as a new play.
  std::optional<std::size_t> play(std::size_t index);
  std::optional<std::size_t> step(bool forward);
  bool append(PlaylistItem item);
  /// Removes every item `doomed` accepts and renumbers all state; returns how many.
  template <typename Predicate>
  std::size_t removeIf(Predicate doomed);
  std::size_t dropFailedItems();

  std::vector<Entry> entries_;
  std::unordered_set<std::string> paths_;  // generic path of every file item: duplicate check
  PresetFilter filter_;
  const Ratings* ratings_ = nullptr;
  Rng rng_;
  History history_;
  ShuffleOrder cycle_;
  std::optional<std::size_t> current_;
  std::size_t cursor_ = 0;  // where list-order next() starts when there is no current item
  std::size_t retryCount_ = 1;
  bool shuffle_ = false;
  bool dropFailed_ = false;
  bool favouritesOnly_ = false;
};

}  // namespace phosphene::playlist
