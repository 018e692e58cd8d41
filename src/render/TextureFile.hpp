#pragma once
// Decoding a texture file into RGBA8 pixels (no GL): JPEG, PNG, TGA, BMP/DIB through stb_image
// (Debian libstb-dev) and DDS (uncompressed 24/32-bit and DXT1/DXT3/DXT5, top mip level of a 2D
// texture) through DdsFile.hpp. Malformed, truncated or oversized input is an error, never a
// crash: this is the part of the texture path a fuzz target drives (tests/fuzz/texture).

#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

#include "core/Expected.hpp"

namespace phosphene::render {

/// Row 0 is the image's top row; 4 bytes per pixel, R G B A.
struct DecodedImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;
};

/// Largest width or height accepted (also GL's guaranteed minimum is far lower: the uploader
/// checks GL_MAX_TEXTURE_SIZE separately).
inline constexpr int kMaxTextureDimension = 16384;
/// Largest file read (bytes): far above any texture a preset ships.
inline constexpr std::uintmax_t kMaxTextureFileBytes = 256u << 20;

/// Decodes `bytes`; `name` only labels the messages. TEX002 when the data is not a decodable
/// image of a supported kind.
core::Expected<DecodedImage> decodeTextureImage(std::span<const std::uint8_t> bytes,
                                                std::string_view name);

/// Reads and decodes a file: IO001/IO002 when it cannot be read, TEX002 when it does not decode.
core::Expected<DecodedImage> readTextureImage(const std::filesystem::path& file);

}  // namespace phosphene::render
