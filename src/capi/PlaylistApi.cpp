// The engine's playlist: contents, filters, order, navigation, ratings. Every entry point is
// noexcept and catches at the boundary.

#include <cmath>
#include <new>
#include <string>
#include <vector>

#include "capi/ApiEngine.hpp"
#include "playlist/PresetFilter.hpp"
#include "playlist/RatingsFile.hpp"

using phosphene::engine::EngineEvent;
using phosphene::engine::PresetSource;
using phosphene::engine::SwitchReason;

phosphene_playlist::phosphene_playlist(phosphene::engine::Engine& e, std::uint64_t seed)
    : engine(e), list(seed) {
  list.setRatings(&ratings);
}

PresetSource phosphene_playlist::source(std::size_t index) const {
  const phosphene::playlist::PlaylistItem& item = list.item(index);
  PresetSource s;
  if (item.isFile()) {
    s = PresetSource::file(item.path);
  } else if (auto native = natives.find(item.name); native != natives.end()) {
    s = PresetSource::fromNative(native->second);
  } else {
    s = PresetSource::fromText(item.text, item.name);
  }
  s.tag = static_cast<std::int64_t>(index);
  return s;
}

std::uint64_t phosphene_playlist::play(std::size_t index, double transitionSeconds,
                                       SwitchReason reason) {
  return engine.requestPreset(source(index), transitionSeconds, reason);
}

std::optional<PresetSource> phosphene_playlist::provide(SwitchReason) {
  const std::optional<std::size_t> next = list.next();
  if (!next) return std::nullopt;
  return source(*next);
}

void phosphene_playlist::onEvent(const EngineEvent& event) {
  if (event.tag < 0 || static_cast<std::size_t>(event.tag) >= list.size()) return;
  const auto index = static_cast<std::size_t>(event.tag);
  if (event.type == EngineEvent::Type::PresetLoadFailed) list.reportFailed(index);
  if (event.type == EngineEvent::Type::PresetStarted) list.reportLoaded(index);
}

void phosphene_playlist::attach() {
  engine.setPresetProvider([this](SwitchReason reason) { return provide(reason); });
}

namespace {

using phosphene::capi::guarded;

phosphene_engine& owner(phosphene_playlist* playlist) {
  return *playlist->owner;
}

bool validIndex(const phosphene_playlist* p, uint32_t index) {
  return p != nullptr && index < p->list.size();
}

std::optional<std::filesystem::path> ratingsPath(const char* path) {
  if (path != nullptr) return std::filesystem::path(path);
  return phosphene::playlist::defaultRatingsPath();
}

}  // namespace

