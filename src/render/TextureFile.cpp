#include "render/TextureFile.hpp"

#include <cstdint>
#include <fstream>
#include <string>
#include <system_error>
#include <variant>

#include "render/DdsFile.hpp"

// stb_image from Debian's libstb-dev, compiled here with static linkage rather than linked from
// libstb: the decoder then travels inside libphosphene (shared, static and WebAssembly builds
// alike) and cannot clash with a host's own copy. Only the formats MD2 loads are compiled in
// (plugin.cpp `texture_exts`: jpg, dds, png, tga, bmp, dib; a .dib is a BMP).
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#define STBI_NO_STDIO
#define STBI_ONLY_JPEG
#define STBI_ONLY_PNG
#define STBI_ONLY_TGA
#define STBI_ONLY_BMP
#define STBI_MAX_DIMENSIONS 16384
#include <stb_image.h>

namespace phosphene::render {
namespace {

// Largest decoded image (pixels): a header may claim 16384 x 16384 (1 GiB of RGBA) in a few
// bytes; refusing such sizes before decoding keeps a hostile file from exhausting memory.
constexpr long long kMaxTexturePixels = 64LL << 20;

core::Diagnostic undecodable(std::string_view name, const std::string& why) {
  return core::makeDiagnostic(core::DiagnosticId::TextureUndecodable,
                              "texture '" + std::string(name) + "' cannot be decoded: " + why,
                              "texture");
}

}  // namespace

core::Expected<DecodedImage> decodeTextureImage(std::span<const std::uint8_t> bytes,
                                                std::string_view name) {
  if (bytes.empty()) return undecodable(name, "the file is empty");
  if (looksLikeDds(bytes)) {
    auto result = decodeDds(bytes);
    if (auto* why = std::get_if<std::string>(&result)) return undecodable(name, *why);
    return std::get<DecodedImage>(std::move(result));
  }
  if (bytes.size() > static_cast<std::size_t>(INT32_MAX))
    return undecodable(name, "the file is too large");
  const auto* data = reinterpret_cast<const stbi_uc*>(bytes.data());
  const int length = static_cast<int>(bytes.size());
  int width = 0, height = 0, channels = 0;
  if (!stbi_info_from_memory(data, length, &width, &height, &channels))
    return undecodable(name, "not a JPEG, PNG, TGA, BMP or DDS image");
  if (width <= 0 || height <= 0 || width > kMaxTextureDimension || height > kMaxTextureDimension ||
      static_cast<long long>(width) * height > kMaxTexturePixels)
    return undecodable(
        name, "size " + std::to_string(width) + "x" + std::to_string(height) + " is out of range");
  stbi_uc* pixels = stbi_load_from_memory(data, length, &width, &height, &channels, 4);
  if (!pixels) {
    const char* reason = stbi_failure_reason();
    return undecodable(name, reason ? reason : "corrupt image data");
  }
  DecodedImage image;
  image.width = width;
  image.height = height;
  image.rgba.assign(pixels, pixels + static_cast<std::size_t>(width) * height * 4);
  stbi_image_free(pixels);
  return image;
}

core::Expected<DecodedImage> readTextureImage(const std::filesystem::path& file) {
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(file, ec);
  if (ec)
    return core::makeDiagnostic(core::DiagnosticId::IoOpenFailed,
                                "cannot open texture '" + file.string() + "': " + ec.message(),
                                "texture");
  if (size > kMaxTextureFileBytes) return undecodable(file.string(), "the file is too large");
  std::ifstream in(file, std::ios::binary);
  if (!in)
    return core::makeDiagnostic(core::DiagnosticId::IoOpenFailed,
                                "cannot open texture '" + file.string() + "'", "texture");
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (in.gcount() != static_cast<std::streamsize>(bytes.size()))
    return core::makeDiagnostic(core::DiagnosticId::IoReadFailed,
                                "cannot read texture '" + file.string() + "'", "texture");
  return decodeTextureImage(bytes, file.string());
}

}  // namespace phosphene::render
