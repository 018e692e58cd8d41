// projectM's playlist_items.h over Playlist.
#include "PlaylistAccess.hpp"

using phosphene::projectm4::Playlist;
using phosphene::projectm4::with_playlist;

extern "C" {

uint32_t projectm_playlist_size(projectm_playlist_handle instance) noexcept {
  return with_playlist(instance, uint32_t{0},
                       [](Playlist& self) { return static_cast<uint32_t>(self.items().size()); });
}

void projectm_playlist_clear(projectm_playlist_handle instance) noexcept {
  with_playlist(instance, [](Playlist& self) { self.clear(); });
}

char** projectm_playlist_items(projectm_playlist_handle instance, uint32_t start,
                               uint32_t count) noexcept {
  return with_playlist(instance, static_cast<char**>(nullptr), [&](Playlist& self) {
    const auto& items = self.items();
    std::vector<std::string> range;
    for (size_t i = start; i < items.size() && i - start < count; ++i) range.push_back(items[i]);
    return phosphene::projectm4::new_c_string_array(range);
  });
}

char* projectm_playlist_item(projectm_playlist_handle instance, uint32_t index) noexcept {
  return with_playlist(instance, static_cast<char*>(nullptr), [&](Playlist& self) -> char* {
    if (index >= self.items().size()) return nullptr;
    return phosphene::projectm4::new_c_string(self.items()[index]);
  });
}

uint32_t projectm_playlist_add_path(projectm_playlist_handle instance, const char* path,
                                    bool recurse_subdirs, bool allow_duplicates) noexcept {
  return with_playlist(instance, uint32_t{0}, [&](Playlist& self) {
    return self.add_path(path, SIZE_MAX, recurse_subdirs, allow_duplicates);
  });
}

uint32_t projectm_playlist_insert_path(projectm_playlist_handle instance, const char* path,
                                       uint32_t index, bool recurse_subdirs,
                                       bool allow_duplicates) noexcept {
  return with_playlist(instance, uint32_t{0}, [&](Playlist& self) {
    return self.add_path(path, index, recurse_subdirs, allow_duplicates);
  });
}

bool projectm_playlist_add_preset(projectm_playlist_handle instance, const char* filename,
                                  bool allow_duplicates) noexcept {
  return with_playlist(instance, false, [&](Playlist& self) {
    return filename != nullptr && self.add_item(filename, SIZE_MAX, allow_duplicates);
  });
}

bool projectm_playlist_insert_preset(projectm_playlist_handle instance, const char* filename,
                                     uint32_t index, bool allow_duplicates) noexcept {
  return with_playlist(instance, false, [&](Playlist& self) {
    return filename != nullptr && self.add_item(filename, index, allow_duplicates);
  });
}

uint32_t projectm_playlist_add_presets(projectm_playlist_handle instance, const char** filenames,
                                       uint32_t count, bool allow_duplicates) noexcept {
  return with_playlist(instance, uint32_t{0}, [&](Playlist& self) {
    uint32_t added = 0;
    for (uint32_t i = 0; filenames != nullptr && i < count; ++i) {
      if (filenames[i] != nullptr && self.add_item(filenames[i], SIZE_MAX, allow_duplicates)) {
        ++added;
      }
    }
    return added;
  });
}

uint32_t projectm_playlist_insert_presets(projectm_playlist_handle instance, const char** filenames,
                                          uint32_t count, unsigned int index,
                                          bool allow_duplicates) noexcept {
  return with_playlist(instance, uint32_t{0}, [&](Playlist& self) {
    uint32_t added = 0;
    for (uint32_t i = 0; filenames != nullptr && i < count; ++i) {
      // In the given order: each one after those inserted before it.
      if (filenames[i] != nullptr &&
          self.add_item(filenames[i], size_t{index} + added, allow_duplicates)) {
        ++added;
      }
    }
    return added;
  });
}

bool projectm_playlist_remove_preset(projectm_playlist_handle instance, uint32_t index) noexcept {
  return with_playlist(instance, false, [&](Playlist& self) { return self.remove_item(index); });
}

uint32_t projectm_playlist_remove_presets(projectm_playlist_handle instance, uint32_t index,
                                          uint32_t count) noexcept {
  return with_playlist(instance, uint32_t{0}, [&](Playlist& self) {
    uint32_t removed = 0;
    while (removed < count && self.remove_item(index)) ++removed;
    return removed;
  });
}

void projectm_playlist_sort(projectm_playlist_handle instance, uint32_t start_index, uint32_t count,
                            projectm_playlist_sort_predicate predicate,
                            projectm_playlist_sort_order order) noexcept {
  with_playlist(instance, [&](Playlist& self) { self.sort(start_index, count, predicate, order); });
}

}  // extern "C"
