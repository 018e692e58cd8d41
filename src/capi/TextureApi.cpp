// The texture search path: where user and random textures of preset shaders are looked up; the
// host's texture provider, asked before it.
// noexcept and catching at the boundary like every entry point.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "capi/ApiEngine.hpp"
#include "render/TextureProvider.hpp"

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

namespace {

constexpr std::uint32_t kMaxProvidedSize = 16384;  // render::kMaxTextureDimension

// The provider's answer as the renderer takes it: pixels widened to RGBA8 (copied now), or the
// host's texture name; nullopt when there is none or it is not valid (the files then).
std::optional<phosphene::render::ProvidedTexture> ask(phosphene_texture_provider_fn fn,
                                                      void* user_data, const std::string& name) {
  phosphene_texture_request request{};
  request.struct_size = static_cast<std::uint32_t>(sizeof request);
  request.name = name.c_str();
  fn(user_data, &request);
  if (request.width == 0 || request.height == 0 || request.width > kMaxProvidedSize ||
      request.height > kMaxProvidedSize)
    return std::nullopt;
  phosphene::render::ProvidedTexture answer;
  answer.width = static_cast<int>(request.width);
  answer.height = static_cast<int>(request.height);
  if (request.gl_texture != 0) {
    answer.hostName = request.gl_texture;
    return answer;
  }
  const std::uint32_t channels = request.channels == 0 ? 4 : request.channels;
  if (request.pixels == nullptr || channels > 4) return std::nullopt;
  const std::size_t count = std::size_t{request.width} * request.height;
  answer.rgba.resize(count * 4);
  const std::uint8_t* in = request.pixels;
  std::uint8_t* out = answer.rgba.data();
  for (std::size_t i = 0; i < count; ++i, in += channels, out += 4) {
    out[0] = in[0];
    out[1] = channels > 1 ? in[1] : 0;
    out[2] = channels > 2 ? in[2] : 0;
    out[3] = channels > 3 ? in[3] : 255;
  }
  return answer;
}

}  // namespace

phosphene_result phosphene_engine_set_texture_provider(phosphene_engine* engine,
                                                       phosphene_texture_provider_fn fn,
                                                       void* user_data) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  auto& e = engine->engine;
  try {
    if (fn == nullptr) {
      e.setTextureProvider(nullptr);
    } else {
      e.setTextureProvider(
          [fn, user_data](const std::string& name) { return ask(fn, user_data, name); });
    }
    return PHOSPHENE_OK;
  } catch (const std::bad_alloc&) {
    e.setLastError("phosphene_engine_set_texture_provider: out of memory");
    return PHOSPHENE_ERROR_OUT_OF_MEMORY;
  } catch (...) {
    e.setLastError("phosphene_engine_set_texture_provider: internal error");
    return PHOSPHENE_ERROR_INTERNAL;
  }
}
