// Per-frame post-processing (MD2 milkdropfs.cpp RunPerFrameEquations; spec §9).
#include "preset/PerFrameResults.hpp"

#include <gtest/gtest.h>

namespace phosphene::preset {
namespace {

// MD2 RunPerFrameEquations clamps gamma to [0, 8] and echo_zoom to [0.001, 1000] right after
// per_frame.
TEST(PerFrameResults, RangeChecks) {
  FrameVars v;
  v.gamma = 12.0;
  v.echoZoom = 0.0;
  applyPerFrameRangeChecks(v);
  EXPECT_DOUBLE_EQ(v.gamma, 8.0);
  EXPECT_DOUBLE_EQ(v.echoZoom, 0.001);
  v.gamma = -1.0;
  v.echoZoom = 5000.0;
  applyPerFrameRangeChecks(v);
  EXPECT_DOUBLE_EQ(v.gamma, 0.0);
  EXPECT_DOUBLE_EQ(v.echoZoom, 1000.0);
  v.decay = 7.0;  // no other value is checked
  applyPerFrameRangeChecks(v);
  EXPECT_DOUBLE_EQ(v.decay, 7.0);
}

TEST(PerFrameResults, CosineInterp) {
  EXPECT_FLOAT_EQ(cosineInterp(0.0f), 0.0f);
  EXPECT_NEAR(cosineInterp(0.5f), 0.5f, 1e-6f);
  EXPECT_FLOAT_EQ(cosineInterp(1.0f), 1.0f);
  EXPECT_NEAR(cosineInterp(0.25f), 0.1464466f, 1e-6f);
}

TEST(PerFrameResults, SnapPointDependsOnCompShaders) {
  EXPECT_FLOAT_EQ(blendSnapPoint(false, false), 0.5f);
  EXPECT_FLOAT_EQ(blendSnapPoint(true, true), 0.5f);
  EXPECT_FLOAT_EQ(blendSnapPoint(true, false), -0.01f);
  EXPECT_FLOAT_EQ(blendSnapPoint(false, true), 1.01f);
}

TEST(PerFrameResults, BlendMixesValuesAndSnapsFlags) {
  FrameVars cur, old;
  cur.decay = 1.0;
  old.decay = 0.0;
  cur.blurMax[2] = 1.0;
  old.blurMax[2] = 0.0;
  cur.wrap = 1.0;
  old.wrap = 0.0;
  cur.zoom = 2.0;  // motion: not blended here
  old.zoom = 1.0;
  cur.waveMode = 3.0;  // exempt
  old.waveMode = 5.0;
  cur.q[0] = 4.0;
  old.q[0] = 0.0;
  auto v = cur;
  blendPerFrameResults(v, old, 0.25f, 0.5f);  // mix = 0.1464466
  EXPECT_NEAR(v.decay, 0.1464466, 1e-6);
  EXPECT_NEAR(v.blurMax[2], 0.1464466, 1e-6);
  EXPECT_DOUBLE_EQ(v.wrap, 0.0);  // mix < snap point: old value
  EXPECT_DOUBLE_EQ(v.zoom, 2.0);
  EXPECT_DOUBLE_EQ(v.waveMode, 3.0);
  EXPECT_DOUBLE_EQ(v.q[0], 4.0);
  v = cur;
  blendPerFrameResults(v, old, 0.75f, 0.5f);
  EXPECT_DOUBLE_EQ(v.wrap, 1.0);
  v = cur;
  blendPerFrameResults(v, old, 0.1f, -0.01f);  // new flags at once
  EXPECT_DOUBLE_EQ(v.wrap, 1.0);
  v = cur;
  blendPerFrameResults(v, old, 1.0f, 1.01f);  // old flags until the end
  EXPECT_DOUBLE_EQ(v.wrap, 0.0);
  EXPECT_NEAR(v.decay, 1.0, 1e-6);
}

}  // namespace
}  // namespace phosphene::preset
