#pragma once
// The host's texture provider (phosphene_engine_set_texture_provider) as the renderer sees it.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace phosphene::render {

/// A host's answer for a texture name (phosphene_engine_set_texture_provider): RGBA8 pixels, row
/// 0 the image's top row (uploaded and owned by the library), or a GL_TEXTURE_2D name of the
/// host's (bound as it is, never deleted). width and height are above 0.
struct ProvidedTexture {
  std::vector<std::uint8_t> rgba;  // empty when hostName is set
  std::uint32_t hostName = 0;      // a GLuint
  int width = 0, height = 0;
};
/// Asked with a texture's root name on the thread that links the preset (the render thread);
/// nullopt: no answer, the files are searched.
using TextureProvider = std::function<std::optional<ProvidedTexture>(const std::string& name)>;

}  // namespace phosphene::render
