#pragma once
// Translation results keyed by (shader text, stage, dialect), owned by the caller (one per
// engine), so a preset's shaders are translated once per process per engine; the SPIR-V half is
// shared by both dialects. Thread-safe: a loader thread may translate while another reads.

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "shader/Translator.hpp"

namespace phosphene::shader {

class TranslationCache {
 public:
  using Result = std::shared_ptr<const core::Expected<TranslatedShader>>;

  /// The cached result, translating on the first request. psVersion is recorded but not part of
  /// the key: MD2 compiled every profile from the same text with the same meaning.
  Result translate(const std::string& presetShaderText, Stage stage, int psVersion,
                   Dialect dialect);

  std::size_t size() const;
  /// Entries kept (GLSL and SPIR-V results together): past it the cache starts over, so a session
  /// walking thousands of presets keeps a flat memory profile. Results handed out stay valid
  /// (shared). 0: unbounded.
  void setCapacity(std::size_t entries);
  /// How many requests translated (misses) and how many were answered from the cache (hits).
  std::uint64_t misses() const;
  std::uint64_t hits() const;
  void clear();

 private:
  struct Key {
    std::string text;
    Stage stage;
    int dialect;  // -1: the SPIR-V entry
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const;
  };
  using SpirvResult = std::shared_ptr<const core::Expected<Translator::Spirv>>;

  Translator translator_;
  mutable std::mutex mutex_;
  std::unordered_map<Key, SpirvResult, KeyHash> spirv_;
  std::unordered_map<Key, Result, KeyHash> glsl_;
  std::uint64_t hits_ = 0;
  std::uint64_t misses_ = 0;
  std::size_t capacity_ = 1024;
};

}  // namespace phosphene::shader
