// Engine preset loading (no GL): from text and from a file, failures with diagnostics, a partly
// broken preset that still runs, and per-engine EEL globals.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/Engine.hpp"

namespace phosphene::engine {
namespace {

bool hasId(const core::Diagnostics& all, core::DiagnosticId id) {
  return std::any_of(all.begin(), all.end(), [id](const auto& d) { return d.id == id; });
}

TEST(EnginePreset, LoadsFromTextAndFromAFile) {
  Engine engine;
  EXPECT_FALSE(engine.hasPreset());
  EXPECT_EQ(engine.loadPresetText("[preset00]\nzoom=1.1\nper_frame_1=rot = 0.1;\n"),
            Engine::LoadStatus::Ok);
  ASSERT_TRUE(engine.hasPreset());
  EXPECT_FLOAT_EQ(engine.runtime()->program().preset().zoom, 1.1f);

  const auto path = std::filesystem::temp_directory_path() / "phosphene_engine_preset_test.milk";
  std::ofstream(path) << "[preset00]\nzoom=0.9\n";
  EXPECT_EQ(engine.loadPresetFile(path), Engine::LoadStatus::Ok);
  EXPECT_FLOAT_EQ(engine.runtime()->program().preset().zoom, 0.9f);
  std::filesystem::remove(path);
}

TEST(EnginePreset, TextThatIsNotAPresetFailsAndKeepsThePreviousPreset) {
  Engine engine;
  ASSERT_EQ(engine.loadPresetText("[preset00]\nzoom=1.1\n"), Engine::LoadStatus::Ok);
  const core::Diagnostics running = engine.presetDiagnostics();
  // A failed load's diagnostics travel in its event; the running preset's stay as they were.
  const auto failure = [&engine] {
    std::vector<EngineEvent> failed;
    for (EngineEvent& e : engine.takeEvents())
      if (e.type == EngineEvent::Type::PresetLoadFailed) failed.push_back(std::move(e));
    return failed.size() == 1 ? failed.front().diagnostics : core::Diagnostics{};
  };
  (void)engine.takeEvents();
  EXPECT_EQ(engine.loadPresetText("hello\nworld\n"), Engine::LoadStatus::Invalid);
  EXPECT_TRUE(hasId(failure(), core::DiagnosticId::PresetNotAPreset));
  EXPECT_NE(engine.lastError().find("PRE004"), std::string::npos);
  EXPECT_EQ(engine.loadPresetText(""), Engine::LoadStatus::Invalid);
  EXPECT_TRUE(hasId(failure(), core::DiagnosticId::PresetNotAPreset));
  EXPECT_EQ(engine.loadPresetFile("/no/such/dir/x.milk"), Engine::LoadStatus::IoError);
  EXPECT_TRUE(hasId(failure(), core::DiagnosticId::IoOpenFailed));
  EXPECT_EQ(engine.presetDiagnostics().size(), running.size());
  ASSERT_TRUE(engine.hasPreset());
  EXPECT_FLOAT_EQ(engine.runtime()->program().preset().zoom, 1.1f);
}

TEST(EnginePreset, APartlyBrokenPresetLoadsWithTheBrokenBlockReported) {
  Engine engine;
  std::vector<std::string> warnings;
  engine.logger().setSink(
      [&](core::LogLevel level, std::string_view m) {
        if (level == core::LogLevel::Warning) warnings.emplace_back(m);
      },
      core::LogLevel::Debug);
  EXPECT_EQ(engine.loadPresetText("[preset00]\nper_frame_1=zoom = (1.0;\n"
                                  "per_pixel_1=rot = 0.05;\n"),
            Engine::LoadStatus::Ok);
  EXPECT_TRUE(hasId(engine.presetDiagnostics(), core::DiagnosticId::PresetBlockSkipped));
  EXPECT_FALSE(warnings.empty()) << "a skipped block must be logged, never silent";
  EXPECT_EQ(engine.runtime()->program().failedBlocks(), 1);
}

TEST(EnginePreset, MeshAndDrawableSizesAreKept) {
  Engine engine;
  engine.setMeshSize(32, 24);
  engine.setDrawableSize(320, 200);
  EXPECT_EQ(engine.meshX(), 32);
  EXPECT_EQ(engine.meshY(), 24);
  EXPECT_EQ(engine.drawableWidth(), 320);
  EXPECT_EQ(engine.drawableHeight(), 200);
}

// MilkDrop 3 .milk2 double presets (issue 36): both halves run, preset 1 as the outgoing slot
// and preset 2 as the current one, in a transition frozen at blending_progress.
std::string doublePreset(const std::string& header, const std::string& one,
                         const std::string& two) {
  return header + "[PRESET1_BEGIN]\n" + one + "[PRESET1_END]\n[PRESET2_BEGIN]\n" + two +
         "[PRESET2_END]\n";
}

TEST(EnginePreset, DoublePresetRunsBothHalvesFrozenAtItsProgress) {
  Engine engine;
  const std::string text =
      doublePreset("blending_pattern=cercle\nblending_progress=0.3\nblending_direction=-1\n",
                   "[preset00]\nzoom=0.9\n", "[preset00]\nzoom=1.1\n");
  ASSERT_EQ(engine.loadPresetText(text, "double.milk2"), Engine::LoadStatus::Ok)
      << engine.lastError();
  ASSERT_TRUE(engine.hasPreset());
  EXPECT_FLOAT_EQ(engine.runtime()->program().preset().zoom, 1.1f);  // preset 2: blend-to
  ASSERT_NE(engine.outgoingRuntime(), nullptr);
  EXPECT_FLOAT_EQ(engine.outgoingRuntime()->program().preset().zoom, 0.9f);  // preset 1
  for (int i = 0; i < 40; ++i) ASSERT_TRUE(engine.advance(1.0 / 30.0));
  EXPECT_TRUE(engine.transitioning());  // frozen: it never ends by itself
  EXPECT_NEAR(engine.transitionProgress(), 0.3, 1e-6);
  ASSERT_NE(engine.outgoingRuntime(), nullptr);
  // A later switch leaves the double preset like any transition.
  ASSERT_EQ(engine.loadPresetText("[preset00]\nzoom=1.0\n"), Engine::LoadStatus::Ok);
  EXPECT_FALSE(engine.transitioning());
  EXPECT_EQ(engine.outgoingRuntime(), nullptr);
}

TEST(EnginePreset, DoublePresetFromAFileAndAnUnsupportedPatternWarns) {
  Engine engine;
  const auto path = std::filesystem::temp_directory_path() / "phosphene_engine_double.milk2";
  std::ofstream(path) << doublePreset("blending_pattern=snail3\n", "[preset00]\nzoom=0.9\n",
                                      "[preset00]\nzoom=1.1\n");
  EXPECT_EQ(engine.loadPresetFile(path), Engine::LoadStatus::Ok) << engine.lastError();
  EXPECT_TRUE(engine.transitioning());
  EXPECT_DOUBLE_EQ(engine.transitionProgress(), 0.5);  // MD3's default progress
  const core::Diagnostics& d = engine.presetDiagnostics();
  EXPECT_TRUE(std::any_of(d.begin(), d.end(), [](const core::Diagnostic& x) {
    return x.message.find("snail3") != std::string::npos;
  }));
  std::filesystem::remove(path);
}

TEST(EnginePreset, MalformedDoublePresetsFailWithDiagnosticsAndKeepThePreviousPreset) {
  Engine engine;
  ASSERT_EQ(engine.loadPresetText("[preset00]\nzoom=1.2\n"), Engine::LoadStatus::Ok);
  const std::string half = "[preset00]\nzoom=0.8\n";
  const std::string broken[] = {
      // one half missing
      "blending_pattern=zoom\n[PRESET1_BEGIN]\n" + half + "[PRESET1_END]\n",
      // the second half begins inside the first
      "[PRESET1_BEGIN]\n" + half + "[PRESET2_BEGIN]\n" + half + "[PRESET1_END]\n[PRESET2_END]\n",
      // nested first markers
      "[PRESET1_BEGIN]\n[PRESET1_BEGIN]\n" + half + "[PRESET1_END]\n[PRESET2_BEGIN]\n" + half +
          "[PRESET2_END]\n",
      // an empty half
      doublePreset("", "", half),
      // an end marker alone
      "[PRESET1_BEGIN]\n" + half,
  };
  for (const std::string& text : broken) {
    (void)engine.takeEvents();
    EXPECT_EQ(engine.loadPresetText(text, "broken.milk2"), Engine::LoadStatus::Invalid) << text;
    EXPECT_FALSE(engine.lastError().empty());
    bool reported = false;
    for (const EngineEvent& e : engine.takeEvents())
      if (e.type == EngineEvent::Type::PresetLoadFailed)
        reported = hasId(e.diagnostics, core::DiagnosticId::PresetNotAPreset) &&
                   core::hasErrors(e.diagnostics);
    EXPECT_TRUE(reported) << text;
    ASSERT_TRUE(engine.hasPreset());
    EXPECT_FLOAT_EQ(engine.runtime()->program().preset().zoom, 1.2f);
    EXPECT_FALSE(engine.transitioning());
  }
  // 17 waves in a half: a warning, the 16 MD3 has still run.
  std::string seventeen = "[preset00]\n";
  for (int i = 0; i <= 16; ++i) seventeen += "wavecode_" + std::to_string(i) + "_enabled=1\n";
  EXPECT_EQ(engine.loadPresetText(doublePreset("", half, seventeen)), Engine::LoadStatus::Ok);
  const core::Diagnostics& d = engine.presetDiagnostics();
  EXPECT_TRUE(std::any_of(d.begin(), d.end(), [](const core::Diagnostic& x) {
    return x.severity == core::Severity::Warning &&
           x.message.find("16 custom waves") != std::string::npos;
  }));
}

}  // namespace
}  // namespace phosphene::engine
