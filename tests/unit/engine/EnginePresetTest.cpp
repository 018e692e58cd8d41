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

}  // namespace
}  // namespace phosphene::engine
