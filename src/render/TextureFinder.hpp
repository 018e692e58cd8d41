#pragma once
// Where a MilkDrop 2 texture name leads on disk (no GL, no decoding). MD2's rules, from
// plugin.cpp (`texture_exts`, CShaderParams::CacheParams, PickRandomTexture):
//   * a name ROOT is looked up as ROOT.jpg, .dds, .png, .tga, .bmp, .dib in that order, each
//     extension tried in every folder before the next extension (MD2: textures folder, then
//     the preset folder), so the extension order wins over the folder order;
//   * a random sampler (`randNN[_PREFIX]`) picks uniformly among the files of those extensions
//     whose name starts with PREFIX (case-insensitive), drops the extension and then loads that
//     root by the rule above.
// MD2 ran on Windows, whose file names are case-insensitive, and presets rely on it (a sampler
// `sampler_Clouds` loads clouds.jpg), so names match case-insensitively here too; an exact-case
// match wins over others. Folders are listed once and the listing is cached until the search
// path is set again.

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "clock/Random.hpp"

namespace phosphene::render {

/// MD2's texture file extensions in its lookup order (plugin.cpp `texture_exts`).
inline constexpr std::array<std::string_view, 6> kTextureExtensions = {"jpg", "dds", "png",
                                                                       "tga", "bmp", "dib"};

class TextureFinder {
 public:
  void setSearchPath(std::vector<std::filesystem::path> dirs);
  const std::vector<std::filesystem::path>& searchPath() const { return dirs_; }

  /// The file MD2 would load for `root`; nullopt when none exists on the search path.
  std::optional<std::filesystem::path> find(std::string_view root);

  /// Every texture file (by extension) whose name starts with `prefix` (case-insensitive; empty
  /// matches all), folder by folder in search-path order, names sorted within a folder.
  std::vector<std::filesystem::path> randomCandidates(std::string_view prefix);

  /// MD2's random pick: one of randomCandidates(prefix) drawn from `random`, as a root name
  /// (file name without its last extension); nullopt when there is no candidate (no draw then).
  std::optional<std::string> pickRandom(std::string_view prefix, clock::Random& random);

 private:
  struct Folder {
    std::filesystem::path dir;
    std::vector<std::string> files;  // regular files, sorted case-insensitively
    bool listed = false;
  };
  Folder& listed(Folder& folder);

  std::vector<std::filesystem::path> dirs_;
  std::vector<Folder> folders_;
};

}  // namespace phosphene::render
