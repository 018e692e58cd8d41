// The warp blend patterns of MilkDrop 2 transitions (spec §9). Every expected value below is
// worked out by hand from the rules read in MilkDrop 2's own source, vis_milk2/plugin.cpp
// (MilkDrop3 tree), functions RandomizeBlendPattern and GenPlasma, with the random draws replayed
// from a copy of the same seeded source:
//  * type = 1 + rand() % 3 (1 wipe, 2 plasma, 3 radial); type 0, the uniform blend, is never
//    drawn;
//  * a = (1 + band)/band and c = −1/band + t/band for each vertex's place t;
//  * vertex order: one loop over rows y = 0..gridY, columns x = 0..gridX, index y·(gridX+1) + x,
//    and plugin.cpp AllocateMyDX9Stuff puts row 0 at m_verts y = −1, which the warp draw
//    (milkdropfs.cpp WarpedBlit_NoShaders, "flip sign on Y") shows at the BOTTOM: the same order as
//    MeshGeometry, so no conversion.
#include "preset/BlendPattern.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace phosphene::preset {
namespace {

constexpr int kGx = 12, kGy = 8;
constexpr float kAspectX = 1.0f, kAspectY = 0.75f;

std::size_t at(int i, int j, int gx = kGx) {
  return static_cast<std::size_t>(j) * static_cast<std::size_t>(gx + 1) +
         static_cast<std::size_t>(i);
}

// The place t of a vertex, back from (a, c): band = 1/(a − 1), t = c·band + 1.
float placeOf(const BlendPattern& p, std::size_t v) {
  const float band = 1.0f / (p.a[v] - 1.0f);
  return p.c[v] * band + 1.0f;
}

void expectVertex(const BlendPattern& p, std::size_t v, float band, float t) {
  EXPECT_NEAR(p.a[v], (1.0f + band) / band, 1e-4f) << v;
  EXPECT_NEAR(p.c[v], -1.0f / band + t / band, 1e-4f) << v;
}

constexpr BlendPatternType kDrawn[] = {BlendPatternType::Wipe, BlendPatternType::Plasma,
                                       BlendPatternType::Radial, BlendPatternType::InsideOut};

TEST(BlendPatternShape, OneEntryPerWarpMeshVertex) {
  for (BlendPatternType type : kDrawn) {
    clock::Random random(1);
    const BlendPattern p = makeBlendPattern(type, kGx, kGy, kAspectX, kAspectY, random);
    EXPECT_EQ(p.type, type);
    EXPECT_EQ(p.gridX, kGx);
    EXPECT_EQ(p.gridY, kGy);
    EXPECT_EQ(p.a.size(), static_cast<std::size_t>((kGx + 1) * (kGy + 1)));
    EXPECT_EQ(p.c.size(), p.a.size());
  }
}

// mix = clamp(a·p + c, 0, 1) (spec §9; milkdropfs.cpp ComputeGridAlphaValues). Before the clamp
// every vertex is ≤ 0 at p = 0 (fully old) and ≥ 1 at p = 1 (fully new), for every type.
TEST(BlendPatternShape, FullyOldAtTheStartFullyNewAtTheEndAndInRangeBetween) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    for (BlendPatternType type : kDrawn) {
      clock::Random random(seed);
      const BlendPattern p = makeBlendPattern(type, kGx, kGy, kAspectX, kAspectY, random);
      for (std::size_t v = 0; v < p.a.size(); ++v) {
        EXPECT_LE(p.c[v], 1e-5f);                  // a·0 + c
        EXPECT_GE(p.a[v] + p.c[v], 1.0f - 1e-5f);  // a·1 + c
        EXPECT_EQ(p.mixAt(v, 0.0f), 0.0f);
        // 1 + t/band, computed in floats as MD2 does: the t = 0 vertex may land a rounding
        // step below 1.
        EXPECT_NEAR(p.mixAt(v, 1.0f), 1.0f, 1e-5f);
        for (float progress : {0.1f, 0.25f, 0.5f, 0.75f, 0.9f}) {
          const float mix = p.mixAt(v, progress);
          EXPECT_GE(mix, 0.0f);
          EXPECT_LE(mix, 1.0f);
          EXPECT_FLOAT_EQ(mix, std::clamp(p.a[v] * progress + p.c[v], 0.0f, 1.0f));
        }
      }
    }
  }
}

