// MilkDrop 3's .milk2 double preset, read side (issue 36). Facts: MilkDrop3 README.md (".milk2
// file mixing 2 presets", blending pattern/progress/direction and the saved random values);
// MDropDX12 src/mDropDX12/engine_presets.cpp ParseMilk2File (header keys before
// [PRESET1_BEGIN]; progress default 0.5, direction default 1; each half between its BEGIN and
// END markers; the file refused when a half is missing or empty).

#include <gtest/gtest.h>

#include <string>

#include "milk/DoublePreset.hpp"

namespace phosphene::milk {
namespace {

const std::string kHalf1 = "MILKDROP_PRESET_VERSION=201\n[preset00]\nzoom=1.05\n";
const std::string kHalf2 = "[preset00]\nrot=0.25\nper_frame_1=q40=1;\n";

std::string doubleText(const std::string& header, const std::string& a, const std::string& b) {
  return header + "[PRESET1_BEGIN]\n" + a + "[PRESET1_END]\n[PRESET2_BEGIN]\n" + b +
         "[PRESET2_END]\n";
}

int errors(const core::Diagnostics& d) {
  int n = 0;
  for (const auto& x : d) n += x.severity == core::Severity::Error;
  return n;
}

TEST(DoublePreset, ReadsHeaderAndBothHalves) {
  const std::string text = doubleText(
      "Created with MILKDROP 3.x\nblending_pattern=cercle\nblending_progress=0.25\n"
      "blending_direction=-1\nrandom_1=0.5\nrandom_3=0.75\n",
      kHalf1, kHalf2);
  EXPECT_TRUE(isDoublePresetText(text));
  core::Diagnostics d;
  const auto p = parseDoublePreset(text, d);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(errors(d), 0);
  EXPECT_EQ(p->blendingPattern, "cercle");
  EXPECT_FLOAT_EQ(p->blendingProgress, 0.25f);
  EXPECT_EQ(p->blendingDirection, -1);
  EXPECT_TRUE(p->hasRandom);
  EXPECT_FLOAT_EQ(p->random[0], 0.5f);
  EXPECT_FLOAT_EQ(p->random[1], 0.0f);
  EXPECT_FLOAT_EQ(p->random[2], 0.75f);
  EXPECT_EQ(p->first.version, 201);
  EXPECT_FLOAT_EQ(p->first.zoom, 1.05f);
  EXPECT_FLOAT_EQ(p->first.rot, 0.0f);  // the halves do not leak into each other
  EXPECT_FLOAT_EQ(p->second.rot, 0.25f);
  EXPECT_EQ(p->second.perFrame.lines.at(0).text, "q40=1;");
}

TEST(DoublePreset, DefaultsWithoutHeader) {
  core::Diagnostics d;
  const auto p = parseDoublePreset(doubleText("", kHalf1, kHalf2), d);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->blendingPattern, "");
  EXPECT_FLOAT_EQ(p->blendingProgress, 0.5f);
  EXPECT_EQ(p->blendingDirection, 1);
  EXPECT_FALSE(p->hasRandom);
  EXPECT_FALSE(isDoublePresetText(kHalf1));
}

TEST(DoublePreset, MissingHalfIsAnError) {
  core::Diagnostics d;
  EXPECT_FALSE(parseDoublePreset("[PRESET1_BEGIN]\n" + kHalf1 + "[PRESET1_END]\n", d));
  ASSERT_EQ(errors(d), 2);  // [PRESET2_BEGIN] and [PRESET2_END]
  EXPECT_NE(d[0].message.find("second preset is missing"), std::string::npos) << d[0].format();
  core::Diagnostics empty;
  EXPECT_FALSE(parseDoublePreset(doubleText("", kHalf1, "\n\n"), empty));
  ASSERT_EQ(errors(empty), 1);
  EXPECT_NE(empty[0].message.find("second preset"), std::string::npos);
  EXPECT_EQ(empty[0].line, 6);  // the [PRESET2_BEGIN] line
}

TEST(DoublePreset, NestedOrMisorderedMarkersAreErrors) {
  core::Diagnostics nested;
  const std::string inner = "[preset00]\nzoom=1\n[PRESET1_BEGIN]\n[preset00]\nrot=1\n";
  EXPECT_FALSE(parseDoublePreset(doubleText("", inner, kHalf2), nested));
  ASSERT_GE(errors(nested), 1);
  EXPECT_NE(nested[0].message.find("appears again"), std::string::npos) << nested[0].format();
  EXPECT_EQ(nested[0].line, 4);

  core::Diagnostics swapped;
  const std::string text = "[PRESET2_BEGIN]\n" + kHalf2 + "[PRESET2_END]\n[PRESET1_BEGIN]\n" +
                           kHalf1 + "[PRESET1_END]\n";
  EXPECT_FALSE(parseDoublePreset(text, swapped));
  ASSERT_EQ(errors(swapped), 1);
  EXPECT_NE(swapped[0].message.find("comes before"), std::string::npos) << swapped[0].format();
}

TEST(DoublePreset, SeventeenthWaveIsAWarningInItsHalf) {
  core::Diagnostics d;
  const auto p = parseDoublePreset(
      doubleText("", kHalf1 + "wavecode_15_enabled=1\nwavecode_16_enabled=1\n", kHalf2), d);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->first.waves[15].enabled, 1);
  int warnings = 0;
  for (const auto& x : d) {
    if (x.severity != core::Severity::Warning) continue;
    ++warnings;
    EXPECT_EQ(x.section, "preset1");
    EXPECT_EQ(x.line, 6);  // line in the whole .milk2 file
    EXPECT_NE(x.message.find("16 custom waves"), std::string::npos) << x.format();
  }
  EXPECT_EQ(warnings, 1);
}

}  // namespace
}  // namespace phosphene::milk
