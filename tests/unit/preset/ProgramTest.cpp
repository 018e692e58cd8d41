// preset::Program: every block compiled into its own context, diagnostics pointing at the
// preset file's own lines, a block that does not compile left out while the rest runs.

#include "preset/Program.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "RuntimeHarness.hpp"

namespace phosphene::preset {
namespace {

using testing::presetFromText;

const core::Diagnostic* findIn(const core::Diagnostics& diags, core::DiagnosticId id,
                               const std::string& section) {
  for (const auto& d : diags)
    if (d.id == id && d.section == section) return &d;
  return nullptr;
}

const core::Diagnostic* firstError(const core::Diagnostics& diags, const std::string& section) {
  for (const auto& d : diags)
    if (d.severity == core::Severity::Error && d.section == section &&
        d.id != core::DiagnosticId::PresetBlockSkipped)
      return &d;
  return nullptr;
}

TEST(Program, CompilesEveryBlockIntoItsSection) {
  eel::Globals globals;
  const Program p = Program::compile(presetFromText("[preset00]\n"
                                                    "per_frame_init_1=q1 = 1;\n"
                                                    "per_frame_1=zoom = 1.01;\n"
                                                    "per_pixel_1=rot = x;\n"
                                                    "wave_2_init1=t1 = 2;\n"
                                                    "wave_2_per_frame1=r = 1;\n"
                                                    "wave_2_per_point1=x = sample;\n"
                                                    "shape_3_init1=t2 = 1;\n"
                                                    "shape_3_per_frame1=x = 0.3;\n"),
                                     globals);
  EXPECT_EQ(p.failedBlocks(), 0);
  EXPECT_FALSE(core::hasErrors(p.diagnostics()));
  EXPECT_TRUE(p.presetCode().init.runnable());
  EXPECT_TRUE(p.presetCode().perFrame.runnable());
  EXPECT_TRUE(p.vertexCode().perPixel.runnable());
  EXPECT_EQ(p.vertexCode().perPixel.section, "per_pixel");
  EXPECT_TRUE(p.wave(2).init.runnable());
  EXPECT_TRUE(p.wave(2).perPoint.runnable());
  EXPECT_EQ(p.wave(2).perPoint.section, "wave_2_per_point");
  EXPECT_FALSE(p.wave(1).perFrame.present);
  EXPECT_TRUE(p.shape(3).perFrame.runnable());
  EXPECT_EQ(p.shape(3).init.section, "shape_3_init");
}

TEST(Program, ErrorPointsAtTheFileLineAndTheBlockIsSkipped) {
  eel::Globals globals;
  const Program p = Program::compile(presetFromText("[preset00]\n"             // line 1
                                                    "zoom=1\n"                 // line 2
                                                    "per_frame_1=a = 1;\n"     // line 3
                                                    "per_frame_2=b = (2 +;\n"  // line 4
                                                    "per_frame_3=c = 3;\n"     // line 5
                                                    "per_pixel_1=dx = 0.01;\n"),
                                     globals);
  EXPECT_EQ(p.failedBlocks(), 1);
  EXPECT_FALSE(p.presetCode().perFrame.runnable());
  EXPECT_TRUE(p.presetCode().perFrame.failed());
  EXPECT_TRUE(p.vertexCode().perPixel.runnable()) << "MD2 runs the other blocks";
  const core::Diagnostic* err = firstError(p.diagnostics(), "per_frame");
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->line, 4);
  EXPECT_GE(err->column, 1);
  EXPECT_LE(err->column, 9);  // within "b = (2 +;"
  const core::Diagnostic* skipped =
      findIn(p.diagnostics(), core::DiagnosticId::PresetBlockSkipped, "per_frame");
  ASSERT_NE(skipped, nullptr);
  EXPECT_EQ(skipped->severity, core::Severity::Error);
  EXPECT_EQ(skipped->line, 3);  // the block's first line
}

TEST(Program, WaveAndShapeErrorsNameTheirBlock) {
  eel::Globals globals;
  const Program p = Program::compile(presetFromText("[preset00]\n"
                                                    "wave_1_per_point1=x = ;\n"
                                                    "shape_2_init1=t1 = sin(;\n"),
                                     globals);
  EXPECT_EQ(p.failedBlocks(), 2);
  const core::Diagnostic* w = firstError(p.diagnostics(), "wave_1_per_point");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->line, 2);
  const core::Diagnostic* s = firstError(p.diagnostics(), "shape_2_init");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->line, 3);
}

TEST(Program, ColumnsFollowJoinedLinesBackToTheirOwnLine) {
  // MD2 deletes the line separators, so line 2's text continues line 1's: an error in the
  // second line must still be reported on it.
  eel::Globals globals;
  const Program p = Program::compile(presetFromText("[preset00]\n"
                                                    "per_frame_1=a = 1;   // fine\n"
                                                    "per_frame_2=b = 1 + + ;\n"),
                                     globals);
  const core::Diagnostic* err = firstError(p.diagnostics(), "per_frame");
  ASSERT_NE(err, nullptr);
  EXPECT_EQ(err->line, 3);
}

TEST(Program, MapsEngineLinesInsideTheJoinedText) {
  milk::CodeBlock block;
  block.lines = {{"a = 1;", 10}, {"b = 2;", 12}};
  core::Diagnostic d;
  d.line = 1;
  d.column = 7;  // 'b' of "a = 1;b = 2;" (1-based)
  mapDiagnosticToFile(block, d);
  EXPECT_EQ(d.line, 12);
  EXPECT_EQ(d.column, 1);
}

TEST(Program, ShapeInstanceCapIsReported) {
  eel::Globals globals;
  const Program p = Program::compile(presetFromText("[preset00]\n"
                                                    "shapecode_0_enabled=1\n"
                                                    "shapecode_0_num_inst=5000\n"),
                                     globals);
  EXPECT_NE(findIn(p.diagnostics(), core::DiagnosticId::PresetInstancesCapped, "shape_0_per_frame"),
            nullptr);
  EXPECT_EQ(p.failedBlocks(), 0);
}

}  // namespace
}  // namespace phosphene::preset
