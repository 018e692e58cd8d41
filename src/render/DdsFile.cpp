#include "render/DdsFile.hpp"

#include <array>
#include <bit>
#include <cstddef>

// Layout from Microsoft's DDS documentation ("DDS_HEADER", "DDS_PIXELFORMAT") and the S3TC
// block formats (EXT_texture_compression_s3tc): all fields little-endian.

namespace phosphene::render {
namespace {

constexpr std::size_t kHeaderStart = 4;  // after the "DDS " magic
constexpr std::size_t kDataStart = kHeaderStart + 124;

constexpr std::uint32_t kPixelFormatAlphaPixels = 0x1;
constexpr std::uint32_t kPixelFormatFourCc = 0x4;
constexpr std::uint32_t kPixelFormatRgb = 0x40;
constexpr std::uint32_t kPixelFormatLuminance = 0x20000;
constexpr std::uint32_t kCaps2Cubemap = 0x200;
constexpr std::uint32_t kCaps2Volume = 0x200000;

std::uint32_t u32(std::span<const std::uint8_t> b, std::size_t at) {
  return static_cast<std::uint32_t>(b[at]) | static_cast<std::uint32_t>(b[at + 1]) << 8 |
         static_cast<std::uint32_t>(b[at + 2]) << 16 | static_cast<std::uint32_t>(b[at + 3]) << 24;
}

std::uint32_t fourCc(const char (&s)[5]) {
  return static_cast<std::uint32_t>(static_cast<unsigned char>(s[0])) |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[1])) << 8 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[2])) << 16 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[3])) << 24;
}

using Rgba = std::array<std::uint8_t, 4>;

Rgba expand565(std::uint32_t c) {
  const auto r = static_cast<std::uint32_t>((c >> 11) & 31u), g = (c >> 5) & 63u, b = c & 31u;
  return {static_cast<std::uint8_t>((r << 3) | (r >> 2)),
          static_cast<std::uint8_t>((g << 2) | (g >> 4)),
          static_cast<std::uint8_t>((b << 3) | (b >> 2)), 255};
}

std::uint8_t mix(int a, int b, int wa, int wb, int total) {
  return static_cast<std::uint8_t>((a * wa + b * wb) / total);
}

// The 4x4 colour block shared by DXT1/3/5. `threeColourAllowed` is DXT1's rule: c0 <= c1 selects
// three colours plus transparent black.
void decodeColourBlock(const std::uint8_t* block, bool threeColourAllowed,
                       std::array<Rgba, 16>& out) {
  const std::uint32_t c0 = block[0] | block[1] << 8, c1 = block[2] | block[3] << 8;
  std::array<Rgba, 4> palette{expand565(c0), expand565(c1), Rgba{}, Rgba{}};
  const bool four = c0 > c1 || !threeColourAllowed;
  for (int ch = 0; ch < 3; ++ch) {
    const int a = palette[0][ch], b = palette[1][ch];
    palette[2][ch] = four ? mix(a, b, 2, 1, 3) : mix(a, b, 1, 1, 2);
    palette[3][ch] = four ? mix(a, b, 1, 2, 3) : 0;
  }
  palette[2][3] = 255;
  palette[3][3] = four ? 255 : 0;
  const std::uint32_t indices =
      block[4] | block[5] << 8 | block[6] << 16 | static_cast<std::uint32_t>(block[7]) << 24;
  for (int i = 0; i < 16; ++i) out[i] = palette[(indices >> (2 * i)) & 3u];
}

void decodeExplicitAlpha(const std::uint8_t* block, std::array<Rgba, 16>& out) {
  for (int i = 0; i < 16; ++i) {
    const int nibble = (block[i / 2] >> (4 * (i % 2))) & 15;
    out[i][3] = static_cast<std::uint8_t>(nibble * 17);
  }
}

void decodeInterpolatedAlpha(const std::uint8_t* block, std::array<Rgba, 16>& out) {
  const int a0 = block[0], a1 = block[1];
  std::array<std::uint8_t, 8> alpha{static_cast<std::uint8_t>(a0), static_cast<std::uint8_t>(a1)};
  if (a0 > a1) {
    for (int i = 1; i < 7; ++i) alpha[i + 1] = mix(a0, a1, 7 - i, i, 7);
  } else {
    for (int i = 1; i < 5; ++i) alpha[i + 1] = mix(a0, a1, 5 - i, i, 5);
    alpha[6] = 0;
    alpha[7] = 255;
  }
  std::uint64_t bits = 0;
  for (int i = 0; i < 6; ++i) bits |= static_cast<std::uint64_t>(block[2 + i]) << (8 * i);
  for (int i = 0; i < 16; ++i) out[i][3] = alpha[(bits >> (3 * i)) & 7u];
}