// Uniform (MD2's type 0): a = 1, c = 0, so mix = progress everywhere; no draws.
TEST(BlendPatternShape, UniformMixesEverywhereAtOnce) {
  clock::Random random(9);
  const clock::Random before = random;
  const BlendPattern p =
      makeBlendPattern(BlendPatternType::Uniform, kGx, kGy, kAspectX, kAspectY, random);
  EXPECT_EQ(random, before);
  for (std::size_t v = 0; v < p.a.size(); ++v) {
    EXPECT_EQ(p.a[v], 1.0f);
    EXPECT_EQ(p.c[v], 0.0f);
    EXPECT_FLOAT_EQ(p.mixAt(v, 0.3f), 0.3f);
  }
}

// plugin.cpp, directional wipe: angle = FRAND·6.28, then band = 0.1 + 0.2·FRAND; with
// fx = x/gridX·aspectX, fy = y/gridY·aspectY: t = (fx − 0.5)·cos + (fy − 0.5)·sin + 0.5, then
// t = (t − 0.5)/√2 + 0.5.
TEST(BlendPatternWipe, ValuesByHand) {
  clock::Random random(21);
  clock::Random replay = random;
  const float angle = replay.frand() * 6.28f;
  const float band = 0.1f + 0.2f * replay.frand();
  const BlendPattern p =
      makeBlendPattern(BlendPatternType::Wipe, kGx, kGy, kAspectX, kAspectY, random);
  EXPECT_EQ(random, replay);  // exactly two draws
  const auto place = [&](int i, int j) {
    const float fx = static_cast<float>(i) / kGx * kAspectX;
    const float fy = static_cast<float>(j) / kGy * kAspectY;
    const float t = (fx - 0.5f) * std::cos(angle) + (fy - 0.5f) * std::sin(angle) + 0.5f;
    return (t - 0.5f) / std::sqrt(2.0f) + 0.5f;
  };
  for (int j = 0; j <= kGy; ++j)
    for (int i = 0; i <= kGx; ++i) expectVertex(p, at(i, j), band, place(i, j));
  // Bottom-left corner spelled out: fx = 0, fy = 0.
  const float t00 = (-0.5f * std::cos(angle) - 0.5f * std::sin(angle)) / std::sqrt(2.0f) + 0.5f;
  EXPECT_NEAR(placeOf(p, at(0, 0)), t00, 1e-5f);
}

// The edge moves along (cos θ, sin θ): t never decreases in that direction, and it is affine in
// (i, j) (a straight edge). θ is recovered from the replayed draw.
TEST(BlendPatternWipe, MonotoneAlongItsDirection) {
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    clock::Random random(seed);
    clock::Random replay = random;
    const float angle = replay.frand() * 6.28f;
    const BlendPattern p = makeBlendPattern(BlendPatternType::Wipe, kGx, kGy, 1.0f, 1.0f, random);
    const float c = std::cos(angle), s = std::sin(angle);
    for (int j = 0; j <= kGy; ++j) {
      for (int i = 0; i < kGx; ++i) {
        const float step = placeOf(p, at(i + 1, j)) - placeOf(p, at(i, j));
        EXPECT_GE(step * c, -1e-6f);
        EXPECT_NEAR(step, c / kGx / std::sqrt(2.0f), 1e-5f);
      }
    }
    for (int j = 0; j < kGy; ++j) {
      const float step = placeOf(p, at(0, j + 1)) - placeOf(p, at(0, j));
      EXPECT_GE(step * s, -1e-6f);
      EXPECT_NEAR(step, s / kGy / std::sqrt(2.0f), 1e-5f);
    }
    // The 1/√2 keeps every place inside [0, 1] for any angle.
    for (std::size_t v = 0; v < p.c.size(); ++v) {
      EXPECT_GE(placeOf(p, v), -1e-5f);
      EXPECT_LE(placeOf(p, v), 1.0f + 1e-5f);
    }
  }
}

