// Engine: preset shaders translated at load (warnings when they cannot be, SHD010), once per
// text per engine, and loadPresetFile reading a file once.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "engine/Engine.hpp"

namespace phosphene::engine {
namespace {

std::string presetWith(const std::string& comp) {
  return "[preset00]\nMILKDROP_PRESET_VERSION=201\nPSVERSION=2\nPSVERSION_WARP=2\n"
         "PSVERSION_COMP=2\nzoom=1.0\ncomp_1=`" +
         comp + "\n";
}

bool hasId(const core::Diagnostics& diags, core::DiagnosticId id) {
  return std::any_of(diags.begin(), diags.end(),
                     [&](const core::Diagnostic& d) { return d.id == id; });
}

TEST(EngineShaders, TranslatesAtLoadOncePerText) {
  Engine engine;
  ASSERT_EQ(engine.loadPresetText(presetWith("shader_body { ret = float3(q1, 0, 0); }")),
            Engine::LoadStatus::Ok);
  ASSERT_TRUE(engine.presetShaders().comp);
  EXPECT_FALSE(engine.presetShaders().warp);  // empty warp block: MD2's generated shader
  EXPECT_FALSE(hasId(engine.presetDiagnostics(), core::DiagnosticId::ShaderStageFallback));
  const auto misses = engine.translations().misses();
  ASSERT_EQ(engine.loadPresetText(presetWith("shader_body { ret = float3(q1, 0, 0); }")),
            Engine::LoadStatus::Ok);
  EXPECT_EQ(engine.translations().misses(), misses);
}

TEST(EngineShaders, UntranslatableShaderIsAWarningNotAFailure) {
  Engine engine;
  ASSERT_EQ(engine.loadPresetText(presetWith("shader_body { ret = nonsense(uv); }")),
            Engine::LoadStatus::Ok);
  EXPECT_FALSE(engine.presetShaders().comp);
  ASSERT_TRUE(hasId(engine.presetDiagnostics(), core::DiagnosticId::ShaderStageFallback));
  for (const auto& d : engine.presetDiagnostics())
    if (d.id == core::DiagnosticId::ShaderStageFallback) {
      EXPECT_EQ(d.severity, core::Severity::Warning);
      EXPECT_EQ(d.section, "comp_shader");
      // The preset's own position: line 1 of the comp shader text, where nonsense() is called.
      EXPECT_EQ(d.line, 1);
      EXPECT_NE(d.message.find("SHD003"), std::string::npos) << d.message;
    }
}

TEST(EngineShaders, PresetRandomsDifferPerLoadAndFollowTheSeed) {
  Engine a(EngineSettings{.seed = 5});
  Engine b(EngineSettings{.seed = 5});
  ASSERT_EQ(a.loadPresetText(presetWith("shader_body { ret = 0; }")), Engine::LoadStatus::Ok);
  ASSERT_EQ(b.loadPresetText(presetWith("shader_body { ret = 0; }")), Engine::LoadStatus::Ok);
  EXPECT_EQ(a.presetShaders().random.randPreset, b.presetShaders().random.randPreset);
  const auto first = a.presetShaders().random.randPreset;
  ASSERT_EQ(a.loadPresetText(presetWith("shader_body { ret = 0; }")), Engine::LoadStatus::Ok);
  EXPECT_NE(a.presetShaders().random.randPreset, first);  // RandomizePresetVars at every load
}

// loadPresetFile used to open the file twice (once to check it, once to read it), so a preset
// streamed through a pipe failed; now it is read once, as a stream.
TEST(EngineShaders, LoadsAPresetFromAPipe) {
  const auto fifo = std::filesystem::temp_directory_path() /
                    ("phosphene-engine-fifo-" + std::to_string(::getpid()));
  std::filesystem::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] {
    std::ofstream out(fifo, std::ios::binary);
    out << "[preset00]\nzoom=1.01\nper_frame_1=q1 = 1;\n";
  });
  Engine engine;
  const auto status = engine.loadPresetFile(fifo);
  writer.join();
  std::filesystem::remove(fifo);
  EXPECT_EQ(status, Engine::LoadStatus::Ok) << engine.lastError();
  EXPECT_TRUE(engine.hasPreset());
}

TEST(EngineShaders, MissingFileIsAnIoError) {
  Engine engine;
  EXPECT_EQ(engine.loadPresetFile("/no/such/preset.milk"), Engine::LoadStatus::IoError);
  // The failure's diagnostics travel in its event; no preset runs, so the engine has none.
  EXPECT_TRUE(engine.presetDiagnostics().empty());
  const std::vector<EngineEvent> events = engine.takeEvents();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events.front().type, EngineEvent::Type::PresetLoadFailed);
  ASSERT_FALSE(events.front().diagnostics.empty());
  EXPECT_EQ(events.front().diagnostics.front().id, core::DiagnosticId::IoOpenFailed);
}

// MD2 looks for textures in its textures folder, then in the preset's folder.
TEST(EngineShaders, PresetFolderIsSearchedAfterTheConfiguredPath) {
  Engine engine;
  engine.setTextureSearchPath({"/a", "/b"});
  ASSERT_EQ(engine.textureSearchPath().size(), 2u);
  EXPECT_EQ(engine.effectiveTextureSearchPath().size(), 2u);
  const auto dir = std::filesystem::temp_directory_path() /
                   ("phosphene-engine-tex-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  { std::ofstream(dir / "p.milk") << "[preset00]\nzoom=1.0\n"; }
  ASSERT_EQ(engine.loadPresetFile(dir / "p.milk"), Engine::LoadStatus::Ok);
  const auto path = engine.effectiveTextureSearchPath();
  ASSERT_EQ(path.size(), 3u);
  EXPECT_EQ(path[0], "/a");
  EXPECT_EQ(path[2], dir);
  ASSERT_EQ(engine.loadPresetText("[preset00]\nzoom=1.0\n"), Engine::LoadStatus::Ok);
  EXPECT_EQ(engine.effectiveTextureSearchPath().size(), 2u);  // text has no folder
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace phosphene::engine