std::variant<DecodedImage, std::string> decodeBlocks(std::span<const std::uint8_t> data, int width,
                                                     int height, std::uint32_t code) {
  const bool dxt1 = code == fourCc("DXT1");
  const std::size_t blockBytes = dxt1 ? 8 : 16;
  const std::size_t bw = (static_cast<std::size_t>(width) + 3) / 4;
  const std::size_t bh = (static_cast<std::size_t>(height) + 3) / 4;
  if (data.size() < bw * bh * blockBytes) return std::string("DDS data is truncated");
  DecodedImage image{width, height, std::vector<std::uint8_t>(std::size_t(width) * height * 4)};
  std::array<Rgba, 16> texels{};
  for (std::size_t by = 0; by < bh; ++by)
    for (std::size_t bx = 0; bx < bw; ++bx) {
      const std::uint8_t* block = data.data() + (by * bw + bx) * blockBytes;
      if (dxt1) {
        decodeColourBlock(block, true, texels);
      } else {
        decodeColourBlock(block + 8, false, texels);
        if (code == fourCc("DXT3"))
          decodeExplicitAlpha(block, texels);
        else
          decodeInterpolatedAlpha(block, texels);
      }
      for (std::size_t i = 0; i < 16; ++i) {
        const std::size_t x = bx * 4 + i % 4, y = by * 4 + i / 4;
        if (x >= static_cast<std::size_t>(width) || y >= static_cast<std::size_t>(height)) continue;
        const std::size_t at = (y * static_cast<std::size_t>(width) + x) * 4;
        for (int ch = 0; ch < 4; ++ch) image.rgba[at + ch] = texels[i][ch];
      }
    }
  return image;
}

// One channel from a packed pixel by its mask, scaled to 8 bits.
std::uint8_t channel(std::uint32_t pixel, std::uint32_t mask) {
  if (mask == 0) return 0;
  const int shift = std::countr_zero(mask);
  const std::uint32_t max = mask >> shift;
  const std::uint32_t v = (pixel & mask) >> shift;
  return static_cast<std::uint8_t>((static_cast<std::uint64_t>(v) * 255 + max / 2) / max);
}

std::variant<DecodedImage, std::string> decodeMasked(std::span<const std::uint8_t> data, int width,
                                                     int height, std::span<const std::uint8_t> h,
                                                     std::uint32_t flags) {
  const std::uint32_t bits = u32(h, 84);
  if (bits != 8 && bits != 16 && bits != 24 && bits != 32)
    return "DDS with " + std::to_string(bits) + " bits per pixel is not supported";
  const std::size_t bytesPerPixel = bits / 8;
  const std::size_t pitch = static_cast<std::size_t>(width) * bytesPerPixel;
  if (data.size() < pitch * static_cast<std::size_t>(height))
    return std::string("DDS data is truncated");
  const std::uint32_t r = u32(h, 88), g = u32(h, 92), b = u32(h, 96);
  const std::uint32_t a = (flags & kPixelFormatAlphaPixels) ? u32(h, 100) : 0;
  const bool luminance = (flags & kPixelFormatLuminance) != 0;
  DecodedImage image{width, height, std::vector<std::uint8_t>(std::size_t(width) * height * 4)};
  for (std::size_t y = 0; y < static_cast<std::size_t>(height); ++y)
    for (std::size_t x = 0; x < static_cast<std::size_t>(width); ++x) {
      const std::uint8_t* p = data.data() + y * pitch + x * bytesPerPixel;
      std::uint32_t pixel = 0;
      for (std::size_t i = 0; i < bytesPerPixel; ++i)
        pixel |= static_cast<std::uint32_t>(p[i]) << (8 * i);
      const std::size_t at = (y * static_cast<std::size_t>(width) + x) * 4;
      const std::uint8_t red = channel(pixel, r);
      image.rgba[at + 0] = red;
      image.rgba[at + 1] = luminance ? red : channel(pixel, g);
      image.rgba[at + 2] = luminance ? red : channel(pixel, b);
      image.rgba[at + 3] = a ? channel(pixel, a) : 255;
    }
  return image;
}

}  // namespace

bool looksLikeDds(std::span<const std::uint8_t> bytes) {
  return bytes.size() >= 4 && bytes[0] == 'D' && bytes[1] == 'D' && bytes[2] == 'S' &&
         bytes[3] == ' ';
}

std::variant<DecodedImage, std::string> decodeDds(std::span<const std::uint8_t> bytes) {
  if (!looksLikeDds(bytes)) return std::string("not a DDS file");
  if (bytes.size() < kDataStart) return std::string("DDS header is truncated");
  const std::span<const std::uint8_t> h = bytes.subspan(kHeaderStart, 124);
  if (u32(h, 0) != 124 || u32(h, 72) != 32) return std::string("DDS header sizes are invalid");
  const std::uint32_t height = u32(h, 8), width = u32(h, 12);
  if (width == 0 || height == 0 || width > static_cast<std::uint32_t>(kMaxTextureDimension) ||
      height > static_cast<std::uint32_t>(kMaxTextureDimension))
    return "DDS size " + std::to_string(width) + "x" + std::to_string(height) + " is out of range";
  if (u32(h, 108) & (kCaps2Cubemap | kCaps2Volume))
    return std::string("DDS cube maps and volume textures are not supported");
  const std::uint32_t flags = u32(h, 76);
  const std::span<const std::uint8_t> data = bytes.subspan(kDataStart);
  const int w = static_cast<int>(width), hgt = static_cast<int>(height);
  if (flags & kPixelFormatFourCc) {
    const std::uint32_t code = u32(h, 80);
    if (code == fourCc("DXT1") || code == fourCc("DXT3") || code == fourCc("DXT5"))
      return decodeBlocks(data, w, hgt, code);
    std::string name;
    for (int i = 0; i < 4; ++i) {
      const char c = static_cast<char>((code >> (8 * i)) & 0xFFu);
      name += (c >= 32 && c < 127) ? c : '?';
    }
    return "DDS format '" + name + "' is not supported (DXT1, DXT3, DXT5 and uncompressed are)";
  }
  if (flags & (kPixelFormatRgb | kPixelFormatLuminance))
    return decodeMasked(data, w, hgt, h, flags);
  return std::string("DDS pixel format is not supported");
}

}  // namespace phosphene::render
