#pragma once
// The C boundary of libprojectM-4-playlist: a projectm_playlist_handle is a Playlist made with
// std::make_unique(...).release() and taken back in projectm_playlist_destroy. A NULL handle does
// nothing and no exception reaches the host.

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "Playlist.hpp"

namespace phosphene::projectm4 {

inline Playlist* playlist_of(projectm_playlist_handle handle) {
  return reinterpret_cast<Playlist*>(handle);
}

template <typename Result, typename Body>
Result with_playlist(projectm_playlist_handle handle, Result fallback, Body&& body) noexcept {
  if (handle == nullptr) return fallback;
  try {
    return std::forward<Body>(body)(*playlist_of(handle));
  } catch (...) {
    return fallback;  // out of memory: the call has no effect
  }
}

template <typename Body>
void with_playlist(projectm_playlist_handle handle, Body&& body) noexcept {
  with_playlist(handle, 0, [&](Playlist& self) {
    std::forward<Body>(body)(self);
    return 0;
  });
}

/// A malloc'ed copy (freed by projectm_playlist_free_string); NULL when memory ran out.
inline char* new_c_string(const std::string& text) noexcept {
  char* copy = static_cast<char*>(std::malloc(text.size() + 1));
  if (copy != nullptr) std::memcpy(copy, text.c_str(), text.size() + 1);
  return copy;
}

/// A malloc'ed NULL-terminated array of copies (freed by projectm_playlist_free_string_array).
inline char** new_c_string_array(const std::vector<std::string>& texts) noexcept {
  auto** array = static_cast<char**>(std::calloc(texts.size() + 1, sizeof(char*)));
  if (array == nullptr) return nullptr;
  for (size_t i = 0; i < texts.size(); ++i) {
    array[i] = new_c_string(texts[i]);
    if (array[i] == nullptr) {
      for (size_t j = 0; j < i; ++j) std::free(array[j]);
      std::free(array);
      return nullptr;
    }
  }
  return array;
}

}  // namespace phosphene::projectm4
