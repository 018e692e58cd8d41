#include "shader/TranslationCache.hpp"

#include <functional>

namespace phosphene::shader {

std::size_t TranslationCache::KeyHash::operator()(const Key& k) const {
  const std::size_t h = std::hash<std::string>{}(k.text);
  return h ^ (static_cast<std::size_t>(k.stage) * 0x9E3779B97F4A7C15ull) ^
         (static_cast<std::size_t>(k.dialect + 2) << 7);
}

TranslationCache::Result TranslationCache::translate(const std::string& text, Stage stage,
                                                     int psVersion, Dialect dialect) {
  const Key key{text, stage, static_cast<int>(dialect)};
  const Key spirvKey{text, stage, -1};
  // Translation runs outside the lock: a slow shader must not block lookups of others. Two
  // threads may translate the same text at once; the first result stored wins.
  SpirvResult spirv;
  {
    std::lock_guard lock(mutex_);
    if (auto it = glsl_.find(key); it != glsl_.end()) {
      ++hits_;
      return it->second;
    }
    ++misses_;
    if (auto it = spirv_.find(spirvKey); it != spirv_.end()) spirv = it->second;
  }
  if (!spirv) {
    spirv = std::make_shared<const core::Expected<Translator::Spirv>>(
        translator_.compileToSpirv(text, stage));
    std::lock_guard lock(mutex_);
    if (capacity_ > 0 && spirv_.size() + glsl_.size() >= capacity_) {
      spirv_.clear();
      glsl_.clear();
    }
    spirv = spirv_.emplace(spirvKey, spirv).first->second;
  }
  Result result;
  if (*spirv)
    result = std::make_shared<const core::Expected<TranslatedShader>>(
        translator_.emit(**spirv, stage, psVersion, dialect));
  else
    result = std::make_shared<const core::Expected<TranslatedShader>>(spirv->diagnostics());
  std::lock_guard lock(mutex_);
  return glsl_.emplace(key, std::move(result)).first->second;
}

void TranslationCache::setCapacity(std::size_t entries) {
  std::lock_guard lock(mutex_);
  capacity_ = entries;
}

std::size_t TranslationCache::size() const {
  std::lock_guard lock(mutex_);
  return glsl_.size();
}
std::uint64_t TranslationCache::misses() const {
  std::lock_guard lock(mutex_);
  return misses_;
}
std::uint64_t TranslationCache::hits() const {
  std::lock_guard lock(mutex_);
  return hits_;
}
void TranslationCache::clear() {
  std::lock_guard lock(mutex_);
  spirv_.clear();
  glsl_.clear();
}

}  // namespace phosphene::shader