// Row j = 0 is the bottom of the screen: a wipe whose angle points up (sin θ > 0) reaches the
// bottom row first. The same formula with MD2's y running top-down would give the opposite.
TEST(BlendPatternWipe, RowZeroIsTheBottom) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    clock::Random random(seed);
    clock::Random replay = random;
    const float angle = replay.frand() * 6.28f;
    if (std::sin(angle) < 0.5f) continue;
    const BlendPattern p = makeBlendPattern(BlendPatternType::Wipe, kGx, kGy, 1.0f, 1.0f, random);
    EXPECT_LT(placeOf(p, at(kGx / 2, 0)), placeOf(p, at(kGx / 2, kGy)));
    return;
  }
  FAIL() << "no seed with an upward wipe";
}

// plugin.cpp, radial: band = 0.02 + 0.14·FRAND + 0.34·FRAND (two draws), then the direction
// (rand() % 2)·2 − 1 (1 outside-in, −1 inside-out); dx = (x/gridX − 0.5)·aspectX,
// dy = (y/gridY − 0.5)·aspectY, t = √(dx² + dy²)·1.41421, t = 1 − t inside-out.
TEST(BlendPatternRadial, ValuesByHand) {
  clock::Random random(33);
  clock::Random replay = random;
  const float r1 = replay.frand();
  const float r2 = replay.frand();
  const float band = 0.02f + 0.14f * r1 + 0.34f * r2;
  const BlendPattern p =
      makeBlendPattern(BlendPatternType::Radial, kGx, kGy, kAspectX, kAspectY, random);
  EXPECT_EQ(random, replay);  // a forced direction costs no draw
  for (int j = 0; j <= kGy; ++j) {
    for (int i = 0; i <= kGx; ++i) {
      const float dx = (static_cast<float>(i) / kGx - 0.5f) * kAspectX;
      const float dy = (static_cast<float>(j) / kGy - 0.5f) * kAspectY;
      expectVertex(p, at(i, j), band, std::sqrt(dx * dx + dy * dy) * 1.41421f);
    }
  }
  // A corner of a 4:3 canvas: dx = −0.5, dy = −0.375, √0.390625 = 0.625, t = 0.883881.
  EXPECT_NEAR(placeOf(p, at(0, 0)), 0.883881f, 1e-5f);
  EXPECT_NEAR(placeOf(p, at(kGx / 2, kGy / 2)), 0.0f, 1e-6f);
}

