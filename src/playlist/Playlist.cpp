// Playlist navigation: choosing the next item. Contents and failures: PlaylistEdit.cpp.
#include "playlist/Playlist.hpp"

namespace phosphene::playlist {

Playlist::Playlist(std::uint64_t seed) : rng_(seed) {}

bool Playlist::failedOut(const Entry& entry) const {
  return retryCount_ > 0 && entry.failures >= retryCount_;
}

int Playlist::ratingOf(const Entry& entry) const {
  return ratings_ != nullptr ? ratings_->rating(ratingKey(entry.item)) : Ratings::kDefaultRating;
}

bool Playlist::playable(std::size_t index) const {
  if (index >= entries_.size()) return false;
  const Entry& entry = entries_[index];
  if (failedOut(entry)) return false;
  return !favouritesOnly_ || (ratings_ != nullptr && ratings_->favourite(ratingKey(entry.item)));
}

std::vector<double> Playlist::choiceWeights() const {
  std::vector<double> weights(entries_.size(), 0.0);
  bool anyRated = false;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (!playable(i)) continue;
    weights[i] = static_cast<double>(ratingOf(entries_[i]));
    anyRated = anyRated || weights[i] > 0.0;
  }
  if (!anyRated) {
    for (std::size_t i = 0; i < entries_.size(); ++i) weights[i] = playable(i) ? 1.0 : 0.0;
  }
  return weights;
}

std::optional<std::size_t> Playlist::play(std::size_t index) {
  current_ = index;
  history_.push(index);
  return index;
}

std::optional<std::size_t> Playlist::step(bool forward) {
  const std::size_t n = entries_.size();
  if (n == 0) return std::nullopt;
  // With no current item (it was removed) the cursor is the index of the item that followed it.
  std::size_t at = 0;
  if (current_) {
    at = forward ? *current_ + 1 : *current_ + n - 1;
  } else {
    at = forward ? cursor_ : cursor_ + n - 1;
  }
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t i = forward ? (at + k) % n : (at + n - k) % n;
    if (playable(i)) return play(i);
  }
  return std::nullopt;
}

std::optional<std::size_t> Playlist::next() {
  if (!shuffle_) return step(true);
  const auto usable = [this](std::size_t i) { return playable(i); };
  if (const auto again = history_.forward(usable)) {
    current_ = again;
    return again;
  }
  const auto notCurrent = [this](std::size_t i) { return playable(i) && i != current_; };
  auto pick = cycle_.take(notCurrent);
  if (!pick) {
    cycle_.reshuffle(choiceWeights(), current_, rng_);
    // reshuffle() already keeps the current item off the front; only a one-item cycle repeats it.
    pick = cycle_.take(usable);
  }
  if (!pick) return std::nullopt;
  return play(*pick);
}

std::optional<std::size_t> Playlist::previous() {
  if (!shuffle_) return step(false);
  const auto back = history_.back([this](std::size_t i) { return playable(i); });
  if (back) current_ = back;
  return back;
}

std::optional<std::size_t> Playlist::random() {
  const std::vector<double> weights = choiceWeights();
  double total = 0.0;
  for (double w : weights) total += w;
  if (total <= 0.0) return std::nullopt;
  // MilkDrop 2 draws a point below the running sum of ratings and takes the item whose span holds
  // it; a zero weight has an empty span and is never taken.
  const double point = rng_.unit() * total;
  double sum = 0.0;
  std::optional<std::size_t> chosen;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] <= 0.0) continue;
    chosen = i;  // the last positive one also absorbs rounding at the very top
    sum += weights[i];
    if (point < sum) break;
  }
  cycle_.erase(*chosen);
  return play(*chosen);
}

std::optional<std::size_t> Playlist::jump(std::size_t index) {
  if (index >= entries_.size()) return std::nullopt;
  cycle_.erase(index);
  return play(index);
}

void Playlist::setShuffle(bool on) {
  shuffle_ = on;
  cycle_.clear();
}

}  // namespace phosphene::playlist
