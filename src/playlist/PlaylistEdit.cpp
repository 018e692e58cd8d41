// Playlist contents: adding, removing, filtering, sorting, and load failures. Every change that
// moves items renumbers the navigation state (history, shuffle cycle, current index) in one place,
// removeIf() or sort(), so the two can never disagree.
#include <algorithm>
#include <numeric>
#include <system_error>

#include "playlist/AsciiText.hpp"
#include "playlist/FolderScan.hpp"
#include "playlist/Playlist.hpp"

namespace phosphene::playlist {
namespace {

namespace fs = std::filesystem;

fs::path normalised(const fs::path& file) {
  std::error_code ec;
  fs::path absolute = fs::absolute(file, ec);
  return (ec ? file : absolute).lexically_normal();
}

}  // namespace

bool Playlist::append(PlaylistItem item) {
  if (!filter_.accepts(matchPath(item))) return false;
  if (item.isFile() && !paths_.insert(item.path.generic_string()).second) return false;
  entries_.push_back(Entry{std::move(item), 0});
  // A running shuffle cycle takes the newcomer too, so it need not wait for the next cycle.
  if (shuffle_) cycle_.insert(entries_.size() - 1, rng_);
  return true;
}

std::size_t Playlist::addFolder(const fs::path& folder, bool recursive,
                                core::Diagnostics* diagnostics) {
  core::Diagnostics local;
  const auto files = findPresetFiles(folder, recursive, diagnostics ? *diagnostics : local);
  std::size_t added = 0;
  for (const auto& file : files) added += addFile(file) ? 1 : 0;
  return added;
}

bool Playlist::addFile(const fs::path& file) {
  PlaylistItem item;
  item.path = normalised(file);
  item.name = item.path.filename().string();
  if (item.path.empty()) return false;
  return append(std::move(item));
}

bool Playlist::addText(std::string name, std::string text) {
  PlaylistItem item;
  item.name = std::move(name);
  item.text = std::move(text);
  return append(std::move(item));
}

template <typename Predicate>
std::size_t Playlist::removeIf(Predicate doomed) {
  std::vector<std::optional<std::size_t>> newIndex(entries_.size());
  std::vector<Entry> kept;
  kept.reserve(entries_.size());
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (doomed(i)) {
      if (entries_[i].item.isFile()) paths_.erase(entries_[i].item.path.generic_string());
      continue;
    }
    newIndex[i] = kept.size();
    kept.push_back(std::move(entries_[i]));
  }
  const std::size_t removed = entries_.size() - kept.size();
  entries_ = std::move(kept);
  if (removed == 0) return 0;

  const auto map = [&newIndex](std::size_t i) { return newIndex[i]; };
  history_.remap(map);
  cycle_.remap(map);
  // The survivors before `at`: where list-order next() resumes when the item at `at` is gone.
  const auto survivorsBefore = [&newIndex](std::size_t at) {
    const auto end = newIndex.begin() + static_cast<std::ptrdiff_t>(std::min(at, newIndex.size()));
    return static_cast<std::size_t>(
        std::count_if(newIndex.begin(), end, [](const auto& v) { return v.has_value(); }));
  };
  if (current_ && !newIndex[*current_]) {
    cursor_ = survivorsBefore(*current_);
    current_.reset();
  } else if (current_) {
    current_ = newIndex[*current_];
  } else {
    cursor_ = survivorsBefore(cursor_);
  }
  if (cursor_ >= entries_.size()) cursor_ = 0;
  return removed;
}

bool Playlist::remove(std::size_t index) {
  if (index >= entries_.size()) return false;
  return removeIf([index](std::size_t i) { return i == index; }) == 1;
}

void Playlist::clear() {
  entries_.clear();
  paths_.clear();
  history_.clear();
  cycle_.clear();
  current_.reset();
  cursor_ = 0;
}

std::size_t Playlist::setFilter(PresetFilter filter) {
  filter_ = std::move(filter);
  return removeIf([this](std::size_t i) { return !filter_.accepts(matchPath(entries_[i].item)); });
}

void Playlist::sort(SortKey key) {
  std::vector<std::size_t> order(entries_.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  const auto sortText = [&](std::size_t i) -> std::string {
    return key == SortKey::Name ? entries_[i].item.name : matchPath(entries_[i].item);
  };
  std::vector<std::string> primary(entries_.size());
  std::vector<std::string> fullPath(entries_.size());
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    primary[i] = sortText(i);
    fullPath[i] = matchPath(entries_[i].item);
  }
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (const int c = compareAsciiNoCase(primary[a], primary[b]); c != 0) return c < 0;
    if (key == SortKey::Name) {
      if (const int c = compareAsciiNoCase(fullPath[a], fullPath[b]); c != 0) return c < 0;
    }
    return fullPath[a] < fullPath[b];
  });

  std::vector<std::optional<std::size_t>> newIndex(entries_.size());
  std::vector<Entry> sorted;
  sorted.reserve(entries_.size());
  for (std::size_t oldIndex : order) {
    newIndex[oldIndex] = sorted.size();
    sorted.push_back(std::move(entries_[oldIndex]));
  }
  entries_ = std::move(sorted);
  const auto map = [&newIndex](std::size_t i) { return newIndex[i]; };
  history_.remap(map);
  cycle_.remap(map);
  if (current_) current_ = newIndex[*current_];
  cursor_ = 0;  // its meaning ("the item after the removed one") does not survive reordering
}

bool Playlist::reportFailed(std::size_t index) {
  if (index >= entries_.size()) return false;
  ++entries_[index].failures;
  if (dropFailed_ && failedOut(entries_[index])) return remove(index);
  return false;
}

void Playlist::reportLoaded(std::size_t index) {
  if (index < entries_.size()) entries_[index].failures = 0;
}

std::size_t Playlist::failureCount(std::size_t index) const {
  return index < entries_.size() ? entries_[index].failures : 0;
}

std::size_t Playlist::dropFailedItems() {
  if (!dropFailed_) return 0;
  return removeIf([this](std::size_t i) { return failedOut(entries_[i]); });
}

std::size_t Playlist::setRetryCount(std::size_t failures) {
  retryCount_ = failures;
  return dropFailedItems();
}

std::size_t Playlist::setDropFailed(bool drop) {
  dropFailed_ = drop;
  return dropFailedItems();
}

}  // namespace phosphene::playlist