// Only the distance from the centre counts: vertices at the same (aspect-scaled) distance share
// their mix, whatever their direction; inside-out is the same pattern reversed (t → 1 − t).
TEST(BlendPatternRadial, DependsOnlyOnDistanceAndInsideOutReverses) {
  clock::Random r1(44), r2(44);
  const BlendPattern out = makeBlendPattern(BlendPatternType::Radial, kGx, kGy, 1, 1, r1);
  const BlendPattern in = makeBlendPattern(BlendPatternType::InsideOut, kGx, kGy, 1, 1, r2);
  for (int j = 0; j <= kGy; ++j) {
    for (int i = 0; i <= kGx; ++i) {
      const std::size_t v = at(i, j);
      // Mirrored in x, in y, and both.
      EXPECT_NEAR(out.c[v], out.c[at(kGx - i, j)], 1e-5f);
      EXPECT_NEAR(out.c[v], out.c[at(i, kGy - j)], 1e-5f);
      EXPECT_NEAR(out.c[v], out.c[at(kGx - i, kGy - j)], 1e-5f);
      EXPECT_NEAR(placeOf(out, v) + placeOf(in, v), 1.0f, 1e-5f);
      EXPECT_EQ(out.a[v], in.a[v]);  // same band: the same draws
    }
  }
  // On a square grid, (i, j) and (j, i) around the centre are the same distance away.
  const BlendPattern sq = [] {
    clock::Random r(45);
    return makeBlendPattern(BlendPatternType::Radial, 8, 8, 1, 1, r);
  }();
  for (int j = 0; j <= 8; ++j)
    for (int i = 0; i <= 8; ++i) EXPECT_NEAR(sq.c[at(i, j, 8)], sq.c[at(j, i, 8)], 1e-5f);
  // Outside-in: the corners turn new before the centre; inside-out the other way round.
  const std::size_t corner = at(0, 0), centre = at(kGx / 2, kGy / 2);
  EXPECT_GT(out.mixAt(corner, 0.4f), out.mixAt(centre, 0.4f));
  EXPECT_LT(in.mixAt(corner, 0.4f), in.mixAt(centre, 0.4f));
}

// plugin.cpp, plasma: band = 0.12 + 0.13·FRAND first, then the four corners in index order
// (0, gridX, gridY·(gridX+1), last), then GenPlasma(0, gridX, 0, gridY, 0.25). On a 2×2 grid
// GenPlasma makes exactly one level: left edge midpoint (x0 == 0), right edge midpoint, each the
// mean of its two corners + (2·FRAND − 1)·dt·aspectY; bottom midpoint (y0 == 0) and top midpoint,
// + (2·FRAND − 1)·dt·aspectX; centre = mean of the four edge midpoints + (2·FRAND − 1)·dt. Then
// t = (h − min)/(max − min).
TEST(BlendPatternPlasma, TwoByTwoByHand) {
  clock::Random random(55);
  clock::Random replay = random;
  const float band = 0.12f + 0.13f * replay.frand();
  std::vector<float> h(9);
  const auto idx = [](int i, int j) { return at(i, j, 2); };
  h[idx(0, 0)] = replay.frand();
  h[idx(2, 0)] = replay.frand();
  h[idx(0, 2)] = replay.frand();
  h[idx(2, 2)] = replay.frand();
  const float dt = 0.25f;
  const auto jitter = [&](float scale) { return (replay.frand() * 2 - 1) * dt * scale; };
  h[idx(0, 1)] = 0.5f * (h[idx(0, 0)] + h[idx(0, 2)]) + jitter(kAspectY);
  h[idx(2, 1)] = 0.5f * (h[idx(2, 0)] + h[idx(2, 2)]) + jitter(kAspectY);
  h[idx(1, 0)] = 0.5f * (h[idx(0, 0)] + h[idx(2, 0)]) + jitter(kAspectX);
  h[idx(1, 2)] = 0.5f * (h[idx(0, 2)] + h[idx(2, 2)]) + jitter(kAspectX);
  h[idx(1, 1)] = 0.25f * (h[idx(1, 0)] + h[idx(1, 2)] + h[idx(0, 1)] + h[idx(2, 1)]) + jitter(1);
  const auto [lo, hi] = std::minmax_element(h.begin(), h.end());
  const float minH = *lo, maxH = *hi;

  const BlendPattern p =
      makeBlendPattern(BlendPatternType::Plasma, 2, 2, kAspectX, kAspectY, random);
  EXPECT_EQ(random, replay);  // 1 + 4 + 5 draws
  for (std::size_t v = 0; v < 9; ++v) expectVertex(p, v, band, (h[v] - minH) / (maxH - minH));
}