extern "C" {

phosphene_playlist* phosphene_engine_get_playlist(phosphene_engine* engine) noexcept {
  return engine == nullptr ? nullptr : &engine->playlist;
}

phosphene_result phosphene_playlist_add_folder(phosphene_playlist* playlist, const char* path,
                                               int recursive, uint32_t* out_added) noexcept {
  if (out_added != nullptr) *out_added = 0;
  if (playlist == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  phosphene_engine& engine = owner(playlist);
  if (path == nullptr) {
    engine.engine.setLastError("phosphene_playlist_add_folder: path is NULL");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return guarded(&engine, "phosphene_playlist_add_folder", [&] {
    phosphene::core::Diagnostics problems;
    const std::size_t added = playlist->list.addFolder(path, recursive != 0, &problems);
    if (out_added != nullptr) *out_added = static_cast<uint32_t>(added);
    if (added == 0 && !problems.empty()) {
      engine.engine.setLastError(problems.front().format());
      return PHOSPHENE_ERROR_IO;
    }
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_playlist_add_file(phosphene_playlist* playlist,
                                             const char* path) noexcept {
  if (playlist == nullptr || path == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(&owner(playlist), "phosphene_playlist_add_file", [&] {
    return playlist->list.addFile(path) ? PHOSPHENE_OK : PHOSPHENE_ERROR_NOT_FOUND;
  });
}

phosphene_result phosphene_playlist_add_preset(phosphene_playlist* playlist,
                                               const phosphene_preset* preset) noexcept {
  if (playlist == nullptr || preset == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (preset->status != PHOSPHENE_OK) return PHOSPHENE_ERROR_PRESET_INVALID;
  return guarded(&owner(playlist), "phosphene_playlist_add_preset", [&] {
    const PresetSource& s = preset->source;
    if (!s.path.empty())
      return playlist->list.addFile(s.path) ? PHOSPHENE_OK : PHOSPHENE_ERROR_NOT_FOUND;
    if (!playlist->list.addText(preset->name, s.text)) return PHOSPHENE_ERROR_NOT_FOUND;
    if (s.native) playlist->natives[preset->name] = s.native;
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_playlist_set_filters(phosphene_playlist* playlist,
                                                const char* const* rules, size_t count,
                                                uint32_t* out_removed) noexcept {
  if (out_removed != nullptr) *out_removed = 0;
  if (playlist == nullptr || (rules == nullptr && count > 0))
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  phosphene_engine& engine = owner(playlist);
  for (size_t i = 0; i < count; ++i) {
    if (rules[i] == nullptr || (rules[i][0] != '+' && rules[i][0] != '-')) {
      engine.engine.setLastError("phosphene_playlist_set_filters: a rule must start with + or -");
      return PHOSPHENE_ERROR_INVALID_ARGUMENT;
    }
  }
  return guarded(&engine, "phosphene_playlist_set_filters", [&] {
    std::vector<std::string> list(rules, rules + count);
    const std::size_t removed = playlist->list.setFilter(phosphene::playlist::PresetFilter(list));
    if (out_removed != nullptr) *out_removed = static_cast<uint32_t>(removed);
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_playlist_sort(phosphene_playlist* playlist,
                                         phosphene_playlist_sort_key key) noexcept {
  if (playlist == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  const int k = phosphene::capi::enumValue(key);
  if (k != PHOSPHENE_SORT_BY_NAME && k != PHOSPHENE_SORT_BY_PATH)
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(&owner(playlist), "phosphene_playlist_sort", [&] {
    playlist->list.sort(k == PHOSPHENE_SORT_BY_NAME ? phosphene::playlist::SortKey::Name
                                                    : phosphene::playlist::SortKey::Path);
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_playlist_remove(phosphene_playlist* playlist, uint32_t index) noexcept {
  if (playlist == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(&owner(playlist), "phosphene_playlist_remove", [&] {
    return playlist->list.remove(index) ? PHOSPHENE_OK : PHOSPHENE_ERROR_NOT_FOUND;
  });
}

phosphene_result phosphene_playlist_clear(phosphene_playlist* playlist) noexcept {
  if (playlist == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(&owner(playlist), "phosphene_playlist_clear", [&] {
    playlist->list.clear();
    playlist->natives.clear();
    return PHOSPHENE_OK;
  });
}

uint32_t phosphene_playlist_size(const phosphene_playlist* playlist) noexcept {
  return playlist == nullptr ? 0u : static_cast<uint32_t>(playlist->list.size());
}

const char* phosphene_playlist_item_name(const phosphene_playlist* playlist,
                                         uint32_t index) noexcept {
  if (!validIndex(playlist, index)) return "";
  return playlist->list.item(index).name.c_str();
}

const char* phosphene_playlist_item_path(const phosphene_playlist* playlist,
                                         uint32_t index) noexcept {
  if (!validIndex(playlist, index)) return "";
  try {
    playlist->scratch = playlist->list.item(index).path.string();
    return playlist->scratch.c_str();
  } catch (...) {
    return "";
  }
}

int64_t phosphene_playlist_position(const phosphene_playlist* playlist) noexcept {
  if (playlist == nullptr) return -1;
  const std::optional<std::size_t> p = playlist->list.position();
  return p ? static_cast<int64_t>(*p) : -1;
}

phosphene_result phosphene_playlist_set_shuffle(phosphene_playlist* playlist,
                                                int shuffle) noexcept {
  if (playlist == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(&owner(playlist), "phosphene_playlist_set_shuffle", [&] {
    playlist->list.setShuffle(shuffle != 0);
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_playlist_set_retry(phosphene_playlist* playlist, int retry_count,
                                              int drop_failed) noexcept {
  if (playlist == nullptr || retry_count < PHOSPHENE_MIN_PLAYLIST_RETRY ||
      retry_count > PHOSPHENE_MAX_PLAYLIST_RETRY)
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(&owner(playlist), "phosphene_playlist_set_retry", [&] {
    playlist->list.setRetryCount(static_cast<std::size_t>(retry_count));
    playlist->list.setDropFailed(drop_failed != 0);
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_playlist_play(phosphene_playlist* playlist, phosphene_playlist_move move,
                                         uint32_t index,
                                         const phosphene_transition_desc* transition,
                                         uint64_t* out_request) noexcept {
  if (out_request != nullptr) *out_request = 0;
  if (playlist == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  phosphene_engine& engine = owner(playlist);
  const phosphene::capi::TransitionSeconds transitionRead =
      phosphene::capi::readTransition(engine, "phosphene_playlist_play", transition);
  if (transitionRead.result != PHOSPHENE_OK) return transitionRead.result;
  const double seconds = transitionRead.seconds;
  return guarded(&engine, "phosphene_playlist_play", [&] {
    std::optional<std::size_t> reached;
    switch (phosphene::capi::enumValue(move)) {
      case PHOSPHENE_PLAY_NEXT:
        reached = playlist->list.next();
        break;
      case PHOSPHENE_PLAY_PREVIOUS:
        reached = playlist->list.previous();
        break;
      case PHOSPHENE_PLAY_RANDOM:
        reached = playlist->list.random();
        break;
      case PHOSPHENE_PLAY_INDEX:
        if (index < playlist->list.size()) reached = playlist->list.jump(index);
        break;
      default:
        engine.engine.setLastError("phosphene_playlist_play: unknown move");
        return PHOSPHENE_ERROR_INVALID_ARGUMENT;
    }
    if (!reached) {
      engine.engine.setLastError("phosphene_playlist_play: no playable item");
      return PHOSPHENE_ERROR_NOT_FOUND;
    }
    const std::uint64_t id = playlist->play(*reached, seconds, SwitchReason::User);
    if (out_request != nullptr) *out_request = id;
    return PHOSPHENE_OK;
  });
}

phosphene_result phosphene_playlist_set_rating(phosphene_playlist* playlist, uint32_t index,
                                               int rating) noexcept {
  if (!validIndex(playlist, index) || rating < 0 || rating > 5)
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(&owner(playlist), "phosphene_playlist_set_rating", [&] {
    playlist->ratings.setRating(phosphene::playlist::ratingKey(playlist->list.item(index)), rating);
    return PHOSPHENE_OK;
  });
}

int phosphene_playlist_get_rating(const phosphene_playlist* playlist, uint32_t index) noexcept {
  if (!validIndex(playlist, index)) return -1;
  try {
    return playlist->ratings.rating(phosphene::playlist::ratingKey(playlist->list.item(index)));
  } catch (...) {
    return -1;
  }
}

phosphene_result phosphene_playlist_set_favourite(phosphene_playlist* playlist, uint32_t index,
                                                  int favourite) noexcept {
  if (!validIndex(playlist, index)) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded(&owner(playlist), "phosphene_playlist_set_favourite", [&] {
    playlist->ratings.setFavourite(phosphene::playlist::ratingKey(playlist->list.item(index)),
                                   favourite != 0);
    return PHOSPHENE_OK;
  });
}

int phosphene_playlist_is_favourite(const phosphene_playlist* playlist, uint32_t index) noexcept {
  if (!validIndex(playlist, index)) return 0;
  try {
    return playlist->ratings.favourite(phosphene::playlist::ratingKey(playlist->list.item(index)))
               ? 1
               : 0;
  } catch (...) {
    return 0;
  }
}

phosphene_result phosphene_playlist_load_ratings(phosphene_playlist* playlist,
                                                 const char* path) noexcept {
  if (playlist == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  phosphene_engine& engine = owner(playlist);
  return guarded(&engine, "phosphene_playlist_load_ratings", [&] {
    const std::optional<std::filesystem::path> file = ratingsPath(path);
    if (!file) {
      engine.engine.setLastError("phosphene_playlist_load_ratings: no HOME or XDG_DATA_HOME");
      return PHOSPHENE_ERROR_IO;
    }
    const phosphene::playlist::RatingsLoadReport report =
        phosphene::playlist::loadRatings(*file, playlist->ratings);
    if (report.ok || report.missing) return PHOSPHENE_OK;
    engine.engine.setLastError(report.diagnostics.empty() ? "ratings file not readable"
                                                          : report.diagnostics.front().format());
    return PHOSPHENE_ERROR_IO;
  });
}

phosphene_result phosphene_playlist_save_ratings(const phosphene_playlist* playlist,
                                                 const char* path) noexcept {
  if (playlist == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  auto* mutablePlaylist = const_cast<phosphene_playlist*>(playlist);  // for the last error only
  phosphene_engine& engine = owner(mutablePlaylist);
  return guarded(&engine, "phosphene_playlist_save_ratings", [&] {
    const std::optional<std::filesystem::path> file = ratingsPath(path);
    phosphene::core::Diagnostics problems;
    if (!file || !phosphene::playlist::saveRatings(playlist->ratings, *file, &problems)) {
      engine.engine.setLastError(problems.empty() ? "no HOME or XDG_DATA_HOME"
                                                  : problems.front().format());
      return PHOSPHENE_ERROR_IO;
    }
    return PHOSPHENE_OK;
  });
}

}  // extern "C"
