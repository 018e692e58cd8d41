// Atlas packing: rectangles never overlap and keep their padding, the atlas grows to its maximum
// and then refuses, clearing starts a new generation; the glyph cache recycles a full atlas and
// draws missing characters as '?'.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <vector>

#include "render/text/BuiltinFont.hpp"
#include "render/text/GlyphAtlas.hpp"
#include "render/text/GlyphCache.hpp"
#include "render/text/GlyphOutline.hpp"

namespace phosphene::render::text {
namespace {

bool overlapWithPadding(const AtlasRect& a, const AtlasRect& b) {
  const int p = GlyphAtlas::kPadding;
  return a.x < b.x + b.width + p && b.x < a.x + a.width + p && a.y < b.y + b.height + p &&
         b.y < a.y + a.height + p;
}

TEST(GlyphAtlas, PackedRectanglesStayInsideAndApart) {
  GlyphAtlas atlas(64, 512);
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> size(1, 30);
  std::vector<AtlasRect> rects;
  for (int i = 0; i < 300; ++i) {
    const auto rect = atlas.allocate(size(rng), size(rng));
    ASSERT_TRUE(rect) << i;
    rects.push_back(*rect);
  }
  for (std::size_t i = 0; i < rects.size(); ++i) {
    const AtlasRect& r = rects[i];
    EXPECT_GE(r.x, 0);
    EXPECT_GE(r.y, 0);
    EXPECT_LE(r.x + r.width, atlas.width());
    EXPECT_LE(r.y + r.height, atlas.height());
    for (std::size_t j = i + 1; j < rects.size(); ++j)
      EXPECT_FALSE(overlapWithPadding(r, rects[j])) << i << " and " << j;
  }
  EXPECT_GT(atlas.width(), 64);  // 300 rectangles of up to 30² do not fit in 64²
  EXPECT_LE(atlas.width(), 512);
}

TEST(GlyphAtlas, GrowsToItsMaximumThenRefuses) {
  GlyphAtlas atlas(16, 32);
  EXPECT_EQ(atlas.width(), 16);
  int placed = 0;
  while (atlas.allocate(7, 7)) ++placed;
  // 8 × 8 cells (with padding) in 32²: 16, minus the solid block's row share.
  EXPECT_EQ(atlas.width(), 32);
  EXPECT_EQ(atlas.height(), 32);
  EXPECT_GE(placed, 12);
  EXPECT_LE(placed, 16);
  EXPECT_FALSE(atlas.allocate(40, 1));  // larger than the maximum: never fits
  EXPECT_FALSE(atlas.allocate(0, 5));
  EXPECT_TRUE(atlas.dirty().resized);
}

TEST(GlyphAtlas, ClearStartsANewGenerationWithTheSolidBlock) {
  GlyphAtlas atlas(16, 16);
  const auto before = atlas.generation();
  while (atlas.allocate(5, 5)) {
  }
  atlas.markUploaded();
  EXPECT_TRUE(atlas.dirty().empty());
  atlas.clear();
  EXPECT_NE(atlas.generation(), before);
  EXPECT_EQ(atlas.dirty().firstRow, 0);
  EXPECT_EQ(atlas.dirty().endRow, 16);
  EXPECT_TRUE(atlas.allocate(5, 5));
  // The 4 texels around the solid block's centre (what rectangles sample) are full in both
  // channels.
  const int cx = static_cast<int>(atlas.solidX()), cy = static_cast<int>(atlas.solidY());
  for (int y = cy - 1; y <= cy; ++y)
    for (int x = cx - 1; x <= cx; ++x)
      for (int c = 0; c < 2; ++c)
        EXPECT_EQ(atlas.pixels()[(static_cast<std::size_t>(y) * atlas.width() + x) * 2 + c], 255);
}

TEST(GlyphAtlas, StoreMarksOnlyTheRowsWritten) {
  GlyphAtlas atlas(64, 64);
  atlas.markUploaded();
  const auto rect = atlas.allocate(3, 2);
  ASSERT_TRUE(rect);
  const std::vector<std::uint8_t> rg(3 * 2 * 2, 200);
  atlas.store(*rect, rg);
  EXPECT_EQ(atlas.dirty().firstRow, rect->y);
  EXPECT_EQ(atlas.dirty().endRow, rect->y + 2);
  EXPECT_FALSE(atlas.dirty().resized);
  EXPECT_EQ(atlas.pixels()[(static_cast<std::size_t>(rect->y) * 64 + rect->x) * 2], 200);
}

TEST(GlyphOutline, GrowsByTheRadiusAndKeepsTheFill) {
  GlyphImage dot;
  dot.width = dot.height = 1;
  dot.left = 3;
  dot.top = 5;
  dot.coverage = {255};
  const OutlinedGlyph o = outlineGlyph(dot, 1);
  EXPECT_EQ(o.width, 3);
  EXPECT_EQ(o.height, 3);
  EXPECT_EQ(o.left, 2);
  EXPECT_EQ(o.top, 6);
  for (int i = 0; i < 9; ++i) {
    EXPECT_EQ(o.rg[static_cast<std::size_t>(i) * 2], i == 4 ? 255 : 0) << i;  // fill: centre
    EXPECT_EQ(o.rg[static_cast<std::size_t>(i) * 2 + 1], 255) << i;           // outline: all
  }
  EXPECT_EQ(outlineGlyph(GlyphImage{}, 2).width, 0);
  EXPECT_EQ(outlineRadiusFor(20.0f), 1);
  EXPECT_EQ(outlineRadiusFor(48.0f), 3);
  EXPECT_EQ(outlineRadiusFor(256.0f), 4);
}

TEST(GlyphCache, MissingCharactersAreDrawnAsQuestionMarks) {
  GlyphCache cache(std::make_unique<BuiltinFont>(22.0f), GlyphAtlas(64, 256), 1);
  EXPECT_EQ(cache.drawnAs(U'A'), U'A');
  EXPECT_EQ(cache.drawnAs(U'\u00C4'), U'?');
  EXPECT_EQ(cache.drawnAs(char32_t{0xFFFD}), U'?');
  const GlyphMetrics& q = cache.metrics(U'?');
  const GlyphMetrics& a = cache.metrics(U'\u00C4');
  EXPECT_EQ(a.width, q.width);
  EXPECT_EQ(a.advance, q.advance);
  const auto qRect = cache.place(U'?');
  const auto aRect = cache.place(U'\u00C4');
  ASSERT_TRUE(qRect && aRect);
  EXPECT_EQ(qRect->x, aRect->x);
  EXPECT_EQ(qRect->y, aRect->y);
}

TEST(GlyphCache, AFullAtlasIsRecycledAndGlyphsArePlacedAgain) {
  // At 64 px the built-in glyphs are 32 × 54 (plus outline): a 128² atlas holds only a few.
  GlyphCache cache(std::make_unique<BuiltinFont>(64.0f), GlyphAtlas(64, 128), 2);
  const auto first = cache.atlas().generation();
  for (char32_t cp = U'A'; cp <= U'Z'; ++cp) ASSERT_TRUE(cache.place(cp)) << static_cast<int>(cp);
  EXPECT_NE(cache.atlas().generation(), first);
  // The last glyph placed is where the cache says, with its fill in the atlas.
  const auto z = cache.place(U'Z');
  ASSERT_TRUE(z);
  int ink = 0;
  for (int y = z->y; y < z->y + z->height; ++y)
    for (int x = z->x; x < z->x + z->width; ++x)
      ink +=
          cache.atlas().pixels()[(static_cast<std::size_t>(y) * cache.atlas().width() + x) * 2] > 0;
  EXPECT_GT(ink, 100);
  // Without permission to clear, a glyph that does not fit is refused, nothing is lost.
  const auto generation = cache.atlas().generation();
  for (char32_t cp = U'a'; cp <= U'z'; ++cp) cache.place(cp, false);
  EXPECT_EQ(cache.atlas().generation(), generation);
  EXPECT_TRUE(cache.place(U'Z', false));
}

}  // namespace
}  // namespace phosphene::render::text
