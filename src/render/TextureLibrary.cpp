#include "render/TextureLibrary.hpp"

#include <algorithm>
#include <string>

#include "core/IniText.hpp"
#include "gl/GlErrors.hpp"
#include "render/TextureFile.hpp"
#include "render/TextureUploadGuard.hpp"

namespace phosphene::render {
namespace {

std::string describe(const TextureFinder& finder) {
  const std::vector<std::filesystem::path>& dirs = finder.searchPath();
  std::string text = dirs.empty() ? "the texture search path is empty" : "searched";
  for (std::size_t i = 0; i < dirs.size(); ++i) text += (i ? ", '" : " '") + dirs[i].string() + "'";
  if (const std::size_t n = finder.collection().size(); n > 0)
    text += " and the " + std::to_string(n) + " folder(s) beside the preset's";
  return text;
}

std::string samplerName(const shader::TextureRef& ref) {
  if (ref.kind != shader::TextureKind::Random) return "sampler_" + ref.root;
  std::string name = "sampler_rand";
  name += static_cast<char>('0' + ref.randomSlot / 10);
  name += static_cast<char>('0' + ref.randomSlot % 10);
  if (!ref.randomPrefix.empty()) name += "_" + ref.randomPrefix;
  return name;
}

core::Diagnostic warning(core::DiagnosticId id, std::string message) {
  return core::makeDiagnostic(id, std::move(message), "texture");
}

}  // namespace

void TextureLibrary::setProvider(TextureProvider provider, std::uint64_t generation) {
  provider_ = std::move(provider);
  if (generation != providerGeneration_) provided_.clear();
  providerGeneration_ = generation;
}

std::optional<BoundTexture> TextureLibrary::provided(const std::string& root,
                                                     const std::string& sampler,
                                                     core::Diagnostics& diagnostics) {
  if (!provider_) return std::nullopt;
  const std::string key = core::lowerAscii(root);
  if (const auto it = provided_.find(key); it != provided_.end()) return it->second.bound;
  std::optional<ProvidedTexture> answer = provider_(root);
  if (!answer) return std::nullopt;
  Provided entry;
  if (answer->hostName != 0) {
    entry.bound = {answer->hostName, answer->width, answer->height};
  } else {
    std::string why;
    entry.owned = uploadMipmappedRgba(answer->rgba.data(), answer->width, answer->height, why);
    if (!entry.owned) {
      diagnostics.push_back(warning(core::DiagnosticId::TextureUploadFailed,
                                    sampler + ": the host's texture '" + root + "' " + why));
      return std::nullopt;  // the files, as without an answer
    }
    entry.bound = {entry.owned.get(), answer->width, answer->height};
  }
  const BoundTexture bound = entry.bound;
  provided_.emplace(key, std::move(entry));
  return bound;
}

void TextureLibrary::setSearchPath(std::vector<std::filesystem::path> dirs,
                                   std::vector<std::filesystem::path> collection) {
  finder_.setSearchPath(std::move(dirs), std::move(collection));
}

BoundTexture TextureLibrary::resolve(const shader::TextureRef& ref, clock::Random& random,
                                     core::Diagnostics& diagnostics) {
  std::string root;
  if (ref.kind == shader::TextureKind::Random) {
    const std::optional<std::string> pick = finder_.pickRandom(ref.randomPrefix, random);
    if (!pick) {
      const std::string pattern = ref.randomPrefix.empty() ? "*" : ref.randomPrefix + "*";
      diagnostics.push_back(warning(core::DiagnosticId::TextureNoRandomMatch,
                                    samplerName(ref) + ": no texture file matches '" + pattern +
                                        "' (jpg, dds, png, tga, "
                                        "bmp, dib); " +
                                        describe(finder_)));
      return fallback();
    }
    root = *pick;
  } else if (ref.kind == shader::TextureKind::User) {
    root = ref.root;
  } else {
    return {};
  }
  if (const std::optional<BoundTexture> answer = provided(root, samplerName(ref), diagnostics))
    return *answer;
  const std::optional<std::filesystem::path> file = finder_.find(root);
  if (!file) {
    diagnostics.push_back(warning(core::DiagnosticId::TextureNotFound,
                                  samplerName(ref) + ": no texture '" + root +
                                      "' (.jpg, .dds, .png, .tga, .bmp, .dib); " +
                                      describe(finder_)));
    return fallback();
  }
  return load(*file, samplerName(ref), diagnostics);
}

BoundTexture TextureLibrary::load(const std::filesystem::path& file, const std::string& sampler,
                                  core::Diagnostics& diagnostics) {
  if (const auto it = loaded_.find(file); it != loaded_.end()) {
    it->second.lastUse = ++uses_;
    return {it->second.name.get(), it->second.width, it->second.height};
  }
  if (const auto it = failed_.find(file); it != failed_.end()) {
    diagnostics.push_back(warning(it->second.first, sampler + ": " + it->second.second));
    return fallback();
  }
  const auto fail = [&](core::DiagnosticId id, std::string why) {
    failed_.emplace(file, std::make_pair(id, why));
    diagnostics.push_back(warning(id, sampler + ": " + why));
    return fallback();
  };
  core::Expected<DecodedImage> image = [&]() -> core::Expected<DecodedImage> {
    if (const auto it = staged_.find(file); it != staged_.end()) return *it->second;
    return readTextureImage(file);
  }();
  if (!image) {
    const core::Diagnostic& cause = image.diagnostics().front();
    // An unreadable file is as good as an undecodable one for the preset: a warning, not IO001.
    return fail(core::DiagnosticId::TextureUndecodable, cause.message);
  }
  std::string why;
  gl::GlName<gl::TextureTraits> name =
      uploadMipmappedRgba(image->rgba.data(), image->width, image->height, why);
  if (!name)
    return fail(core::DiagnosticId::TextureUploadFailed, "texture '" + file.string() + "' " + why);
  Loaded entry{std::move(name), image->width, image->height, ++uses_};
  const BoundTexture bound{entry.name.get(), entry.width, entry.height};
  loaded_.emplace(file, std::move(entry));
  return bound;
}

void TextureLibrary::stage(std::filesystem::path file, std::shared_ptr<const DecodedImage> image) {
  if (image) staged_[std::move(file)] = std::move(image);
}

std::size_t TextureLibrary::evict(const std::vector<GLuint>& inUse, std::size_t maxCached) {
  std::size_t evicted = 0;
  while (loaded_.size() > maxCached) {
    auto oldest = loaded_.end();
    for (auto it = loaded_.begin(); it != loaded_.end(); ++it) {
      if (std::find(inUse.begin(), inUse.end(), it->second.name.get()) != inUse.end()) continue;
      if (oldest == loaded_.end() || it->second.lastUse < oldest->second.lastUse) oldest = it;
    }
    if (oldest == loaded_.end()) break;  // everything left is bound by a live preset
    loaded_.erase(oldest);
    ++evicted;
  }
  return evicted;
}

BoundTexture TextureLibrary::fallback() {
  if (!fallback_) {
    const std::uint8_t black[4] = {0, 0, 0, 255};
    TextureUploadGuard guard;
    GLuint name = 0;
    glGenTextures(1, &name);
    glBindTexture(GL_TEXTURE_2D, name);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, black);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);  // complete under any min filter
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    fallback_ = gl::GlName<gl::TextureTraits>(name);
  }
  return {fallback_.get(), 1, 1};
}

}  // namespace phosphene::render
