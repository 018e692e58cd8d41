// projectM's playlist_core.h, playlist_callbacks.h, playlist_filter.h, playlist_memory.h and
// playlist_playback.h over Playlist.
#include "PlaylistAccess.hpp"

using phosphene::projectm4::Playlist;
using phosphene::projectm4::with_playlist;

extern "C" {

projectm_playlist_handle projectm_playlist_create(projectm_handle projectm_instance) noexcept {
  try {
    return reinterpret_cast<projectm_playlist_handle>(
        std::make_unique<Playlist>(projectm_instance).release());
  } catch (...) {
    return nullptr;
  }
}

void projectm_playlist_destroy(projectm_playlist_handle instance) noexcept {
  std::unique_ptr<Playlist> owned(phosphene::projectm4::playlist_of(instance));
}

void projectm_playlist_connect(projectm_playlist_handle instance,
                               projectm_handle projectm_instance) noexcept {
  with_playlist(instance, [&](Playlist& self) { self.connect(projectm_instance); });
}

void projectm_playlist_set_preset_switched_event_callback(
    projectm_playlist_handle instance, projectm_playlist_preset_switched_event callback,
    void* user_data) noexcept {
  with_playlist(instance, [&](Playlist& self) {
    self.switched = callback;
    self.switched_data = user_data;
  });
}

void projectm_playlist_set_preset_switch_failed_event_callback(
    projectm_playlist_handle instance, projectm_playlist_preset_switch_failed_event callback,
    void* user_data) noexcept {
  with_playlist(instance, [&](Playlist& self) {
    self.failed = callback;
    self.failed_data = user_data;
  });
}

void projectm_playlist_set_preset_load_event_callback(projectm_playlist_handle instance,
                                                      projectm_playlist_preset_load_event callback,
                                                      void* user_data) noexcept {
  with_playlist(instance, [&](Playlist& self) {
    self.load = callback;
    self.load_data = user_data;
  });
}

void projectm_playlist_set_filter(projectm_playlist_handle instance, const char** filter_list,
                                  size_t count) noexcept {
  with_playlist(instance, [&](Playlist& self) {
    std::vector<std::string> rules;
    for (size_t i = 0; filter_list != nullptr && i < count; ++i) {
      if (filter_list[i] != nullptr) rules.emplace_back(filter_list[i]);
    }
    self.filter().set_rules(std::move(rules));
  });
}

char** projectm_playlist_get_filter(projectm_playlist_handle instance, size_t* count) noexcept {
  if (count != nullptr) *count = 0;
  return with_playlist(instance, static_cast<char**>(nullptr), [&](Playlist& self) {
    char** rules = phosphene::projectm4::new_c_string_array(self.filter().rules());
    if (rules != nullptr && count != nullptr) *count = self.filter().rules().size();
    return rules;
  });
}

size_t projectm_playlist_apply_filter(projectm_playlist_handle instance) noexcept {
  return with_playlist(instance, size_t{0}, [](Playlist& self) { return self.apply_filter(); });
}

void projectm_playlist_free_string(char* string) noexcept {
  std::free(string);
}

void projectm_playlist_free_string_array(char** array) noexcept {
  if (array == nullptr) return;
  for (char** entry = array; *entry != nullptr; ++entry) std::free(*entry);
  std::free(array);
}

void projectm_playlist_set_shuffle(projectm_playlist_handle instance, bool shuffle) noexcept {
  with_playlist(instance, [&](Playlist& self) { self.shuffle = shuffle; });
}

bool projectm_playlist_get_shuffle(projectm_playlist_handle instance) noexcept {
  return with_playlist(instance, false, [](Playlist& self) { return self.shuffle; });
}

void projectm_playlist_set_retry_count(projectm_playlist_handle instance,
                                       uint32_t retry_count) noexcept {
  with_playlist(instance, [&](Playlist& self) { self.retry_count = retry_count; });
}

uint32_t projectm_playlist_get_retry_count(projectm_playlist_handle instance) noexcept {
  return with_playlist(instance, uint32_t{0}, [](Playlist& self) { return self.retry_count; });
}

uint32_t projectm_playlist_set_position(projectm_playlist_handle instance, uint32_t new_position,
                                        bool hard_cut) noexcept {
  return with_playlist(instance, uint32_t{0},
                       [&](Playlist& self) { return self.play_at(new_position, hard_cut); });
}

uint32_t projectm_playlist_get_position(projectm_playlist_handle instance) noexcept {
  return with_playlist(instance, uint32_t{0}, [](Playlist& self) { return self.position(); });
}

uint32_t projectm_playlist_play_next(projectm_playlist_handle instance, bool hard_cut) noexcept {
  return with_playlist(instance, uint32_t{0},
                       [&](Playlist& self) { return self.play_next(hard_cut); });
}

uint32_t projectm_playlist_play_previous(projectm_playlist_handle instance,
                                         bool hard_cut) noexcept {
  return with_playlist(instance, uint32_t{0},
                       [&](Playlist& self) { return self.play_previous(hard_cut); });
}

uint32_t projectm_playlist_play_last(projectm_playlist_handle instance, bool hard_cut) noexcept {
  return with_playlist(instance, uint32_t{0},
                       [&](Playlist& self) { return self.play_last(hard_cut); });
}

}  // extern "C"
