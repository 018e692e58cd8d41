#include "render/TextureFinder.hpp"

#include <algorithm>
#include <cctype>
#include <system_error>

namespace phosphene::render {
namespace {

char lower(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](char x, char y) { return lower(x) == lower(y); });
}

bool startsWithIgnoringCase(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && equalsIgnoringCase(text.substr(0, prefix.size()), prefix);
}

bool lessIgnoringCase(const std::string& a, const std::string& b) {
  const auto key = [](const std::string& s) {
    std::string k(s);
    std::transform(k.begin(), k.end(), k.begin(), lower);
    return k;
  };
  const std::string ka = key(a), kb = key(b);
  return ka != kb ? ka < kb : a < b;
}

// The extension after the last '.', as MD2's wcsrchr; empty when there is no dot.
std::string_view extensionOf(std::string_view name) {
  const std::size_t dot = name.rfind('.');
  return dot == std::string_view::npos ? std::string_view() : name.substr(dot + 1);
}

bool isTextureFile(std::string_view name) {
  const std::string_view ext = extensionOf(name);
  return std::any_of(kTextureExtensions.begin(), kTextureExtensions.end(),
                     [&](std::string_view e) { return equalsIgnoringCase(e, ext); });
}

std::filesystem::path canonicalKey(const std::filesystem::path& d) {
  std::error_code ec;
  std::filesystem::path key = std::filesystem::weakly_canonical(d, ec);
  if (ec) key = d.lexically_normal();
  return key;
}

}  // namespace

std::vector<std::filesystem::path> collectionFolders(const std::filesystem::path& presetFolder) {
  std::vector<std::filesystem::path> out;
  if (presetFolder.empty()) return out;
  const std::filesystem::path self = canonicalKey(presetFolder);
  const std::filesystem::path parent = self.parent_path();
  if (parent.empty() || parent == self) return out;
  std::error_code ec;
  std::filesystem::directory_iterator it(parent, ec);
  for (; !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
    std::error_code typeError;
    if (!it->is_directory(typeError) || it->path() == self) continue;
    out.push_back(it->path());
  }
  // Name order makes the fallback (and a random pick from it) the same on every file system.
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return lessIgnoringCase(a.filename().string(), b.filename().string());
  });
  if (out.size() > kMaxCollectionFolders) out.resize(kMaxCollectionFolders);
  return out;
}

void TextureFinder::setSearchPath(std::vector<std::filesystem::path> dirs,
                                  std::vector<std::filesystem::path> collection) {
  dirs_ = std::move(dirs);
  folders_.clear();
  collectionDirs_.clear();
  collectionFolders_.clear();
  // A folder named twice (the host's folder is also the preset's) is searched once, so it does
  // not weigh double in random picks.
  std::vector<std::filesystem::path> seen;
  for (const auto& d : dirs_) {
    std::filesystem::path key = canonicalKey(d);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    folders_.push_back(Folder{d, {}, false});
  }
  for (auto& d : collection) {
    std::filesystem::path key = canonicalKey(d);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    collectionFolders_.push_back(Folder{d, {}, false});
    collectionDirs_.push_back(std::move(d));
  }
}

TextureFinder::Folder& TextureFinder::listed(Folder& folder) {
  if (folder.listed) return folder;
  folder.listed = true;
  std::error_code ec;
  std::filesystem::directory_iterator it(folder.dir, ec);
  // A folder that does not exist or cannot be read simply holds no textures: the CLI's default
  // folders (textures/ next to the preset) are often absent.
  for (; !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
    std::error_code typeError;
    if (!it->is_regular_file(typeError)) continue;  // follows symlinks
    folder.files.push_back(it->path().filename().string());
  }
  std::sort(folder.files.begin(), folder.files.end(), lessIgnoringCase);
  return folder;
}

std::optional<std::filesystem::path> TextureFinder::find(std::string_view root) {
  if (root.empty()) return std::nullopt;
  if (auto file = findIn(folders_, root)) return file;
  return findIn(collectionFolders_, root);
}

std::optional<std::filesystem::path> TextureFinder::findIn(std::vector<Folder>& folders,
                                                           std::string_view root) {
  for (std::string_view ext : kTextureExtensions) {
    const std::string wanted = std::string(root) + "." + std::string(ext);
    for (Folder& folder : folders) {
      const std::vector<std::string>& files = listed(folder).files;
      const std::string* match = nullptr;
      for (const std::string& f : files) {
        if (f == wanted) {
          match = &f;
          break;
        }
        if (!match && equalsIgnoringCase(f, wanted)) match = &f;
      }
      if (match) return folder.dir / *match;
    }
  }
  return std::nullopt;
}

std::vector<std::filesystem::path> TextureFinder::randomCandidates(std::string_view prefix) {
  std::vector<std::filesystem::path> out;
  for (Folder& folder : folders_)
    for (const std::string& f : listed(folder).files)
      if (isTextureFile(f) && startsWithIgnoringCase(f, prefix)) out.push_back(folder.dir / f);
  if (!out.empty()) return out;
  for (Folder& folder : collectionFolders_)
    for (const std::string& f : listed(folder).files)
      if (isTextureFile(f) && startsWithIgnoringCase(f, prefix) &&
          std::none_of(out.begin(), out.end(), [&](const std::filesystem::path& p) {
            return equalsIgnoringCase(p.filename().string(), f);
          }))
        out.push_back(folder.dir / f);
  return out;
}

std::optional<std::string> TextureFinder::pickRandom(std::string_view prefix,
                                                     clock::Random& random) {
  const std::vector<std::filesystem::path> candidates = randomCandidates(prefix);
  if (candidates.empty()) return std::nullopt;
  // PickRandomTexture: rand() % count over the matching files.
  const std::size_t i = random.nextU32() % candidates.size();
  const std::string name = candidates[i].filename().string();
  return name.substr(0, name.rfind('.'));
}

}  // namespace phosphene::render
