// The built-in bitmap font: every printable ASCII character is in the table, drawn on the grid,
// distinct from every other, and scaled by whole pixels to the overlay's size.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <set>
#include <string>

#include "render/text/BuiltinFont.hpp"

namespace phosphene::render::text {
namespace {

std::string bitmapOf(const BitmapGlyph& g) {
  std::string s;
  for (const char* row : g.rows) s += row == nullptr ? std::string(kBitmapColumns, '.') : row;
  return s;
}

TEST(BuiltinFont, TableCoversPrintableAsciiInOrderOnTheGrid) {
  const auto glyphs = builtinGlyphs();
  ASSERT_EQ(glyphs.size(), 95u);
  for (std::size_t i = 0; i < glyphs.size(); ++i) {
    const BitmapGlyph& g = glyphs[i];
    SCOPED_TRACE(std::string(1, g.ch));
    EXPECT_EQ(static_cast<std::size_t>(static_cast<unsigned char>(g.ch)), 32 + i);
    for (const char* row : g.rows) {
      if (row == nullptr) continue;
      EXPECT_EQ(std::strlen(row), static_cast<std::size_t>(kBitmapColumns));
      EXPECT_EQ(std::strspn(row, "#."), std::strlen(row));
    }
    const std::string bits = bitmapOf(g);
    const auto ink = std::count(bits.begin(), bits.end(), '#');
    if (g.ch == ' ')
      EXPECT_EQ(ink, 0);
    else
      EXPECT_GT(ink, 0);
  }
}

TEST(BuiltinFont, EveryGlyphLooksDifferent) {
  std::set<std::string> seen;
  for (const BitmapGlyph& g : builtinGlyphs())
    EXPECT_TRUE(seen.insert(bitmapOf(g)).second) << "'" << g.ch << "' duplicates another glyph";
}

TEST(BuiltinFont, HasExactlyPrintableAscii) {
  BuiltinFont font(20.0f);
  for (char32_t cp = 32; cp <= 126; ++cp) {
    EXPECT_TRUE(font.hasGlyph(cp)) << static_cast<int>(cp);
    EXPECT_TRUE(font.rasterize(cp).has_value()) << static_cast<int>(cp);
  }
  for (char32_t cp : {U'\0', U'\n', char32_t{31}, char32_t{127}, U'\u00C4', U'\u2014'})
    EXPECT_FALSE(font.hasGlyph(cp)) << static_cast<int>(cp);
  EXPECT_EQ(font.name(), "built-in");
}

TEST(BuiltinFont, ScalesByWholePixelsToTheLineHeight) {
  BuiltinFont font(22.0f);  // 22 / 11 rows per cell: every bitmap pixel becomes 2 × 2
  EXPECT_EQ(font.pixelScale(), 2);
  EXPECT_FLOAT_EQ(font.metrics().lineHeight, 22.0f);
  EXPECT_FLOAT_EQ(font.metrics().ascent, 16.0f);
  const auto a = font.rasterize(U'A');
  ASSERT_TRUE(a);
  EXPECT_EQ(a->width, 10);
  EXPECT_EQ(a->height, 18);
  EXPECT_EQ(a->top, 14);
  EXPECT_FLOAT_EQ(a->advance, 12.0f);
  // The top row of 'A' is ".###.": columns 2..7 inked at scale 2, the corners not.
  EXPECT_EQ(a->coverage[0], 0);
  EXPECT_EQ(a->coverage[2], 255);
  EXPECT_EQ(a->coverage[static_cast<std::size_t>(a->width) + 7], 255);
  EXPECT_EQ(a->coverage[8], 0);
  const auto space = font.rasterize(U' ');
  ASSERT_TRUE(space);
  EXPECT_EQ(space->width, 0);
  EXPECT_FLOAT_EQ(space->advance, 12.0f);
  EXPECT_EQ(BuiltinFont(6.0f).pixelScale(), 1);
  EXPECT_EQ(BuiltinFont(256.0f).pixelScale(), 23);
}

}  // namespace
}  // namespace phosphene::render::text