// Shared edges are written once: a sub-rectangle writes its left edge only when x0 == 0 and its
// bottom edge only when y0 == 0. A 4×2 grid: first level 4 edge points + centre; then the four
// 2×1 quads write bottom/top midpoints — (1, 0), (1, 1), (3, 0), (3, 1), (1, 2), (3, 2), skipping
// the upper quads' bottom edges (already written): 1 + 4 + 5 + 6 = 16 draws in all.
TEST(BlendPatternPlasma, SharedEdgesAreDrawnOnce) {
  clock::Random random(66);
  clock::Random replay = random;
  const BlendPattern p = makeBlendPattern(BlendPatternType::Plasma, 4, 2, 1, 1, random);
  for (int k = 0; k < 16; ++k) replay.frand();
  EXPECT_EQ(random, replay);
  const auto [lo, hi] = std::minmax_element(p.c.begin(), p.c.end());
  EXPECT_NEAR(placeOf(p, static_cast<std::size_t>(lo - p.c.begin())), 0.0f, 1e-5f);
  EXPECT_NEAR(placeOf(p, static_cast<std::size_t>(hi - p.c.begin())), 1.0f, 1e-5f);
}

TEST(BlendPatternPlasma, DeterministicPerSeed) {
  clock::Random r1(77), r2(77), r3(78);
  const BlendPattern a = makeBlendPattern(BlendPatternType::Plasma, 48, 36, 1, 0.75f, r1);
  const BlendPattern b = makeBlendPattern(BlendPatternType::Plasma, 48, 36, 1, 0.75f, r2);
  const BlendPattern c = makeBlendPattern(BlendPatternType::Plasma, 48, 36, 1, 0.75f, r3);
  EXPECT_EQ(a.a, b.a);
  EXPECT_EQ(a.c, b.c);
  EXPECT_NE(a.c, c.c);
  // Normalised: the lowest vertex has t = 0, the highest t = 1.
  float lo = 2.0f, hi = -2.0f;
  for (std::size_t v = 0; v < a.c.size(); ++v) {
    lo = std::min(lo, placeOf(a, v));
    hi = std::max(hi, placeOf(a, v));
  }
  EXPECT_NEAR(lo, 0.0f, 1e-5f);
  EXPECT_NEAR(hi, 1.0f, 1e-5f);
}

// RandomizeBlendPattern's first draw picks the type (1 + rand() % 3); radial then draws its band
// (two FRANDs) and last its direction, rand() % 2 == 0 meaning inside-out.
TEST(BlendPatternRandom, TypeAndDirectionComeFromTheDrawsInMilkDropsOrder) {
  int seen[5] = {};
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    clock::Random random(seed);
    clock::Random replay = random;
    const BlendPattern p = randomBlendPattern(kGx, kGy, kAspectX, kAspectY, random);
    ++seen[static_cast<int>(p.type)];
    const std::uint32_t pick = replay.nextU32() % 3u;
    BlendPatternType expected = pick == 0   ? BlendPatternType::Wipe
                                : pick == 1 ? BlendPatternType::Plasma
                                            : BlendPatternType::Radial;
    if (pick == 2) {
      replay.frand();
      replay.frand();
      if (replay.nextU32() % 2u == 0) expected = BlendPatternType::InsideOut;
      EXPECT_EQ(random, replay) << seed;
    }
    ASSERT_EQ(p.type, expected) << seed;
    // The same draws give the same pattern as asking for the type.
    clock::Random again(seed);
    again.nextU32();
    const BlendPattern forced = makeBlendPattern(p.type, kGx, kGy, kAspectX, kAspectY, again);
    EXPECT_EQ(forced.a, p.a) << seed;
    EXPECT_EQ(forced.c, p.c) << seed;
  }
  EXPECT_EQ(seen[static_cast<int>(BlendPatternType::Uniform)], 0);
  for (BlendPatternType t : kDrawn) EXPECT_GT(seen[static_cast<int>(t)], 10);
}

