// The texture search path: where user and random textures of preset shaders are looked up.
// noexcept and catching at the boundary like every entry point.

#include <filesystem>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "capi/ApiEngine.hpp"

phosphene_result phosphene_engine_set_texture_search_path(phosphene_engine* engine,
                                                          const char* const* dirs,
                                                          size_t count) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  auto& e = engine->engine;
  constexpr const char* kWhat = "phosphene_engine_set_texture_search_path";
  if (count > PHOSPHENE_MAX_TEXTURE_DIRS) {
    e.setLastError(std::string(kWhat) + ": more than " +
                   std::to_string(PHOSPHENE_MAX_TEXTURE_DIRS) + " folders");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  if (dirs == nullptr && count > 0) {
    e.setLastError(std::string(kWhat) + ": dirs is NULL");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  try {
    std::vector<std::filesystem::path> folders;
    folders.reserve(count);
    for (size_t i = 0; i < count; ++i) {
      if (dirs[i] == nullptr || dirs[i][0] == '\0') {
        e.setLastError(std::string(kWhat) + ": dirs[" + std::to_string(i) + "] is NULL or empty");
        return PHOSPHENE_ERROR_INVALID_ARGUMENT;
      }
      const std::string_view utf8(dirs[i]);
      folders.emplace_back(std::u8string(utf8.begin(), utf8.end()));
    }
    e.setTextureSearchPath(std::move(folders));
    return PHOSPHENE_OK;
  } catch (const std::bad_alloc&) {
    e.setLastError(std::string(kWhat) + ": out of memory");
    return PHOSPHENE_ERROR_OUT_OF_MEMORY;
  } catch (...) {
    e.setLastError(std::string(kWhat) + ": internal error");
    return PHOSPHENE_ERROR_INTERNAL;
  }
}

extern "C" {

phosphene_result phosphene_engine_get_texture_search_path(const phosphene_engine* engine,
                                                          const char** dirs, size_t capacity,
                                                          size_t* out_count) noexcept {
  if (engine == nullptr || out_count == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  const auto& path = engine->engine.textureSearchPath();
  *out_count = path.size();
  if (dirs == nullptr) return PHOSPHENE_OK;
  for (size_t i = 0; i < path.size() && i < capacity; ++i) dirs[i] = path[i].c_str();
  return PHOSPHENE_OK;
}

}  // extern "C"
