#pragma once
// The engine's user sprites (issue 35): the sprite file it launches from, the live sprites, the
// decoded images they draw with and this frame's draws for the renderer. Engine owns one; its
// calls are Engine's (EngineSprites.cpp). Sprites are the engine's, not a preset's: MD2 keeps
// them in CPlugin::m_texmgr, which no preset load, blend or hard cut touches.

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "eel/Eel.hpp"
#include "render/TextureFile.hpp"
#include "render/UserSpritePass.hpp"
#include "sprite/SpriteIni.hpp"
#include "sprite/SpriteSet.hpp"

namespace phosphene::engine {

struct EngineSprites {
  explicit EngineSprites(eel::Globals& globals) : set(globals) {}

  struct Image {
    std::uint64_t key = 0;
    std::shared_ptr<const render::DecodedImage> image;  // colour-keyed
  };

  sprite::SpriteSet set;
  std::optional<sprite::SpriteIni> ini;
  std::filesystem::path iniFolder;  // relative img= paths start here
  // Decoded once per (file, colour key) while a sprite uses it: MD2's LoadTex shares a loaded
  // texture between sprites of the same file.
  std::map<std::pair<std::string, std::uint32_t>, Image> images;
  std::uint64_t nextImageKey = 1;
  std::vector<sprite::SpriteDraw> draws;
  std::vector<sprite::SpriteId> ended;
  std::vector<render::UserSpriteDraw> frame;     // what the renderer draws this frame
  std::vector<sprite::SpriteId> budgetReported;  // live sprites whose budget cut was logged
};

}  // namespace phosphene::engine
