#pragma once
// User and random textures of MilkDrop 2 presets (`sampler_clouds`, `sampler_rand00_smalltiled`)
// found on a search path, decoded (TextureFile.hpp), uploaded as RGBA8 with a full mip chain and
// cached per file for the life of the GL context. A name that finds nothing, or a file that does
// not decode, binds a 1x1 opaque black texture and reports a warning: MD2 leaves such a sampler
// unbound (plugin.cpp CShaderParams::CacheParams stops; milkdropfs.cpp ApplyShaderParams then
// calls SetTexture(i, NULL)), and Direct3D 9 defines sampling a NULL texture as opaque black.
//
// Texture row 0 is the image's top row, so MD2's uv (v = 0 at the top) samples it unchanged.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "clock/Random.hpp"
#include "core/Diagnostic.hpp"
#include "gl/Gl.hpp"
#include "gl/GlName.hpp"
#include "gl/Texture2D.hpp"
#include "render/TextureFile.hpp"
#include "render/TextureFinder.hpp"
#include "render/TextureProvider.hpp"
#include "shader/ResourceNames.hpp"

namespace phosphene::render {

struct BoundTexture {
  GLuint name = 0;
  int width = 0;
  int height = 0;
};

class TextureLibrary {
 public:
  /// The host's provider, asked before the files for every user texture and random pick whose
  /// name it has not answered yet (answers are kept per name, case-insensitively). A new
  /// `generation` drops the answers kept for an older one (their uploads are deleted: the GL
  /// context must be current and no preset may still bind them).
  void setProvider(TextureProvider provider, std::uint64_t generation);
  /// Folders searched in order (MD2: its textures folder, then the preset's folder), then the
  /// preset's collection folders for what those lack (TextureFinder). Folders are listed again
  /// on the next resolve; loaded textures stay cached.
  void setSearchPath(std::vector<std::filesystem::path> dirs,
                     std::vector<std::filesystem::path> collection = {});
  const std::vector<std::filesystem::path>& searchPath() const { return finder_.searchPath(); }

  /// For a sampler of kind User or Random: the texture to bind, loading it on first use (GL
  /// context current). Random samplers draw their file from `random` (MD2 draws anew at every
  /// shader load). Nothing found or not decodable: the black fallback (never 0) and a TEX001 /
  /// TEX002 / TEX003 warning in `diagnostics`. Other kinds (main, blur, noise) are not this
  /// class's: {} and no diagnostic.
  BoundTexture resolve(const shader::TextureRef& ref, clock::Random& random,
                       core::Diagnostics& diagnostics);

  /// The 1x1 opaque black texture bound for missing textures (made on first use).
  BoundTexture fallback();
  /// Number of files decoded and uploaded and still cached.
  std::size_t loadedCount() const { return loaded_.size(); }
  /// Images decoded off the render thread (engine's loader) for files that resolve() may load
  /// next: load() then only uploads them. Kept until clearStaged().
  void stage(std::filesystem::path file, std::shared_ptr<const DecodedImage> image);
  void clearStaged() { staged_.clear(); }
  /// Keeps the cache bounded over a long session (thousands of presets): while more than
  /// `maxCached` textures are cached, deletes the least recently resolved one that is not in
  /// `inUse` (names bound by live presets). Returns the number deleted.
  std::size_t evict(const std::vector<GLuint>& inUse, std::size_t maxCached);

 private:
  struct Loaded {
    gl::GlName<gl::TextureTraits> name;
    int width = 0, height = 0;
    std::uint64_t lastUse = 0;
  };
  BoundTexture load(const std::filesystem::path& file, const std::string& sampler,
                    core::Diagnostics& diagnostics);
  /// The provider's answer for `root` (kept, or asked now); nullopt: none.
  std::optional<BoundTexture> provided(const std::string& root, const std::string& sampler,
                                       core::Diagnostics& diagnostics);

  TextureFinder finder_;
  std::map<std::filesystem::path, Loaded> loaded_;
  // file -> (ID, why): a broken file is read once and reported again on every use.
  std::map<std::filesystem::path, std::pair<core::DiagnosticId, std::string>> failed_;
  gl::GlName<gl::TextureTraits> fallback_;
  std::uint64_t uses_ = 0;
  std::map<std::filesystem::path, std::shared_ptr<const DecodedImage>> staged_;
  struct Provided {
    gl::GlName<gl::TextureTraits> owned;  // the upload of the host's pixels; empty for a host name
    BoundTexture bound;
  };
  TextureProvider provider_;
  std::uint64_t providerGeneration_ = 0;
  std::map<std::string, Provided> provided_;  // lower-case name -> answer
};

}  // namespace phosphene::render
