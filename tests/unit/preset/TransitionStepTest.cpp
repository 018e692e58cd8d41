// The transition step without GL: progress, snap point, the frozen outgoing base, the per-frame
// mixing in MD2's order and the warp blend pattern (drawn once per mesh size).
#include "preset/TransitionStep.hpp"

#include <gtest/gtest.h>

#include <cstddef>

#include "clock/Random.hpp"
#include "preset/BlendPattern.hpp"
#include "preset/PerFrameResults.hpp"
#include "preset/TransitionBlend.hpp"
#include "preset/WarpBlend.hpp"

namespace phosphene::preset {
namespace {

FrameState meshOf(int gridX, int gridY, float u) {
  FrameState s;
  MeshGeometry& g = s.mesh.geometry;
  g.gridX = gridX;
  g.gridY = gridY;
  const auto n = static_cast<std::size_t>((gridX + 1) * (gridY + 1));
  g.position.assign(n, Vec2{0.0f, 0.0f});
  s.mesh.uv.assign(n, Vec2{u, u});
  s.mesh.alpha.assign(n, 1.0f);
  return s;
}

TEST(TransitionStep, InactiveUntilBegunAndProgressIsLinearAndClamped) {
  TransitionStep t;
  EXPECT_FALSE(t.active());
  EXPECT_DOUBLE_EQ(t.progress(5.0), 1.0);
  t.begin(10.0, 2.0, FrameVars{}, false, false);
  EXPECT_TRUE(t.active());
  EXPECT_DOUBLE_EQ(t.progress(9.0), 0.0);
  EXPECT_DOUBLE_EQ(t.progress(10.5), 0.25);
  EXPECT_DOUBLE_EQ(t.progress(13.0), 1.0);
  t.end();
  EXPECT_FALSE(t.active());
  EXPECT_DOUBLE_EQ(t.progress(10.5), 1.0);
}

TEST(TransitionStep, SnapPointFollowsTheCompShaders) {
  TransitionStep t;
  t.begin(0.0, 1.0, FrameVars{}, true, false);
  EXPECT_FLOAT_EQ(static_cast<float>(t.snapPoint()), blendSnapPoint(true, false));
  t.begin(0.0, 1.0, FrameVars{}, false, true);
  EXPECT_FLOAT_EQ(static_cast<float>(t.snapPoint()), blendSnapPoint(false, true));
  t.end();
  EXPECT_DOUBLE_EQ(t.snapPoint(), 0.5);
}

TEST(TransitionStep, OutgoingBaseIsFrozenAtBeginAndBlendBaseMixesFromIt) {
  FrameVars oldBase, newBase;
  oldBase.decay = 0.5;
  newBase.decay = 1.0;
  TransitionStep t;
  t.begin(0.0, 1.0, oldBase, false, false);
  oldBase.decay = 0.0;  // a copy was taken
  EXPECT_DOUBLE_EQ(t.outgoingBase().decay, 0.5);
  const FrameVars& blended = t.blendBase(newBase, 0.5);
  EXPECT_EQ(&blended, &t.blendedBase());
  EXPECT_DOUBLE_EQ(blended.decay, blendBaseValues(t.outgoingBase(), newBase, 0.5).decay);
  EXPECT_DOUBLE_EQ(blended.decay, 0.75);
  // A switch mid-blend starts the next blend from the blended values.
  t.begin(1.0, 1.0, t.blendedBase(), false, false);
  EXPECT_DOUBLE_EQ(t.outgoingBase().decay, 0.75);
}

TEST(TransitionStep, MixPerFrameIsMd2sOrderOfTheHelpers) {
  FrameVars oldBase, newBase;
  oldBase.echoAlpha = newBase.echoAlpha = 0.5;
  oldBase.echoOrient = 1.0;
  newBase.echoOrient = 2.0;
  for (const bool comp : {false, true}) {
    TransitionStep t;
    t.begin(0.0, 1.0, oldBase, false, comp);
    t.blendBase(newBase, 0.3);
    FrameVars newVars = newBase, oldVars = oldBase;
    newVars.gamma = 4.0;
    oldVars.gamma = 2.0;
    FrameVars expectNew = newVars, expectOld = oldVars;
    blendPerFrameResults(expectNew, expectOld, 0.3f, static_cast<float>(t.snapPoint()));
    shareIncomingWarpAnimation(expectOld, expectNew);
    if (!comp) fadeEchoOrientation(expectNew, t.blendedBase(), oldBase, 0.3, t.snapPoint());
    t.mixPerFrame(newVars, oldVars, 0.3, comp);
    EXPECT_DOUBLE_EQ(newVars.gamma, expectNew.gamma);
    EXPECT_DOUBLE_EQ(newVars.echoAlpha, expectNew.echoAlpha) << comp;
    EXPECT_DOUBLE_EQ(newVars.echoOrient, expectNew.echoOrient) << comp;
    EXPECT_DOUBLE_EQ(oldVars.warp, expectOld.warp);
  }
}

TEST(TransitionStep, PatternIsDrawnOnceForAMeshSizeAndBlendsTheTexcoords) {
  TransitionStep t;
  t.begin(0.0, 1.0, FrameVars{}, false, false);
  EXPECT_TRUE(t.pattern().a.empty());
  clock::Random random(7), reference(7);
  FrameState incoming = meshOf(8, 6, 1.0f);
  const FrameState outgoing = meshOf(8, 6, 0.0f);
  t.blendMesh(incoming, outgoing, 0.5, BlendPatternType::Wipe, random);
  const BlendPattern expected =
      makeBlendPattern(BlendPatternType::Wipe, 8, 6, 1.0f, 1.0f, reference);
  EXPECT_EQ(t.pattern().a, expected.a);
  EXPECT_EQ(t.pattern().c, expected.c);
  FrameState again = meshOf(8, 6, 1.0f);
  std::vector<float> alpha = again.mesh.alpha;
  blendWarpUv(again.mesh.uv, outgoing.mesh.uv, expected.a, expected.c, 0.5f, alpha);
  EXPECT_EQ(incoming.mesh.alpha, alpha);
  // The same size again draws nothing more; another size draws a new pattern.
  const std::uint64_t next = clock::Random(random).nextU64();
  FrameState second = meshOf(8, 6, 1.0f);
  t.blendMesh(second, outgoing, 0.6, BlendPatternType::Wipe, random);
  EXPECT_EQ(clock::Random(random).nextU64(), next);
  FrameState bigger = meshOf(16, 12, 1.0f);
  t.blendMesh(bigger, meshOf(16, 12, 0.0f), 0.6, std::nullopt, random);
  EXPECT_EQ(t.pattern().a.size(), bigger.mesh.geometry.vertexCount());
  t.end();
  EXPECT_TRUE(t.pattern().a.empty());
}

}  // namespace
}  // namespace phosphene::preset
