#include "playlist/Ratings.hpp"

#include <algorithm>

#include "playlist/AsciiText.hpp"

namespace phosphene::playlist {

std::string ratingKey(const PlaylistItem& item) {
  return asciiLower(item.name);
}

int Ratings::rating(std::string_view key) const {
  const auto it = entries_.find(asciiLower(key));
  return it == entries_.end() ? kDefaultRating : it->second.rating;
}

bool Ratings::favourite(std::string_view key) const {
  const auto it = entries_.find(asciiLower(key));
  return it != entries_.end() && it->second.favourite;
}

void Ratings::setRating(std::string_view key, int rating) {
  entries_[asciiLower(key)].rating = std::clamp(rating, 0, kMaxRating);
}

void Ratings::setFavourite(std::string_view key, bool favourite) {
  entries_[asciiLower(key)].favourite = favourite;
}

bool Ratings::erase(std::string_view key) {
  const auto it = entries_.find(asciiLower(key));
  if (it == entries_.end()) return false;
  entries_.erase(it);
  return true;
}

}  // namespace phosphene::playlist
