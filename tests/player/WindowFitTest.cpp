#include "WindowFit.hpp"

#include <gtest/gtest.h>

namespace phosphene::play {
namespace {

TEST(WindowFit, KeepsASizeThatFits) {
  EXPECT_EQ(fitWindow({1280, 720}, {1920, 1050}), (PixelSize{1280, 720}));
  EXPECT_EQ(fitWindow({1024, 768}, {1024, 768}), (PixelSize{1024, 768}));
}

TEST(WindowFit, ShrinksTheDefaultWindowOnA1024x768ScreenKeepingItsShape) {
  // The case: 1280 wide on a 1024-wide screen.
  const PixelSize fitted = fitWindow({1280, 720}, {1024, 768});
  EXPECT_EQ(fitted, (PixelSize{921, 518}));
  EXPECT_LE(fitted.width, 1024);
  EXPECT_NEAR(static_cast<double>(fitted.width) / fitted.height, 16.0 / 9.0, 0.01);
}

TEST(WindowFit, LimitedByTheHeightToo) {
  EXPECT_EQ(fitWindow({800, 1200}, {1920, 1000}), (PixelSize{600, 900}));
  EXPECT_EQ(fitWindow({640, 480}, {0, 0}), (PixelSize{640, 480}));  // unknown: as asked
}

}  // namespace
}  // namespace phosphene::play