TEST(BlendPatternRandom, SameSeedSamePattern) {
  for (std::uint64_t seed : {0ULL, 1ULL, 12345ULL}) {
    clock::Random r1(seed), r2(seed);
    const BlendPattern a = randomBlendPattern(48, 36, 1.0f, 0.5625f, r1);
    const BlendPattern b = randomBlendPattern(48, 36, 1.0f, 0.5625f, r2);
    EXPECT_EQ(a.type, b.type);
    EXPECT_EQ(a.a, b.a);
    EXPECT_EQ(a.c, b.c);
    EXPECT_EQ(r1, r2);
  }
}

// MilkDrop 3 .milk2 patterns (issue 36): the names Phosphene draws, one field per file, the
// direction reversing the schedule, unsupported names blending evenly.
TEST(Md3BlendPattern, NamesMapToMd2Patterns) {
  EXPECT_EQ(md3PatternType("zoom"), BlendPatternType::Uniform);
  EXPECT_EQ(md3PatternType("Cercle"), BlendPatternType::Radial);
  EXPECT_EQ(md3PatternType("plasma3"), BlendPatternType::Plasma);
  EXPECT_EQ(md3PatternType("side"), BlendPatternType::Wipe);
  EXPECT_EQ(md3PatternType("vertical"), BlendPatternType::Wipe);
  EXPECT_FALSE(md3PatternType("snail2").has_value());
  EXPECT_FALSE(md3PatternType("").has_value());
}

TEST(Md3BlendPattern, SameFileSameFieldAndDirectionReverses) {
  Md3Blend b;
  b.pattern = "plasma";
  b.random = {0.1f, 0.2f, 0.3f, 0.4f, 0.5f};
  b.hasRandom = true;
  const BlendPattern one = makeMd3BlendPattern(b, 8, 6, 1.0f, 0.75f);
  const BlendPattern two = makeMd3BlendPattern(b, 8, 6, 1.0f, 0.75f);
  EXPECT_EQ(one.a, two.a);
  EXPECT_EQ(one.c, two.c);
  b.random[0] = 0.9f;
  EXPECT_NE(makeMd3BlendPattern(b, 8, 6, 1.0f, 0.75f).c, one.c);
  b.random[0] = 0.1f;
  b.direction = -1;
  const BlendPattern rev = makeMd3BlendPattern(b, 8, 6, 1.0f, 0.75f);
  for (std::size_t k = 0; k < one.a.size(); ++k) {
    // The vertex crossing 0.5 at progress q now crosses it at 1 - q.
    const float q = (0.5f - one.c[k]) / one.a[k];
    EXPECT_NEAR((0.5f - rev.c[k]) / rev.a[k], 1.0f - q, 1e-5f);
  }
}

TEST(Md3BlendPattern, VerticalWipesLeftToRightAndUnsupportedIsUniform) {
  Md3Blend b;
  b.pattern = "vertical";
  const BlendPattern v = makeMd3BlendPattern(b, 8, 6, 1.0f, 1.0f);
  // At progress 0.5 the left column (i = 0) is further in than the right one (i = 8).
  EXPECT_GT(v.mixAt(0, 0.5f), v.mixAt(8, 0.5f));
  b.pattern = "horizontal";
  const BlendPattern h = makeMd3BlendPattern(b, 8, 6, 1.0f, 1.0f);
  EXPECT_GT(h.mixAt(6 * 9, 0.5f), h.mixAt(0, 0.5f));  // the top row (j = 6) first
  b.pattern = "donuts";
  const BlendPattern u = makeMd3BlendPattern(b, 8, 6, 1.0f, 1.0f);
  EXPECT_EQ(u.type, BlendPatternType::Uniform);
  for (std::size_t k = 0; k < u.a.size(); ++k) EXPECT_FLOAT_EQ(u.mixAt(k, 0.25f), 0.25f);
}

}  // namespace
}  // namespace phosphene::preset
