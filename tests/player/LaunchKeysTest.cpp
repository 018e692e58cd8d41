// MilkDrop 2's two-digit launches as the player reads its keys. Facts from vis_milk2/plugin.cpp
// (the key handler): m_nNumericInputMode starts at NUMERIC_INPUT_MODE_CUST_MSG; y/Y, k and K
// set the mode and clear the digits; the second digit launches (m_nNumericInputDigits >= 2) and
// clears them, the mode staying; Delete clears the digits.
#include <gtest/gtest.h>

#include "KeyBindings.hpp"
#include "LaunchKeys.hpp"

namespace phosphene::play {
namespace {

TEST(LaunchKeys, MessagesByDefaultAndTheSecondDigitLaunches) {
  LaunchKeys keys;
  EXPECT_EQ(keys.mode(), LaunchMode::Message);
  EXPECT_FALSE(keys.digit(0));
  ASSERT_TRUE(keys.pending());
  EXPECT_EQ(*keys.pending(), 0);
  const auto launch = keys.digit(7);
  ASSERT_TRUE(launch);
  EXPECT_EQ(launch->mode, LaunchMode::Message);
  EXPECT_EQ(launch->number, 7);
  EXPECT_FALSE(keys.pending());
  // The mode stays: the next two digits launch again.
  EXPECT_FALSE(keys.digit(4));
  const auto again = keys.digit(2);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->number, 42);
  EXPECT_EQ(again->mode, LaunchMode::Message);
}

TEST(LaunchKeys, AModeKeyForgetsAFirstDigit) {
  LaunchKeys keys;
  EXPECT_FALSE(keys.digit(9));
  keys.setMode(LaunchMode::Sprite);
  EXPECT_FALSE(keys.pending());
  EXPECT_FALSE(keys.digit(1));
  const auto launch = keys.digit(3);
  ASSERT_TRUE(launch);
  EXPECT_EQ(launch->mode, LaunchMode::Sprite);
  EXPECT_EQ(launch->number, 13);
  keys.setMode(LaunchMode::KillSprite);
  EXPECT_FALSE(keys.digit(1));
  keys.clear();  // Delete
  EXPECT_FALSE(keys.digit(1));
  const auto kill = keys.digit(3);
  ASSERT_TRUE(kill);
  EXPECT_EQ(kill->mode, LaunchMode::KillSprite);
  EXPECT_EQ(kill->number, 13);
}

TEST(LaunchKeys, DigitsOutsideZeroToNineAreIgnored) {
  LaunchKeys keys;
  EXPECT_FALSE(keys.digit(-1));
  EXPECT_FALSE(keys.digit(10));
  EXPECT_FALSE(keys.pending());
}

TEST(LaunchKeys, TheKeyTableHasMilkDropsLaunchKeys) {
  EXPECT_EQ(actionFor(SDLK_k, KMOD_NONE), Action::SpriteMode);
  EXPECT_EQ(actionFor(SDLK_k, KMOD_LSHIFT), Action::SpriteKillMode);
  EXPECT_EQ(actionFor(SDLK_y, KMOD_RSHIFT), Action::MessageMode);
  EXPECT_EQ(actionFor(SDLK_t, KMOD_LSHIFT), Action::SongTitle);
  for (SDL_Keycode k : {SDLK_0, SDLK_5, SDLK_9, SDLK_KP_0, SDLK_KP_7})
    EXPECT_EQ(actionFor(k, KMOD_NONE), Action::Digit) << k;
  EXPECT_EQ(actionFor(SDLK_DELETE, KMOD_NONE), Action::DeleteLaunched);
  EXPECT_EQ(actionFor(SDLK_DELETE, KMOD_LSHIFT | KMOD_LCTRL), Action::DeleteLaunched);
  // Shift+1 and Shift+2 stay MilkDrop 3's shader keys, not digits.
  EXPECT_EQ(actionFor(SDLK_1, KMOD_LSHIFT), Action::RandomWarpShader);
}

}  // namespace
}  // namespace phosphene::play
