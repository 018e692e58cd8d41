// Mash-ups and writing presets: a handle's text parsed again into milk::Preset, assembled or
// written with the milk stage's writer. Every entry point is noexcept and catches at the boundary.

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <utility>

#include "capi/ApiEngine.hpp"
#include "milk/PresetMashup.hpp"
#include "milk/PresetReader.hpp"
#include "milk/PresetWriter.hpp"
#include "playlist/AtomicFile.hpp"

using phosphene::engine::PresetSource;

namespace {

// The preset a loaded handle holds (a native preset's base). Handles that loaded parse again:
// create_* checked the very same text.
phosphene::core::Expected<phosphene::milk::Preset> parsed(const phosphene_preset& handle) {
  return phosphene::milk::parsePresetText(handle.source.text, handle.name);
}

// The folder a file preset's textures come from; empty for texts.
std::filesystem::path textureFolderOf(const phosphene_preset& handle) {
  const std::filesystem::path& path = handle.source.path;
  if (!path.empty()) return path.has_parent_path() ? path.parent_path() : ".";
  return handle.source.textureFolder;
}

// The text phosphene_preset_write gives, or the result that stops it.
phosphene_result writtenText(const phosphene_preset* preset, std::string& out) {
  if (preset == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (preset->status != PHOSPHENE_OK) return PHOSPHENE_ERROR_PRESET_INVALID;
  phosphene::core::Expected<phosphene::milk::Preset> p = parsed(*preset);
  if (!p) return PHOSPHENE_ERROR_PRESET_INVALID;
  out = phosphene::milk::writePreset(*p);
  return PHOSPHENE_OK;
}

template <typename F>
phosphene_result guarded(F&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return PHOSPHENE_ERROR_OUT_OF_MEMORY;
  } catch (...) {
    return PHOSPHENE_ERROR_INTERNAL;
  }
}

}  // namespace

extern "C" {

phosphene_result phosphene_preset_create_mashup(const phosphene_preset* const* parts,
                                                uint32_t part_count, const char* name,
                                                phosphene_preset** out_preset) noexcept {
  if (out_preset != nullptr) *out_preset = nullptr;
  if (out_preset == nullptr || parts == nullptr || part_count != PHOSPHENE_MASHUP_PARTS)
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  static_assert(PHOSPHENE_MASHUP_PARTS == phosphene::milk::kMashupParts);
  for (uint32_t i = 0; i < part_count; ++i)
    if (parts[i] == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded([&]() -> phosphene_result {
    std::array<phosphene::milk::Preset, phosphene::milk::kMashupParts> presets;
    phosphene::milk::MashupSources sources{};
    for (std::size_t i = 0; i < presets.size(); ++i) {
      if (parts[i]->status != PHOSPHENE_OK) return PHOSPHENE_ERROR_PRESET_INVALID;
      phosphene::core::Expected<phosphene::milk::Preset> p = parsed(*parts[i]);
      if (!p) return PHOSPHENE_ERROR_PRESET_INVALID;
      presets[i] = std::move(*p);
      sources[i] = &presets[i];
    }
    const std::string text = phosphene::milk::writePreset(phosphene::milk::mashUp(sources));

    auto handle = std::make_unique<phosphene_preset>();
    handle->name = name != nullptr ? name : "mash-up";
    handle->source = PresetSource::fromText(text, handle->name);
    for (const phosphene_mashup_part from :
         {PHOSPHENE_MASHUP_COMP_SHADER, PHOSPHENE_MASHUP_WARP_SHADER, PHOSPHENE_MASHUP_GENERAL}) {
      handle->source.textureFolder = textureFolderOf(*parts[from]);
      if (!handle->source.textureFolder.empty()) break;
    }
    // The same check create_from_text makes: diagnostics and status for the new text.
    phosphene::core::Expected<phosphene::milk::Preset> again =
        phosphene::milk::parsePresetText(text, handle->name);
    handle->diagnostics = again.diagnostics();
    handle->status = again ? PHOSPHENE_OK : PHOSPHENE_ERROR_PRESET_INVALID;
    const phosphene_result status = handle->status;
    *out_preset = handle.release();  // the host owns it until phosphene_preset_destroy
    return status;
  });
}

phosphene_result phosphene_preset_write(const phosphene_preset* preset, char* buffer,
                                        size_t capacity, size_t* out_length) noexcept {
  if (out_length != nullptr) *out_length = 0;
  if (buffer == nullptr && capacity > 0) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded([&]() -> phosphene_result {
    std::string text;
    if (const phosphene_result r = writtenText(preset, text); r != PHOSPHENE_OK) return r;
    if (out_length != nullptr) *out_length = text.size();
    if (buffer == nullptr) return PHOSPHENE_OK;
    const std::size_t copied = std::min(text.size(), capacity - 1);
    std::memcpy(buffer, text.data(), copied);
    buffer[copied] = '\0';
    return copied == text.size() ? PHOSPHENE_OK : PHOSPHENE_ERROR_INVALID_ARGUMENT;
  });
}

phosphene_result phosphene_preset_save(const phosphene_preset* preset, const char* path) noexcept {
  if (path == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return guarded([&]() -> phosphene_result {
    std::string text;
    if (const phosphene_result r = writtenText(preset, text); r != PHOSPHENE_OK) return r;
    return phosphene::playlist::writeFileAtomically(std::filesystem::path(path), text)
               ? PHOSPHENE_OK
               : PHOSPHENE_ERROR_IO;
  });
}

}  // extern "C"
