// MD2's colour key (vis_milk2/texmgr.cpp LoadTex: D3DXCreateTextureFromFileEx with the key
// 0xFF000000 | colorkey): opaque texels of exactly that colour become transparent black.
#include <gtest/gtest.h>

#include <vector>

#include "sprite/ColorKey.hpp"

namespace phosphene::sprite {
namespace {

TEST(ColorKey, OnlyExactOpaqueMatchesBecomeTransparentBlack) {
  std::vector<std::uint8_t> px = {
      0x12, 0x34, 0x56, 0xFF,  // the key: keyed
      0x12, 0x34, 0x57, 0xFF,  // one step off: kept
      0x12, 0x34, 0x56, 0x80,  // the key's colour but translucent: kept (ARGB compare)
  };
  EXPECT_EQ(applyColorKey(px, 0x123456), 1u);
  EXPECT_EQ(px[0], 0);
  EXPECT_EQ(px[3], 0);
  EXPECT_EQ(px[6], 0x57);
  EXPECT_EQ(px[11], 0x80);
}

}  // namespace
}  // namespace phosphene::sprite
