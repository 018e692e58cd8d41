#pragma once
// One entry of a playlist: a preset file, or preset text handed over by the host (embedded presets,
// presets from a network source).

#include <filesystem>
#include <string>

namespace phosphene::playlist {

struct PlaylistItem {
  std::filesystem::path path;  // absolute and lexically normal for file items; empty for text items
  std::string text;            // the preset text for text items; empty for file items
  std::string name;            // the file name (with extension) for files; the given name for texts

  bool isFile() const { return !path.empty(); }
};

/// The string the filter matches and the sort by path uses: the path with '/' separators for files,
/// the name for text items.
inline std::string matchPath(const PlaylistItem& item) {
  return item.isFile() ? item.path.generic_string() : item.name;
}

}  // namespace phosphene::playlist
