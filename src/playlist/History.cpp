#include "playlist/History.hpp"

namespace phosphene::playlist {

void History::push(std::size_t index) {
  entries_.resize(pos_ ? *pos_ + 1 : 0);
  if (!entries_.empty() && entries_.back() == index) return;  // replaying the current one
  entries_.push_back(index);
  if (entries_.size() > kCapacity) entries_.erase(entries_.begin());
  pos_ = entries_.size() - 1;
}

std::optional<std::size_t> History::back(const std::function<bool(std::size_t)>& usable) {
  if (!pos_) return std::nullopt;
  for (std::size_t i = *pos_; i-- > 0;) {
    if (usable(entries_[i])) {
      pos_ = i;
      return entries_[i];
    }
  }
  return std::nullopt;
}

std::optional<std::size_t> History::forward(const std::function<bool(std::size_t)>& usable) {
  // With no position (every entry up to the current one was removed) the first entry is ahead.
  for (std::size_t i = pos_ ? *pos_ + 1 : 0; i < entries_.size(); ++i) {
    if (usable(entries_[i])) {
      pos_ = i;
      return entries_[i];
    }
  }
  return std::nullopt;
}

void History::remap(const std::function<std::optional<std::size_t>(std::size_t)>& map) {
  std::vector<std::size_t> kept;
  kept.reserve(entries_.size());
  std::optional<std::size_t> newPos;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const auto mapped = map(entries_[i]);
    if (mapped && (kept.empty() || kept.back() != *mapped)) kept.push_back(*mapped);
    // The current entry, or the last survivor before it, becomes the position.
    if (pos_ && i <= *pos_ && !kept.empty()) newPos = kept.size() - 1;
  }
  entries_ = std::move(kept);
  pos_ = newPos;
}

void History::clear() {
  entries_.clear();
  pos_.reset();
}

}  // namespace phosphene::playlist
