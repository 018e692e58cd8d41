#include "preset/FrameState.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "preset/D3dColor.hpp"
#include "preset/Truncate.hpp"

namespace phosphene::preset {
namespace {

TEST(FrameState, DefaultsAreMilkDropDefaults) {
  const FrameVars v;
  EXPECT_DOUBLE_EQ(v.decay, 0.98);
  EXPECT_DOUBLE_EQ(v.gamma, 2.0);
  EXPECT_DOUBLE_EQ(v.waveA, 0.8);
  EXPECT_DOUBLE_EQ(v.mvX, 12.0);
  EXPECT_DOUBLE_EQ(v.ibR, 0.25);
  // Room for MilkDrop 3's q1..q64 (README.md); an MD2 preset uses the first 32.
  EXPECT_EQ(v.q.size(), 64u);
  EXPECT_DOUBLE_EQ(v.q[31], 0.0);
  EXPECT_DOUBLE_EQ(v.q[63], 0.0);
}

TEST(FrameState, ClearDrawListsKeepsCapacity) {
  FrameState s;
  s.builtinWave.points.resize(100);
  s.builtinWave.visible = true;
  s.customWaves[2].points.resize(50);
  s.customShapes[1].instances.resize(7);
  s.motionVectors.segments.resize(10);
  s.mesh.uv.resize(9);
  const auto* wave = s.builtinWave.points.data();
  s.clearDrawLists();
  EXPECT_TRUE(s.builtinWave.points.empty());
  EXPECT_FALSE(s.builtinWave.visible);
  EXPECT_TRUE(s.customWaves[2].points.empty());
  EXPECT_TRUE(s.customShapes[1].instances.empty());
  EXPECT_TRUE(s.motionVectors.segments.empty());
  EXPECT_EQ(s.mesh.uv.size(), 9u);  // the mesh is not a draw list
  s.builtinWave.points.resize(100);
  EXPECT_EQ(s.builtinWave.points.data(), wave);
}

// MD2 milkdropfs.cpp: colours are packed as ((int)(c·255)) & 0xFF — truncated and wrapped.
TEST(D3dColor, TruncatesAndWrapsLikeMilkDrop) {
  EXPECT_EQ(d3dChannelByte(1.0), 255);
  EXPECT_EQ(d3dChannelByte(0.8), 204);
  EXPECT_EQ(d3dChannelByte(0.999), 254);  // truncation, not rounding
  EXPECT_EQ(d3dChannelByte(1.2), 50);     // 306 & 255
  EXPECT_EQ(d3dChannelByte(-0.5), 129);   // (int)−127.5 = −127 → 0x81
  EXPECT_EQ(d3dChannelByte(1e300), 0);    // x86 "integer indefinite" has a zero low byte
  EXPECT_FLOAT_EQ(d3dChannel(1.2), 50.0f / 255.0f);
}

TEST(Truncate, BehavesLikeTheX86Cast) {
  EXPECT_EQ(truncateToInt(7.9), 7);
  EXPECT_EQ(truncateToInt(-7.9), -7);
  EXPECT_EQ(truncateToInt(1e12), std::numeric_limits<int>::min());
  EXPECT_EQ(truncateToInt(std::nan("")), std::numeric_limits<int>::min());
}

}  // namespace
}  // namespace phosphene::preset
