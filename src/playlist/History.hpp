#pragma once
// History: the indices played so far and where we stand in them, like a browser's back/forward.
// Going back and then forward retraces the same entries; playing something new from the middle
// drops the forward part. It holds at most kCapacity entries (MilkDrop 2 keeps 64:
// PRESET_HIST_LEN in vis_milk2/plugin.h) so a player running for days stays bounded.

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace phosphene::playlist {

class History {
 public:
  static constexpr std::size_t kCapacity = 1000;

  /// Records a newly played index after the current entry, dropping any forward entries.
  void push(std::size_t index);
  /// Moves to the nearest earlier entry `usable` accepts; nothing (and no move) when there is none.
  std::optional<std::size_t> back(const std::function<bool(std::size_t)>& usable);
  /// Moves to the nearest later entry `usable` accepts; nothing (and no move) when there is none.
  std::optional<std::size_t> forward(const std::function<bool(std::size_t)>& usable);
  /// Renumbers entries after the playlist changed: `map` gives an entry's new index, or nothing
  /// when its item is gone. Gone entries are dropped, and neighbours that became equal merge so
  /// "back" always changes the preset. The position stays on the same entry, or on the one before
  /// it when that was dropped.
  void remap(const std::function<std::optional<std::size_t>(std::size_t)>& map);
  void clear();

  std::size_t size() const { return entries_.size(); }
  const std::vector<std::size_t>& entries() const { return entries_; }
  /// Index into entries() of the current entry; nothing before the first push, or after remap()
  /// removed the current entry and all before it (forward() then starts at the first entry).
  std::optional<std::size_t> position() const { return pos_; }

 private:
  std::vector<std::size_t> entries_;
  std::optional<std::size_t> pos_;
};

}  // namespace phosphene::playlist
