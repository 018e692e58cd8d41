// What MilkDrop 2 reads from a .milk file: vis_milk2/state.cpp CState::Default, CState::Import,
// CWave::Import, CShape::Import and ReadCode (milkdrop2077/MilkDrop3; spec §1-§2).

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "milk/PresetReader.hpp"

namespace phosphene::milk {
namespace {

using core::DiagnosticId;

Preset parse(std::string_view text, core::Diagnostics* out = nullptr) {
  core::Diagnostics d;
  Preset p = parsePreset(text, d);
  if (out) *out = d;
  return p;
}

int count(const core::Diagnostics& d, DiagnosticId id) {
  return static_cast<int>(
      std::count_if(d.begin(), d.end(), [&](const core::Diagnostic& x) { return x.id == id; }));
}

const core::Diagnostic* find(const core::Diagnostics& d, DiagnosticId id) {
  for (const auto& x : d)
    if (x.id == id) return &x;
  return nullptr;
}

TEST(PresetReader, DefaultsAreMd2Default) {
  // state.cpp CState::Default(): the values a default-constructed Preset carries.
  const Preset p;
  EXPECT_EQ(p.rating, 3.0f);
  EXPECT_EQ(p.decay, 0.98f);
  EXPECT_EQ(p.gamma, 2.0f);
  EXPECT_EQ(p.echoZoom, 2.0f);
  EXPECT_TRUE(p.texWrap);
  EXPECT_TRUE(p.maximizeWaveColor);
  EXPECT_EQ(p.waveAlpha, 0.8f);
  EXPECT_EQ(p.waveSmoothing, 0.75f);
  EXPECT_EQ(p.modWaveAlphaStart, 0.75f);
  EXPECT_EQ(p.modWaveAlphaEnd, 0.95f);
  EXPECT_EQ(p.mvX, 12.0f);
  EXPECT_EQ(p.mvY, 9.0f);
  EXPECT_EQ(p.mvL, 0.9f);
  EXPECT_EQ(p.blur1EdgeDarken, 0.25f);
  EXPECT_EQ(p.ibR, 0.25f);
  EXPECT_EQ(p.obSize, 0.01f);
  EXPECT_EQ(p.waves[0].samples, 512);
  EXPECT_EQ(p.waves[0].smoothing, 0.5f);
  EXPECT_EQ(p.shapes[0].sides, 4);
  EXPECT_EQ(p.shapes[0].instances, 1);
  EXPECT_EQ(p.shapes[0].rad, 0.1f);
  EXPECT_EQ(p.shapes[0].g, 0.0f);
  EXPECT_EQ(p.shapes[0].g2, 1.0f);
  EXPECT_EQ(p.shapes[0].borderA, 0.1f);
}

TEST(PresetReader, EmptyFileFollowsImportQuirks) {
  core::Diagnostics d;
  const Preset p = parse("", &d);
  // state.cpp Import: GetFastFloat("wave_r", m_fRot.eval(-1), f) — the default passed for
  // wave_r/g/b/x/y is the current rot (0 from Default()), not 1/1/1/0.5/0.5 (spec §1.4).
  EXPECT_EQ(p.waveR, 0.0f);
  EXPECT_EQ(p.waveG, 0.0f);
  EXPECT_EQ(p.waveB, 0.0f);
  EXPECT_EQ(p.waveX, 0.0f);
  EXPECT_EQ(p.waveY, 0.0f);
  // state.cpp Import: m_fMvA = (GetFastInt("bMotionVectorsOn", false) == 0) ? 0 : 1, then
  // mv_a with that default: no key at all means motion vectors off, although Default() says 1.
  EXPECT_EQ(p.mvA, 0.0f);
  // MILKDROP_PRESET_VERSION defaults to 100, and below 200 both shader stages are 0.
  EXPECT_EQ(p.version, 100);
  EXPECT_EQ(p.warpPsVersion, 0);
  EXPECT_EQ(p.compPsVersion, 0);
  // Everything else keeps Default().
  Preset expected;
  expected.waveR = expected.waveG = expected.waveB = expected.waveX = expected.waveY = 0.0f;
  expected.mvA = 0.0f;
  EXPECT_EQ(p, expected);
  EXPECT_EQ(count(d, DiagnosticId::MilkNoHeader), 1);
}

TEST(PresetReader, WaveXDefaultsToRotEvenWhenRotIsInTheFile) {
  // The wave keys are read before the motion keys, so the file's rot does not matter.
  const Preset p = parse("[preset00]\nrot=0.3\nwave_r=0.5\n");
  EXPECT_EQ(p.rot, 0.3f);
  EXPECT_EQ(p.waveR, 0.5f);
  EXPECT_EQ(p.waveX, 0.0f);
}

TEST(PresetReader, LegacyMotionVectorsOn) {
  EXPECT_EQ(parse("bMotionVectorsOn=1\n").mvA, 1.0f);
  EXPECT_EQ(parse("bMotionVectorsOn=0\n").mvA, 0.0f);
  EXPECT_EQ(parse("bMotionVectorsOn=1\nmv_a=0.25\n").mvA, 0.25f);  // mv_a overrides
  EXPECT_EQ(parse("mv_a=0.5\n").mvA, 0.5f);
}

TEST(PresetReader, BooleansAreIntegersTestedForNonZero) {
  // state.cpp Import: m_bBrighten = (GetFastInt("bBrighten", ...) != 0), read with %d.
  core::Diagnostics d;
  const Preset p = parse("bBrighten=2\nbDarken=0.9\nbInvert=1.000\nbTexWrap=0\n", &d);
  EXPECT_TRUE(p.brighten);
  EXPECT_FALSE(p.darken);  // "0.9" reads as 0
  EXPECT_TRUE(p.invert);
  EXPECT_FALSE(p.texWrap);
  EXPECT_EQ(count(d, DiagnosticId::MilkFractionDropped), 1);  // only 0.9; 1.000 is normal
}

TEST(PresetReader, MalformedNumbersKeepTheDefault) {
  core::Diagnostics d;
  const Preset p = parse("fDecay=abc\nzoom = 1.5\nrot=-\nfGammaAdj=nan\nwarp=1.5f\ncx=1e99\n", &d);
  EXPECT_EQ(p.decay, 0.98f);
  EXPECT_EQ(p.zoom, 1.0f);  // key "zoom", value "= 1.5" (spec §1.1)
  EXPECT_EQ(p.rot, 0.0f);
  EXPECT_EQ(p.gamma, 2.0f);
  EXPECT_EQ(p.warp, 1.5f);  // "1.5f": sscanf reads 1.5 and ignores the f
  EXPECT_EQ(p.cx, 0.5f);
  EXPECT_EQ(count(d, DiagnosticId::MilkBadNumber), 4);
  EXPECT_EQ(count(d, DiagnosticId::MilkTrailingText), 1);
  EXPECT_EQ(count(d, DiagnosticId::MilkNumberOutOfRange), 1);
  const auto* bad = find(d, DiagnosticId::MilkBadNumber);
  ASSERT_NE(bad, nullptr);
  EXPECT_EQ(bad->line, 1);
  EXPECT_EQ(bad->section, "file");
  EXPECT_EQ(bad->severity, core::Severity::Warning);
}

TEST(PresetReader, Versions) {
  const Preset v1 = parse("PSVERSION_WARP=3\nPSVERSION_COMP=3\nPSVERSION=3\n");
  EXPECT_EQ(v1.version, 100);
  EXPECT_EQ(v1.warpPsVersion, 0);
  EXPECT_EQ(v1.compPsVersion, 0);

  const Preset v200 = parse("MILKDROP_PRESET_VERSION=200\nPSVERSION=3\nPSVERSION_WARP=2\n");
  EXPECT_EQ(v200.warpPsVersion, 3);
  EXPECT_EQ(v200.compPsVersion, 3);
  EXPECT_EQ(parse("MILKDROP_PRESET_VERSION=200\n").warpPsVersion, 2);  // PSVERSION default 2

  core::Diagnostics d;
  const Preset v201 =
      parse("MILKDROP_PRESET_VERSION=201\nPSVERSION=4\nPSVERSION_WARP=4\nPSVERSION_COMP=0\n", &d);
  EXPECT_EQ(v201.version, 201);
  EXPECT_EQ(v201.warpPsVersion, 4);
  EXPECT_EQ(v201.compPsVersion, 0);
  EXPECT_EQ(count(d, DiagnosticId::MilkKeyNotForVersion), 0);  // PSVERSION in 201 is normal
  EXPECT_EQ(parse("MILKDROP_PRESET_VERSION=201\n").compPsVersion, 2);

  core::Diagnostics d1;
  parse("PSVERSION_WARP=3\n", &d1);
  EXPECT_EQ(count(d1, DiagnosticId::MilkKeyNotForVersion), 1);
  core::Diagnostics d2;
  parse("MILKDROP_PRESET_VERSION=201\nPSVERSION_WARP=7\n", &d2);
  EXPECT_EQ(count(d2, DiagnosticId::MilkBadPsVersion), 1);
}

TEST(PresetReader, CodeLinesAreReadUntilTheFirstGap) {
  core::Diagnostics d;
  const Preset p =
      parse("per_frame_1=a=1;\nper_frame_2=b=2;\nper_frame_4=c=3;\nper_frame_5=d=4;\n", &d);
  ASSERT_EQ(p.perFrame.lines.size(), 2u);
  EXPECT_EQ(p.perFrame.lines[1].text, "b=2;");
  EXPECT_EQ(p.perFrame.lines[1].sourceLine, 2);
  ASSERT_EQ(count(d, DiagnosticId::MilkCodeLineOrphaned), 1);  // one warning per block
  EXPECT_EQ(find(d, DiagnosticId::MilkCodeLineOrphaned)->line, 3);
}

TEST(PresetReader, CodeKeysMatchWholeNames) {
  // per_frame_init_1 is not per_frame_1 (the whole key is compared), and custom wave/shape
  // keys have no underscore before the number (state.cpp CWave::Import: "wave_%d_per_frame").
  const Preset p = parse(
      "per_frame_init_1=q1=1;\nper_frame_1=x=q1;\nper_pixel_1=zoom=1;\n"
      "wave_0_init1=t1=0;\nwave_0_per_frame1=r=1;\nwave_0_per_point1=x=sample;\n"
      "wave_3_per_point1=y=0;\nshape_2_init1=t2=1;\nshape_2_per_frame1=ang=time;\n"
      "wave_0_per_frame_1=nope;\n");
  EXPECT_EQ(p.perFrameInit.lines.size(), 1u);
  EXPECT_EQ(p.perFrame.lines.at(0).text, "x=q1;");
  EXPECT_EQ(p.perPixel.lines.size(), 1u);
  EXPECT_EQ(p.waves[0].init.lines.size(), 1u);
  EXPECT_EQ(p.waves[0].perFrame.lines.size(), 1u);
  EXPECT_EQ(p.waves[0].perPoint.lines.size(), 1u);
  EXPECT_EQ(p.waves[3].perPoint.lines.size(), 1u);
  EXPECT_EQ(p.shapes[2].init.lines.size(), 1u);
  EXPECT_EQ(p.shapes[2].perFrame.lines.at(0).text, "ang=time;");
}

TEST(PresetReader, ShaderLinesLoseOneBacktick) {
  // ReadCode: a value starting with '`' has that one character removed, in every block.
  const Preset p = parse(
      "MILKDROP_PRESET_VERSION=201\nwarp_1=`shader_body\nwarp_2=`{\nwarp_3=``  ret = 0;\n"
      "warp_4=}\ncomp_1=`\nper_frame_1=`a=1;\n");
  ASSERT_EQ(p.warpShader.lines.size(), 4u);
  EXPECT_EQ(p.warpShader.lines[0].text, "shader_body");
  EXPECT_EQ(p.warpShader.lines[2].text, "`  ret = 0;");
  EXPECT_EQ(p.warpShader.lines[3].text, "}");
  ASSERT_EQ(p.compShader.lines.size(), 1u);
  EXPECT_EQ(p.compShader.lines[0].text, "");
  EXPECT_EQ(p.perFrame.lines[0].text, "a=1;");
}

TEST(PresetReader, MissingLineMarkerEndsABlock) {
  // ReadCode asks GetFastString for the line with default "~!@#$" and stops when it gets that
  // string back, so a line whose value is exactly the marker ends the block.
  core::Diagnostics d;
  const Preset p = parse("per_frame_1=a=1;\nper_frame_2=~!@#$\nper_frame_3=b=1;\n", &d);
  EXPECT_EQ(p.perFrame.lines.size(), 1u);
  EXPECT_EQ(count(d, DiagnosticId::MilkCodeLineOrphaned), 1);
}

TEST(PresetReader, BlockLimitIs32KiB) {
  // ReadCode: a line is dropped, with all lines after it, when
  // len >= MAX_BIGSTRING_LEN(32768) - 1 - char_pos - 1; each kept line costs len + 1.
  std::string text;
  const std::string line(999, 'a');  // 1000 bytes per line with the separator
  for (int i = 1; i <= 40; ++i) text += "per_frame_" + std::to_string(i) + "=" + line + "\n";
  core::Diagnostics d;
  const Preset p = parse(text, &d);
  // 32 lines use 32000 bytes; the 33rd needs 999 >= 32766 - 32000 = 766: dropped.
  EXPECT_EQ(p.perFrame.lines.size(), 32u);
  EXPECT_EQ(count(d, DiagnosticId::MilkCodeTruncated), 1);
  EXPECT_EQ(count(d, DiagnosticId::MilkCodeLineOrphaned), 0);  // not reported twice
}

TEST(PresetReader, LongCodeLinesAreReadWhole) {
  const std::string code(5000, 'x');
  const Preset p = parse("per_frame_1=" + code + ";\r\nper_frame_2=y=1;\r\n");
  ASSERT_EQ(p.perFrame.lines.size(), 2u);
  EXPECT_EQ(p.perFrame.lines[0].text.size(), 5001u);
  EXPECT_EQ(p.perFrame.lines[1].sourceLine, 2);
}

TEST(PresetReader, CustomWaveAndShapeValues) {
  const Preset p = parse(
      "wavecode_1_enabled=1\nwavecode_1_samples=100\nwavecode_1_sep=3\nwavecode_1_bSpectrum=1\n"
      "wavecode_1_bUseDots=1\nwavecode_1_bDrawThick=1\nwavecode_1_bAdditive=1\n"
      "wavecode_1_scaling=2.5\nwavecode_1_smoothing=0.1\nwavecode_1_r=0.1\nwavecode_1_g=0.2\n"
      "wavecode_1_b=0.3\nwavecode_1_a=0.4\n"
      "shapecode_3_enabled=1\nshapecode_3_sides=6\nshapecode_3_additive=1\n"
      "shapecode_3_thickOutline=1\nshapecode_3_textured=1\nshapecode_3_num_inst=12\n"
      "shapecode_3_x=0.1\nshapecode_3_y=0.2\nshapecode_3_rad=0.3\nshapecode_3_ang=0.4\n"
      "shapecode_3_tex_ang=0.5\nshapecode_3_tex_zoom=0.6\nshapecode_3_r=0.7\nshapecode_3_g=0.8\n"
      "shapecode_3_b=0.9\nshapecode_3_a=0.15\nshapecode_3_r2=0.25\nshapecode_3_g2=0.35\n"
      "shapecode_3_b2=0.45\nshapecode_3_a2=0.55\nshapecode_3_border_r=0.65\n"
      "shapecode_3_border_g=0.75\nshapecode_3_border_b=0.85\nshapecode_3_border_a=0.95\n");
  const CustomWave& w = p.waves[1];
  EXPECT_EQ(w.enabled, 1);
  EXPECT_EQ(w.samples, 100);
  EXPECT_EQ(w.sep, 3);
  EXPECT_EQ(w.spectrum + w.useDots + w.drawThick + w.additive, 4);
  EXPECT_EQ(w.scaling, 2.5f);
  EXPECT_EQ(w.smoothing, 0.1f);
  EXPECT_EQ(w.a, 0.4f);
  EXPECT_EQ(p.waves[0], CustomWave{});
  const CustomShape& s = p.shapes[3];
  EXPECT_EQ(s.sides, 6);
  EXPECT_EQ(s.instances, 12);
  EXPECT_EQ(s.thickOutline, 1);
  EXPECT_EQ(s.texZoom, 0.6f);
  EXPECT_EQ(s.a2, 0.55f);
  EXPECT_EQ(s.borderA, 0.95f);
  EXPECT_EQ(p.shapes[0], CustomShape{});
}

TEST(PresetReader, DuplicateKeysFollowMd2sCursor) {
  // state.cpp _GetLineByName: the entry after the last hit is tried first, then the first
  // occurrence from the top. A corpus file (BrainStain presets) has `per_frame_8 ` early and
  // `per_frame_8=...` right after per_frame_7 at the end: MD2 reads the second one.
  core::Diagnostics d;
  const Preset p = parse(
      "[preset00]\nzoom=1.1\nper_frame_3=early;\nrot=0.1\nzoom=1.2\n"
      "per_frame_1=a;\nper_frame_2=b;\nper_frame_3=late;\n",
      &d);
  EXPECT_EQ(p.zoom, 1.1f);  // first occurrence (no key before it leaves the cursor there)
  ASSERT_EQ(p.perFrame.lines.size(), 3u);
  EXPECT_EQ(p.perFrame.lines[2].text, "late;");  // right after per_frame_2: cursor wins
  EXPECT_EQ(count(d, DiagnosticId::MilkDuplicateKey), 2);
  // Motion keys are read in the order zoom, rot, ...: after rot (line 4) the cursor is on the
  // second zoom, but zoom was already read, so the first stays.
  const Preset q = parse("rot=0.1\nzoom=1.1\nzoom=1.2\n");
  EXPECT_EQ(q.zoom, 1.1f);
  // dx is read right after cy; a duplicate dx directly after cy wins over an earlier one.
  const Preset r = parse("dx=0.1\ncy=0.4\ndx=0.2\n");
  EXPECT_EQ(r.dx, 0.2f);
}

TEST(PresetReader, CrLfLfAndMissingHeaderParseAlike) {
  const std::string lf = "[preset00]\nfDecay=0.9\nper_frame_1=a=1;\nper_frame_2=b=2;\n";
  std::string crlf;
  for (char c : lf) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const std::string noHeader = lf.substr(lf.find('\n') + 1);
  core::Diagnostics d1, d2, d3;
  const Preset a = parse(lf, &d1), b = parse(crlf, &d2), c = parse(noHeader, &d3);
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, c);
  EXPECT_EQ(a.decay, 0.9f);
  EXPECT_EQ(b.perFrame.lines[1].text, "b=2;");
  EXPECT_TRUE(d1.empty());
  EXPECT_TRUE(d2.empty());
  EXPECT_EQ(count(d3, DiagnosticId::MilkNoHeader), 1);
  // A header with a trailing space (38 corpus files) is a "key" MD2 never asks for: no noise.
  core::Diagnostics d4;
  parse("[preset00] \nzoom=1\n", &d4);
  EXPECT_TRUE(d4.empty());
}

TEST(PresetReader, UnknownLegacyAndJunkLines) {
  core::Diagnostics d;
  parse("[preset00]\nwave_brighten=1\nnWrapMode_x=1\nwavecode_16_enabled=1\n  zoom=2\ngarbage\n",
        &d);
  EXPECT_EQ(count(d, DiagnosticId::MilkUnknownKey), 2);
  EXPECT_EQ(count(d, DiagnosticId::MilkLegacyKey), 1);
  EXPECT_EQ(count(d, DiagnosticId::MilkLineIgnored), 2);  // "  zoom=2" and "garbage"
  const auto* junk = find(d, DiagnosticId::MilkUnknownKey);
  ASSERT_NE(junk, nullptr);
  EXPECT_EQ(junk->severity, core::Severity::Info);
  EXPECT_EQ(junk->line, 2);
  EXPECT_NE(junk->message.find("the file key is bMaximizeWaveColor"), std::string::npos);
}

TEST(PresetReader, StrayBytesNeverStopParsing) {
  using namespace std::string_literals;
  core::Diagnostics d;
  const Preset p = parse("zoom=1.5\nper_frame_1=a=1; // \xE9t\xE9\n\0\0\nrot=0.5\n"s, &d);
  EXPECT_EQ(p.zoom, 1.5f);
  EXPECT_EQ(p.rot, 0.5f);
  EXPECT_EQ(p.perFrame.lines.at(0).text, "a=1; // \xE9t\xE9");
  core::Diagnostics dff;
  const Preset q = parse("zoom=1.5\n\xFFrot=0.5\n", &dff);
  EXPECT_EQ(q.zoom, 1.5f);
  EXPECT_EQ(q.rot, 0.0f);  // MD2 stops reading at the 0xFF
  EXPECT_EQ(count(dff, DiagnosticId::MilkStoppedAtFF), 1);
}

TEST(PresetReader, KeyInsideALongLineIsReported) {
  core::Diagnostics d;
  const Preset p = parse("per_frame_1=" + std::string(251, ' ') + "zoom=3\n", &d);
  EXPECT_EQ(p.zoom, 3.0f);  // as MD2 would
  EXPECT_EQ(count(d, DiagnosticId::MilkKeyInLongLine), 1);
}

TEST(PresetReader, MissingFileIsAnError) {
  const auto r = readPresetFile("/nonexistent/dir/none.milk");
  EXPECT_FALSE(r.ok());
  ASSERT_FALSE(r.diagnostics().empty());
  EXPECT_EQ(r.diagnostics()[0].id, DiagnosticId::IoOpenFailed);
}

}  // namespace
}  // namespace phosphene::milk
