#pragma once
// ShuffleOrder: the rest of the current shuffle cycle. A cycle is every choosable item once, in a
// random order where higher weights tend to come earlier (weighted sampling without replacement,
// Efraimidis–Spirakis keys u^(1/w)); with equal weights every order is equally likely. When the
// cycle is used up the playlist starts a new one, so nothing repeats until everything was played.

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "playlist/Rng.hpp"

namespace phosphene::playlist {

class ShuffleOrder {
 public:
  /// Starts a new cycle over the indices whose weight is > 0. `avoidFirst` (the preset on screen)
  /// is not put first when the cycle has another item, so no preset plays twice in a row across
  /// the reshuffle.
  void reshuffle(const std::vector<double>& weights, std::optional<std::size_t> avoidFirst,
                 Rng& rng);
  /// Removes and returns the next index of the cycle that `usable` accepts; entries it rejects
  /// (failed meanwhile, or the one on screen) are dropped from this cycle. Nothing when used up.
  std::optional<std::size_t> take(const std::function<bool(std::size_t)>& usable);
  /// Drops an index from the cycle: it was just played another way (jump, random).
  void erase(std::size_t index);
  /// Puts a newly added index at a random place in the running cycle; no-op between cycles.
  void insert(std::size_t index, Rng& rng);
  /// Renumbers after the playlist changed; `map` gives nothing for removed items.
  void remap(const std::function<std::optional<std::size_t>(std::size_t)>& map);
  void clear() { order_.clear(); }
  std::size_t remaining() const { return order_.size(); }

 private:
  std::vector<std::size_t> order_;  // reversed: back() plays next, so take() is O(1)
};

}  // namespace phosphene::playlist
