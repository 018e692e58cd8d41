#pragma once
// MD2's sprite colour key (vis_milk2/texmgr.cpp LoadTex): the image is loaded with
// D3DXCreateTextureFromFileEx and the colour key 0xFF000000 | colorkey, so every opaque texel of
// exactly that RGB colour becomes transparent black (0, 0, 0, 0); nothing else changes.

#include <cstdint>
#include <span>

namespace phosphene::sprite {

/// Applies the key to RGBA8 pixels (R G B A per texel) in place; returns how many texels matched.
std::size_t applyColorKey(std::span<std::uint8_t> rgba, std::uint32_t colorKey);

}  // namespace phosphene::sprite
