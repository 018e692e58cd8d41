#include "playlist/ShuffleOrder.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace phosphene::playlist {

void ShuffleOrder::reshuffle(const std::vector<double>& weights,
                             std::optional<std::size_t> avoidFirst, Rng& rng) {
  // Key log(u)/w orders like u^(1/w) without underflow for small weights; the largest key plays
  // first. u is in (0, 1] so the logarithm is finite.
  std::vector<std::pair<double, std::size_t>> keyed;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (!(weights[i] > 0.0)) continue;
    const double u = 1.0 - rng.unit();
    keyed.emplace_back(std::log(u) / weights[i], i);
  }
  // Ties (equal keys) fall back to the index, so the order never depends on the sort algorithm.
  std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  if (keyed.size() > 1 && avoidFirst && keyed.front().second == *avoidFirst) {
    std::swap(keyed[0], keyed[1]);
  }
  order_.clear();
  order_.reserve(keyed.size());
  for (auto it = keyed.rbegin(); it != keyed.rend(); ++it) order_.push_back(it->second);
}

std::optional<std::size_t> ShuffleOrder::take(const std::function<bool(std::size_t)>& usable) {
  while (!order_.empty()) {
    const std::size_t index = order_.back();
    order_.pop_back();
    if (usable(index)) return index;
  }
  return std::nullopt;
}

void ShuffleOrder::erase(std::size_t index) {
  std::erase(order_, index);
}

void ShuffleOrder::insert(std::size_t index, Rng& rng) {
  if (order_.empty()) return;
  // Append, then swap with a uniformly chosen slot: O(1), and the new item may land anywhere.
  order_.push_back(index);
  std::swap(order_.back(), order_[rng.below(order_.size())]);
}

void ShuffleOrder::remap(const std::function<std::optional<std::size_t>(std::size_t)>& map) {
  std::vector<std::size_t> kept;
  kept.reserve(order_.size());
  for (std::size_t index : order_) {
    if (const auto mapped = map(index)) kept.push_back(*mapped);
  }
  order_ = std::move(kept);
}

}  // namespace phosphene::playlist
