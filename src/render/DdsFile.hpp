#pragma once
// DirectDraw Surface files, which MD2 loads through D3DX (plugin.cpp `texture_exts` lists "dds"
// second). stb_image has no DDS reader, so this decodes the kinds texture packs use: the top
// mip level of a 2D texture, either uncompressed (24- or 32-bit RGB(A) described by bit masks)
// or block-compressed DXT1, DXT3 or DXT5 (the DX10 extended header, cube maps and volumes are
// reported as unsupported). No GL: the result is RGBA8 pixels, row 0 at the top.

#include <cstdint>
#include <span>
#include <string>
#include <variant>

#include "render/TextureFile.hpp"

namespace phosphene::render {

/// True when `bytes` start with the DDS magic "DDS ".
bool looksLikeDds(std::span<const std::uint8_t> bytes);

/// The decoded image, or why not (a sentence for a diagnostic).
std::variant<DecodedImage, std::string> decodeDds(std::span<const std::uint8_t> bytes);

}  // namespace phosphene::render
