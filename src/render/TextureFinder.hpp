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
//
// Collection fallback: MD2 keeps one textures folder for all presets, while collections that are
// installed as several preset folders keep their images in one of them (Debian's projectm-data:
// presets_tryptonaut/ holds the textures that presets_milkdrop_200/ names). A name (or random
// prefix) that the search path cannot satisfy is therefore looked up next in the *collection
// folders*: the other folders beside the preset's folder (collectionFolders()), in name order.
// They never compete with the search path: a name the search path resolves, and a random pick
// the search path has candidates for, come out exactly as without them.

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

/// Most folders collectionFolders() returns: a preset kept in a big folder (a home directory)
/// must not make a missing texture list hundreds of folders.
inline constexpr std::size_t kMaxCollectionFolders = 64;

/// The folders beside `presetFolder` (the other subfolders of its parent), sorted by name, at
/// most kMaxCollectionFolders; empty when `presetFolder` is empty or has no parent.
std::vector<std::filesystem::path> collectionFolders(const std::filesystem::path& presetFolder);

class TextureFinder {
 public:
  /// `dirs`: the search path, in order. `collection`: fallback folders (see the file comment),
  /// consulted only when the search path has no match; folders already on the search path are
  /// dropped from it.
  void setSearchPath(std::vector<std::filesystem::path> dirs,
                     std::vector<std::filesystem::path> collection = {});
  const std::vector<std::filesystem::path>& searchPath() const { return dirs_; }
  const std::vector<std::filesystem::path>& collection() const { return collectionDirs_; }

  /// The file MD2 would load for `root`; nullopt when none exists on the search path or, failing
  /// that, in the collection folders (same extension-major order there).
  std::optional<std::filesystem::path> find(std::string_view root);

  /// Every texture file (by extension) whose name starts with `prefix` (case-insensitive; empty
  /// matches all), folder by folder in search-path order, names sorted within a folder. When
  /// the search path holds none: those of the collection folders, each file name once (the
  /// first folder's copy), so a texture several collection folders ship is not drawn more often.
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
  static Folder& listed(Folder& folder);
  static std::optional<std::filesystem::path> findIn(std::vector<Folder>& folders,
                                                     std::string_view root);

  std::vector<std::filesystem::path> dirs_;
  std::vector<std::filesystem::path> collectionDirs_;
  std::vector<Folder> folders_;
  std::vector<Folder> collectionFolders_;
};

}  // namespace phosphene::render
