// MilkDrop 3 presets in the preset model: 16 custom waves and 16 custom shapes.
//
// Facts (clean room, read for facts only):
//  * MilkDrop3 README.md ("Support of displaying 16 shapes/waves simultaneously instead of 4");
//    MDropDX12 src/mDropDX12/md_defines.h: MAX_CUSTOM_WAVES = MAX_CUSTOM_SHAPES = 16, and its
//    src/mDropDX12/state.cpp CWave::Import / CShape::Import read `wavecode_K_<name>` and
//    `shapecode_K_<name>` plus the `wave_K_init/per_frame/per_point` and
//    `shape_K_init/per_frame` code blocks with the same key layout as MD2 for every K = 0..15.
//  * MilkDrop 2 (vis_milk2/md_defines.h in milkdrop2077/MilkDrop3) has 4 of each and never looks
//    at a key for slot 4 or above.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "milk/DoublePreset.hpp"
#include "milk/PresetReader.hpp"
#include "milk/PresetWriter.hpp"

namespace phosphene::milk {
namespace {

Preset parse(std::string_view text, core::Diagnostics* out = nullptr) {
  core::Diagnostics d;
  Preset p = parsePreset(text, d);
  if (out) *out = d;
  return p;
}

constexpr std::string_view kMd3Text =
    "MILKDROP_PRESET_VERSION=201\n"
    "PSVERSION=2\nPSVERSION_WARP=2\nPSVERSION_COMP=2\n"
    "[preset00]\n"
    "zoom=1.01\n"
    "wavecode_0_enabled=1\n"
    "wavecode_15_enabled=1\n"
    "wavecode_15_samples=100\n"
    "wavecode_15_r=0.25\n"
    "wave_15_init1=t1=3;\n"
    "wave_15_per_frame1=r=0.5;\n"
    "wave_15_per_point1=x=sample;\n"
    "wave_15_per_point2=y=0.5;\n"
    "shapecode_9_enabled=1\n"
    "shapecode_9_sides=7\n"
    "shapecode_9_num_inst=3\n"
    "shape_9_init1=t2=1;\n"
    "shape_9_per_frame1=x=0.25+instance*0.1;\n"
    "per_frame_1=q1=1;\n";

TEST(Md3Preset, SlotsAboveThreeAreReadWithTheirCode) {
  core::Diagnostics d;
  const Preset p = parse(kMd3Text, &d);
  EXPECT_EQ(p.waves[15].enabled, 1);
  EXPECT_EQ(p.waves[15].samples, 100);
  EXPECT_FLOAT_EQ(p.waves[15].r, 0.25f);
  ASSERT_EQ(p.waves[15].perPoint.lines.size(), 2u);
  EXPECT_EQ(p.waves[15].perPoint.lines[1].text, "y=0.5;");
  EXPECT_EQ(p.waves[15].init.lines.at(0).text, "t1=3;");
  EXPECT_EQ(p.shapes[9].enabled, 1);
  EXPECT_EQ(p.shapes[9].sides, 7);
  EXPECT_EQ(p.shapes[9].instances, 3);
  EXPECT_EQ(p.shapes[9].perFrame.lines.at(0).text, "x=0.25+instance*0.1;");
  // The slots in between keep MD2's defaults.
  EXPECT_EQ(p.waves[7], CustomWave{});
  EXPECT_EQ(p.shapes[15], CustomShape{});
  // Every key is one MilkDrop 3 reads: nothing is reported as unknown.
  for (const auto& x : d) EXPECT_NE(x.id, core::DiagnosticId::MilkUnknownKey) << x.format();
  EXPECT_EQ(usedWaveSlots(p), 16);
  EXPECT_EQ(usedShapeSlots(p), 10);
}

TEST(Md3Preset, SlotSixteenIsUnknownToBothVersions) {
  core::Diagnostics d;
  const Preset p = parse("wavecode_16_enabled=1\nshape_16_per_frame1=x=1;\n", &d);
  EXPECT_EQ(usedWaveSlots(p), kMd2CustomWaves);
  EXPECT_EQ(usedShapeSlots(p), kMd2CustomShapes);
  int unknown = 0;
  for (const auto& x : d) unknown += x.id == core::DiagnosticId::MilkUnknownKey;
  EXPECT_EQ(unknown, 2);  // wavecode_16_enabled and shape_16_per_frame1
}

TEST(Md3Preset, Md2PresetsUseFourSlotsAndWriteAsBefore) {
  const Preset p = parse("wavecode_3_enabled=1\nshape_3_per_frame1=x=1;\n");
  EXPECT_EQ(usedWaveSlots(p), 4);
  EXPECT_EQ(usedShapeSlots(p), 4);
  const std::string text = writePreset(p);
  EXPECT_NE(text.find("wavecode_3_a="), std::string::npos);
  EXPECT_EQ(text.find("wavecode_4_"), std::string::npos);
  EXPECT_EQ(text.find("shapecode_4_"), std::string::npos);
}

TEST(Md3Preset, ReadWriteReadIsIdentical) {
  const Preset first = parse(kMd3Text);
  const std::string written = writePreset(first);
  // Slots up to the last one in use are written, in MD2's per-slot layout.
  EXPECT_NE(written.find("wavecode_15_enabled=1"), std::string::npos);
  EXPECT_NE(written.find("wave_15_per_point2=y=0.5;"), std::string::npos);
  EXPECT_NE(written.find("shapecode_9_num_inst=3"), std::string::npos);
  EXPECT_EQ(written.find("shapecode_10_"), std::string::npos);
  core::Diagnostics d;
  const Preset second = parsePreset(written, d);
  EXPECT_EQ(second, first);
  for (const auto& x : d) EXPECT_EQ(x.severity, core::Severity::Info) << x.format();
  // And the second write is byte-identical to the first.
  EXPECT_EQ(writePreset(second), written);
}

TEST(Md3Preset, CodeOnlySlotCountsAsUsed) {
  // A slot whose only content is code (MD3 runs init code of disabled waves too, as MD2 does).
  const Preset p = parse("shape_12_init1=reg00=5;\n");
  EXPECT_EQ(usedShapeSlots(p), 13);
  EXPECT_EQ(parse(writePreset(p)), p);
}

// Every MD3 fixture (tests/data/md3: the .milk files, and both halves of the .milk2 files):
// read -> write -> read gives the same preset, and writing that again the same bytes.
TEST(Md3Preset, FixturesRoundTrip) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(PHOSPHENE_SOURCE_DIR) / "tests/data/md3";
  int checked = 0;
  const auto roundTrip = [&checked](const Preset& first, const std::string& what) {
    const std::string written = writePreset(first);
    core::Diagnostics d;
    const Preset second = parsePreset(written, d);
    EXPECT_EQ(second, first) << what;
    EXPECT_EQ(writePreset(second), written) << what;
    ++checked;
  };
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    const std::string ext = file.extension().string();
    if (ext != ".milk" && ext != ".milk2") continue;
    core::Expected<std::string> bytes = readPresetBytes(file);
    ASSERT_TRUE(bytes) << file;
    if (ext == ".milk2") {
      core::Diagnostics d;
      const std::optional<DoublePreset> dp = parseDoublePreset(*bytes, d);
      ASSERT_TRUE(dp.has_value()) << file;
      roundTrip(dp->first, file.string() + " [preset 1]");
      roundTrip(dp->second, file.string() + " [preset 2]");
    } else {
      core::Diagnostics d;
      roundTrip(parsePreset(*bytes, d), file.string());
    }
  }
  EXPECT_GE(checked, 16);  // 12 .milk fixtures and two halves of each .milk2
}

}  // namespace
}  // namespace phosphene::milk
