#include "Playlist.hpp"

#include <algorithm>

#include "DirectoryScan.hpp"

namespace phosphene::projectm4 {
namespace {

// projectM keeps the last 1000 items played.
constexpr size_t kHistoryLength = 1000;

std::string file_name_of(const std::string& path) {
  const auto last = path.find_last_of("/\\");
  return last == std::string::npos ? path : path.substr(last + 1);
}

}  // namespace

Playlist::Playlist(projectm_handle core) {
  connect(core);
}

Playlist::~Playlist() {
  connect(nullptr);
}

void Playlist::connect(projectm_handle core) {
  if (core_ != nullptr) {
    projectm_set_preset_switch_requested_event_callback(core_, nullptr, nullptr);
    projectm_set_preset_switch_failed_event_callback(core_, nullptr, nullptr);
  }
  core_ = core;
  if (core_ != nullptr) {
    projectm_set_preset_switch_requested_event_callback(core_, &on_switch_requested, this);
    projectm_set_preset_switch_failed_event_callback(core_, &on_switch_failed, this);
  }
}

void Playlist::items_changed() {
  history_.clear();
  if (position_ >= items_.size()) position_ = items_.empty() ? 0 : items_.size() - 1;
}

bool Playlist::add_item(const std::string& file, size_t index, bool allow_duplicates) {
  if (file.empty() || !filter_.passes(file)) return false;
  if (!allow_duplicates && std::find(items_.begin(), items_.end(), file) != items_.end()) {
    return false;
  }
  items_.insert(items_.begin() + static_cast<std::ptrdiff_t>(std::min(index, items_.size())), file);
  items_changed();
  return true;
}

uint32_t Playlist::add_path(const char* path, size_t index, bool recursive, bool allow_duplicates) {
  if (path == nullptr) return 0;
  uint32_t added = 0;
  for (const auto& file : scan_preset_folder(path, recursive)) {
    const size_t at = index >= items_.size() ? items_.size() : index + added;
    if (add_item(file, at, allow_duplicates)) ++added;
  }
  return added;
}

bool Playlist::remove_item(size_t index) {
  if (index >= items_.size()) return false;
  items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(index));
  items_changed();
  return true;
}

void Playlist::clear() {
  items_.clear();
  position_ = 0;
  items_changed();
}

void Playlist::sort(size_t start, size_t count, projectm_playlist_sort_predicate predicate,
                    projectm_playlist_sort_order order) {
  if (start >= items_.size()) return;
  const size_t end = count > items_.size() - start ? items_.size() : start + count;
  const bool by_name = predicate == SORT_PREDICATE_FILENAME_ONLY;
  const bool descending = order == SORT_ORDER_DESCENDING;
  // Byte-wise, hence case-sensitive, as projectM documents.
  std::stable_sort(items_.begin() + static_cast<std::ptrdiff_t>(start),
                   items_.begin() + static_cast<std::ptrdiff_t>(end),
                   [&](const std::string& a, const std::string& b) {
                     const std::string& left = descending ? b : a;
                     const std::string& right = descending ? a : b;
                     return by_name ? file_name_of(left) < file_name_of(right) : left < right;
                   });
  items_changed();
}

size_t Playlist::apply_filter() {
  const size_t before = items_.size();
  std::erase_if(items_, [&](const std::string& file) { return !filter_.passes(file); });
  const size_t removed = before - items_.size();
  if (removed > 0) items_changed();
  return removed;
}

size_t Playlist::next_index() {
  if (shuffle) return std::uniform_int_distribution<size_t>(0, items_.size() - 1)(random_);
  return position_ + 1 >= items_.size() ? 0 : position_ + 1;
}

size_t Playlist::previous_index() {
  if (shuffle) return std::uniform_int_distribution<size_t>(0, items_.size() - 1)(random_);
  return position_ == 0 ? items_.size() - 1 : position_ - 1;
}

void Playlist::remember(size_t index) {
  if (!played_) return;  // nothing was played yet: there is nothing to go back to
  history_.push_back(index);
  if (history_.size() > kHistoryLength) history_.erase(history_.begin());
}

void Playlist::play(size_t index, bool hard_cut, bool new_attempt) {
  if (index >= items_.size()) return;
  if (new_attempt) failed_in_a_row_ = 0;
  hard_cut_ = hard_cut;
  position_ = index;
  played_ = true;
  const uint64_t failures_before = failures_seen_;
  // Copied: a callback may change the list while the file name is in use.
  const std::string file = items_[index];
  const bool host_loaded =
      load != nullptr && load(static_cast<unsigned int>(index), file.c_str(), hard_cut, load_data);
  if (!host_loaded && core_ != nullptr) projectm_load_preset_file(core_, file.c_str(), !hard_cut);
  if (failures_seen_ == failures_before && switched != nullptr) {
    switched(hard_cut, static_cast<unsigned int>(index), switched_data);
  }
}

uint32_t Playlist::play_at(size_t index, bool hard_cut) {
  if (items_.empty()) return 0;
  if (index >= items_.size()) index = 0;
  remember(position_);
  play(index, hard_cut, true);
  return position();
}

uint32_t Playlist::play_next(bool hard_cut) {
  if (items_.empty()) return 0;
  remember(position_);
  play(next_index(), hard_cut, true);
  return position();
}

uint32_t Playlist::play_previous(bool hard_cut) {
  if (items_.empty()) return 0;
  remember(position_);
  play(previous_index(), hard_cut, true);
  return position();
}

uint32_t Playlist::play_last(bool hard_cut) {
  if (items_.empty()) return 0;
  size_t index = 0;
  if (!history_.empty()) {
    index = history_.back();
    history_.pop_back();
  } else {
    index = previous_index();  // as play_previous, not recorded
  }
  play(std::min(index, items_.size() - 1), hard_cut, true);
  return position();
}

void Playlist::on_switch_requested(bool is_hard_cut, void* user_data) {
  auto* self = static_cast<Playlist*>(user_data);
  if (self == nullptr || self->items_.empty()) return;
  self->play_next(is_hard_cut);
}

void Playlist::on_switch_failed(const char* filename, const char* message, void* user_data) {
  auto* self = static_cast<Playlist*>(user_data);
  if (self == nullptr) return;
  ++self->failures_seen_;
  // The failed item is only the position: retrying moves on, so it never enters the history.
  if (self->failed_in_a_row_ < self->retry_count && !self->items_.empty()) {
    ++self->failed_in_a_row_;
    self->play(self->next_index(), self->hard_cut_, false);
    return;
  }
  if (self->failed != nullptr) self->failed(filename, message, self->failed_data);
}

}  // namespace phosphene::projectm4
