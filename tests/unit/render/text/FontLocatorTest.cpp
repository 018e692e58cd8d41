// Which font an overlay gets: an explicit path is used or is an error (never a silent fallback),
// "built-in" is the bitmap font, no path searches fontconfig, then known paths, then falls back
// to the bitmap font.
#include <gtest/gtest.h>

#include <string>

#include "render/text/BuiltinFont.hpp"
#include "render/text/FontLocator.hpp"

namespace phosphene::render::text {
namespace {

const std::string kDejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const std::string kNotAFont = PHOSPHENE_SOURCE_DIR "/README.md";
const std::string kMissing = PHOSPHENE_SOURCE_DIR "/tests/no-such-font.ttf";

FontSearch fakeSearch(std::vector<std::string> fontconfig, std::vector<std::string> known) {
  FontSearch s;
  s.fontconfigMatches = [fontconfig] { return fontconfig; };
  s.knownPaths = std::move(known);
  return s;
}

TEST(FontLocator, CandidatesAreFontconfigFirstThenKnownPathsEachOnce) {
  EXPECT_EQ(fontCandidates(fakeSearch({"/a.ttf", "/b.ttf"}, {"/b.ttf", "/c.ttf"})),
            (std::vector<std::string>{"/a.ttf", "/b.ttf", "/c.ttf"}));
  FontSearch noFontconfig;
  noFontconfig.knownPaths = {"/c.ttf", ""};
  EXPECT_EQ(fontCandidates(noFontconfig), (std::vector<std::string>{"/c.ttf"}));
  // The real search names DejaVu Sans where Debian puts it.
  const auto known = systemFontSearch().knownPaths;
  ASSERT_FALSE(known.empty());
  EXPECT_EQ(known.front(), kDejaVu);
}

TEST(FontLocator, ExplicitMissingPathIsAnErrorNotAFallback) {
  const auto font = openFont(kMissing, 20.0f, fakeSearch({kDejaVu}, {kDejaVu}));
  ASSERT_FALSE(font);
  ASSERT_FALSE(font.diagnostics().empty());
  EXPECT_EQ(font.diagnostics().front().id, fontFilesSupported() ? core::DiagnosticId::IoOpenFailed
                                                                : core::DiagnosticId::IoReadFailed);
  EXPECT_NE(font.diagnostics().front().message.find(kMissing), std::string::npos)
      << font.diagnostics().front().message;
}

TEST(FontLocator, ExplicitFileThatIsNotAFontIsAnError) {
  const auto font = openFont(kNotAFont, 20.0f, fakeSearch({kDejaVu}, {}));
  ASSERT_FALSE(font);
  EXPECT_EQ(font.diagnostics().front().id, core::DiagnosticId::IoReadFailed);
  EXPECT_NE(font.diagnostics().front().message.find("README.md"), std::string::npos);
}

TEST(FontLocator, BuiltInByNameAndWhenNothingElseIsFound) {
  const auto named = openFont(kBuiltinFontName, 20.0f, fakeSearch({kDejaVu}, {kDejaVu}));
  ASSERT_TRUE(named);
  EXPECT_EQ((*named)->name(), "built-in");
  const auto nothing = openFont("", 20.0f, fakeSearch({kMissing, kNotAFont}, {kMissing}));
  ASSERT_TRUE(nothing);
  EXPECT_EQ((*nothing)->name(), "built-in");
  EXPECT_TRUE((*nothing)->hasGlyph(U'A'));
}

#if PHOSPHENE_HAVE_FREETYPE
TEST(FontLocator, SearchSkipsBrokenCandidatesInOrder) {
  // fontconfig's first answer is broken, its second is DejaVu: DejaVu, not the built-in font.
  const auto font = openFont("", 20.0f, fakeSearch({kNotAFont, kDejaVu}, {kMissing}));
  ASSERT_TRUE(font);
  EXPECT_EQ((*font)->name(), kDejaVu);
  // Without fontconfig answers, the known paths are tried in order.
  const auto known = openFont("", 20.0f, fakeSearch({}, {kMissing, kDejaVu}));
  ASSERT_TRUE(known);
  EXPECT_EQ((*known)->name(), kDejaVu);
}

TEST(FontLocator, SystemSearchFindsDejaVuSans) {
  // scripts/deps.sh installs fonts-dejavu-core; fontconfig (or the known path) finds it.
  const auto font = openFont("", 20.0f, systemFontSearch());
  ASSERT_TRUE(font);
  EXPECT_NE((*font)->name().find("DejaVuSans"), std::string::npos) << (*font)->name();
}

TEST(FreeTypeFont, DejaVuAtTwentyPixels) {
  const auto font = openFont(kDejaVu, 20.0f, FontSearch{});
  ASSERT_TRUE(font) << font.diagnostics().front().message;
  GlyphSource& f = **font;
  EXPECT_EQ(f.name(), kDejaVu);
  EXPECT_FLOAT_EQ(f.metrics().lineHeight, 20.0f);
  EXPECT_GE(f.metrics().ascent, 14.0f);  // DejaVu: ascender 0.76 of its line spacing
  EXPECT_LE(f.metrics().ascent, 17.0f);
  EXPECT_TRUE(f.hasGlyph(U'\u00C4'));
  EXPECT_TRUE(f.hasGlyph(U'\u2014'));
  EXPECT_FALSE(f.hasGlyph(U'\uE000'));  // private use: no glyph
  const auto a = f.rasterize(U'A');
  ASSERT_TRUE(a);
  EXPECT_GT(a->width, 8);
  EXPECT_LT(a->width, 16);
  EXPECT_GT(a->height, 10);
  EXPECT_GT(a->advance, 9.0f);
  int solid = 0;
  for (auto c : a->coverage) solid += c == 255;
  EXPECT_GT(solid, 10);
  const auto space = f.rasterize(U' ');
  ASSERT_TRUE(space);
  EXPECT_EQ(space->width, 0);
  EXPECT_GT(space->advance, 3.0f);
}
#else
TEST(FontLocator, WithoutFreeTypeAnExplicitFontIsAnError) {
  const auto font = openFont(kDejaVu, 20.0f, FontSearch{});
  ASSERT_FALSE(font);
  EXPECT_NE(font.diagnostics().front().message.find("FreeType"), std::string::npos);
}
#endif

}  // namespace
}  // namespace phosphene::render::text
