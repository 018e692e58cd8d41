#pragma once
// Ratings: a 0..5 rating and a favourite flag per preset, which weight the random choice like
// MilkDrop 2 does (vis_milk2/plugin.cpp, MilkDrop3 mirror):
//   - an unrated preset counts as rating 3 (GetPrivateProfileFloat(..., "fRating", 3.0f, ...) when
//     the preset list is built), and ratings are clamped to 0..5;
//   - the random pick draws a point uniformly over the running sum of ratings (fRatingCum) and
//     takes the preset whose span contains it, so a preset's chance is rating / sum of ratings and
//     rating 0 is never drawn;
//   - when the sum is 0 (every preset rated 0, or ratings disabled) the pick is uniform instead.
// MilkDrop keeps the rating inside the .milk file ("fRating=" under [preset00]); Phosphene keeps
// presets read-only and stores ratings in a separate file (RatingsFile.hpp).
//
// Keys: a file preset's key is its file name, a text preset's key its name, both with ASCII
// letters lower-cased. The file name (not the path) lets ratings survive moving or re-installing a
// collection; the same file in two packs shares one rating, which is usually the same preset.
// Lower-casing matches the Windows world the presets come from ("X.MILK" is "x.milk"). Every key
// given to this class is folded the same way, so callers may pass names as they are.

#include <map>
#include <string>
#include <string_view>

#include "playlist/PlaylistItem.hpp"

namespace phosphene::playlist {

/// The ratings key of a playlist item (see above).
std::string ratingKey(const PlaylistItem& item);

class Ratings {
 public:
  static constexpr int kDefaultRating = 3;  // MilkDrop 2's default for an unrated preset
  static constexpr int kMaxRating = 5;

  struct Entry {
    int rating = kDefaultRating;
    bool favourite = false;
    bool operator==(const Entry&) const = default;
  };

  /// kDefaultRating for an unknown key.
  int rating(std::string_view key) const;
  bool favourite(std::string_view key) const;
  /// Clamped to 0..kMaxRating, as MilkDrop clamps.
  void setRating(std::string_view key, int rating);
  void setFavourite(std::string_view key, bool favourite);
  /// Forgets a key (it reads as unrated again); false when it was unknown.
  bool erase(std::string_view key);
  void clear() { entries_.clear(); }
  std::size_t size() const { return entries_.size(); }
  /// Every stored key (folded) in byte order, which is also the order a saved file lists them.
  const std::map<std::string, Entry, std::less<>>& entries() const { return entries_; }

 private:
  std::map<std::string, Entry, std::less<>> entries_;
};

}  // namespace phosphene::playlist
