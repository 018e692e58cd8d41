#include "sprite/ColorKey.hpp"

namespace phosphene::sprite {

std::size_t applyColorKey(std::span<std::uint8_t> rgba, std::uint32_t colorKey) {
  const auto r = static_cast<std::uint8_t>((colorKey >> 16) & 0xFF);
  const auto g = static_cast<std::uint8_t>((colorKey >> 8) & 0xFF);
  const auto b = static_cast<std::uint8_t>(colorKey & 0xFF);
  std::size_t matched = 0;
  for (std::size_t i = 0; i + 3 < rgba.size(); i += 4) {
    // D3DX compares the whole ARGB texel with the opaque key: a translucent texel never matches.
    if (rgba[i] == r && rgba[i + 1] == g && rgba[i + 2] == b && rgba[i + 3] == 0xFF) {
      rgba[i] = rgba[i + 1] = rgba[i + 2] = rgba[i + 3] = 0;
      ++matched;
    }
  }
  return matched;
}

}  // namespace phosphene::sprite
