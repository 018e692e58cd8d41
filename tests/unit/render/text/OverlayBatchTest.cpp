// Text layout and the overlay's vertices, with the built-in font at 22 px (every glyph advances
// 12 px, lines are 22 px): measuring multi-line text at several scales, and quads that land in
// clip space where the pixels say, in call order, with atlas coordinates that match the atlas.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <set>

#include "render/text/BuiltinFont.hpp"
#include "render/text/OverlayBatch.hpp"

namespace phosphene::render::text {
namespace {

GlyphCache builtinCache(float pixelHeight = 22.0f, GlyphAtlas atlas = GlyphAtlas(256, 1024)) {
  return GlyphCache(std::make_unique<BuiltinFont>(pixelHeight), std::move(atlas), 1);
}

void expectSize(GlyphCache& cache, std::string_view text, float scale, float w, float h) {
  const TextSize size = measureText(cache, text, scale);
  EXPECT_FLOAT_EQ(size.width, w) << "'" << text << "' x" << scale;
  EXPECT_FLOAT_EQ(size.height, h) << "'" << text << "' x" << scale;
}

TEST(TextMeasure, LinesAndScale) {
  auto cache = builtinCache();
  expectSize(cache, "", 1, 0, 0);
  expectSize(cache, "AB", 1, 24, 22);
  expectSize(cache, "AB\nABCD", 1, 48, 44);
  expectSize(cache, "ABCD\nAB", 1, 48, 44);
  expectSize(cache, "AB\nABCD", 2, 96, 88);
  expectSize(cache, "AB\nABCD", 0.5f, 24, 22);
  expectSize(cache, "A\n", 1, 12, 44);  // a trailing newline starts a line
  expectSize(cache, "\n\n", 1, 0, 66);
  expectSize(cache, "\tA", 1, 60, 22);  // tab stops every 4 spaces
  expectSize(cache,
             "\xFF"
             "A",
             1, 24, 22);                         // the bad byte is drawn ('?')
  expectSize(cache, "\xE2\x82\x41", 1, 24, 22);  // truncated before 'A': one bad character
  expectSize(cache, "\xED\xA0\x80", 1, 36, 22);  // a surrogate: three (core/Utf8.hpp)
  expectSize(cache, "\xC3\x84", 1, 12, 22);      // Ä: not in the font, drawn as '?'
  expectSize(cache,
             "A\x01\x7F"
             "B",
             1, 24, 22);  // control characters take no room
}

TEST(OverlayBatch, RectangleCoversTheDrawableInClipSpace) {
  auto cache = builtinCache();
  OverlayBatch batch;
  batch.begin(100, 50);
  ASSERT_TRUE(batch.addRect(0, 0, 100, 50, OverlayColor{1, 0, 0, 0.5f}));
  ASSERT_TRUE(batch.addRect(10, 10, 0, 5, OverlayColor{}));  // empty: nothing queued
  const auto v = batch.build(cache);
  ASSERT_EQ(v.size(), 6u);
  std::set<std::pair<float, float>> corners;
  for (const OverlayVertex& p : v) {
    corners.insert({p.x, p.y});
    EXPECT_EQ(p.fill[0], 255);
    EXPECT_EQ(p.fill[1], 0);
    EXPECT_EQ(p.fill[3], 128);
    EXPECT_EQ(p.outline[3], 0);  // rectangles have no outline
    // The solid block's centre, so the rectangle samples full coverage.
    EXPECT_FLOAT_EQ(p.u * static_cast<float>(cache.atlas().width()), cache.atlas().solidX());
    EXPECT_FLOAT_EQ(p.v * static_cast<float>(cache.atlas().height()), cache.atlas().solidY());
  }
  EXPECT_EQ(corners, (std::set<std::pair<float, float>>{{-1, 1}, {1, 1}, {1, -1}, {-1, -1}}));
}

TEST(OverlayBatch, GlyphQuadsSitOnTheBaselineInCallOrder) {
  auto cache = builtinCache();
  OverlayBatch batch;
  batch.begin(200, 100);
  ASSERT_TRUE(batch.addRect(5, 5, 50, 30, OverlayColor{0, 0, 0, 1}));
  ASSERT_TRUE(batch.addText(cache, 10, 20, "A B", OverlayColor{0, 1, 0, 1}, 1.0f));
  const auto v = batch.build(cache);
  ASSERT_EQ(v.size(), 18u);  // the rectangle, 'A', 'B' (the space has no quad)
  // 'A' at pen 10: its outlined image starts one pixel left of the bitmap; the baseline is at
  // 20 + 16 (ascent) and the image's top 14 + 1 (outline) above it.
  const auto px = [](float clip) { return (clip + 1.0f) * 100.0f; };
  const auto py = [](float clip) { return (1.0f - clip) * 50.0f; };
  EXPECT_FLOAT_EQ(px(v[6].x), 9.0f);
  EXPECT_FLOAT_EQ(py(v[6].y), 21.0f);
  EXPECT_FLOAT_EQ(px(v[7].x), 9.0f + 12.0f);  // 10 + 2 outline pixels wide
  EXPECT_FLOAT_EQ(py(v[8].y), 21.0f + 20.0f);
  EXPECT_FLOAT_EQ(px(v[12].x), 9.0f + 24.0f);  // 'B' two advances on
  EXPECT_EQ(v[6].fill[1], 255);
  EXPECT_EQ(v[6].outline[0], 0);
  EXPECT_GT(v[6].outline[3], 200);  // a dark, nearly opaque outline
  // Atlas coordinates are the glyph's place.
  const auto a = cache.place(U'A');
  ASSERT_TRUE(a);
  EXPECT_FLOAT_EQ(v[6].u * static_cast<float>(cache.atlas().width()), static_cast<float>(a->x));
  EXPECT_FLOAT_EQ(v[8].v * static_cast<float>(cache.atlas().height()),
                  static_cast<float>(a->y + a->height));
}

TEST(OverlayBatch, ScaledTextGrowsFromItsCorner) {
  auto cache = builtinCache();
  OverlayBatch batch;
  batch.begin(400, 200);
  ASSERT_TRUE(batch.addText(cache, 0, 0, "A", OverlayColor{}, 2.0f));
  const auto v = batch.build(cache);
  ASSERT_EQ(v.size(), 6u);
  const float w = (v[1].x - v[0].x) * 200.0f, h = (v[0].y - v[2].y) * 100.0f;
  EXPECT_FLOAT_EQ(w, 24.0f);
  EXPECT_FLOAT_EQ(h, 40.0f);
}

TEST(OverlayBatch, BuildAfterARecycledAtlasUsesTheNewPlaces) {
  // Big glyphs in a small atlas: one batch with the whole alphabet cannot keep earlier places.
  auto cache = builtinCache(64.0f, GlyphAtlas(64, 128));
  OverlayBatch batch;
  batch.begin(2000, 200);
  ASSERT_TRUE(batch.addText(cache, 0, 0, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", OverlayColor{}, 1.0f));
  const auto generation = cache.atlas().generation();
  const auto v = batch.build(cache);
  ASSERT_FALSE(v.empty());
  ASSERT_EQ(v.size() % 6, 0u);
  EXPECT_NE(cache.atlas().generation(), generation);  // it did have to recycle
  // Every quad's atlas corner is a glyph's current place (nothing stale from before the clear).
  std::set<std::pair<int, int>> places;
  for (char32_t cp = U'A'; cp <= U'Z'; ++cp)
    if (const auto r = cache.place(cp, false)) places.insert({r->x, r->y});
  for (std::size_t i = 0; i < v.size(); i += 6) {
    const int x = static_cast<int>(std::lround(v[i].u * static_cast<float>(cache.atlas().width())));
    const int y =
        static_cast<int>(std::lround(v[i].v * static_cast<float>(cache.atlas().height())));
    EXPECT_TRUE(places.count({x, y})) << "quad " << i / 6 << " at " << x << "," << y;
  }
}

TEST(OverlayBatch, RefusesMoreThanItsLimitAndBeginForgets) {
  auto cache = builtinCache();
  OverlayBatch batch;
  EXPECT_FALSE(batch.begun());
  batch.begin(10, 10);
  for (std::size_t i = 0; i < OverlayBatch::kMaxQuads; ++i)
    ASSERT_TRUE(batch.addRect(0, 0, 1, 1, OverlayColor{}));
  EXPECT_FALSE(batch.addRect(0, 0, 1, 1, OverlayColor{}));
  EXPECT_FALSE(batch.addText(cache, 0, 0, "A", OverlayColor{}, 1));
  batch.begin(10, 10);
  EXPECT_TRUE(batch.empty());
  batch.finish();
  EXPECT_FALSE(batch.begun());
}

}  // namespace
}  // namespace phosphene::render::text
