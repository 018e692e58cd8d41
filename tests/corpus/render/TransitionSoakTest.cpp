// Soak (issue 11): one engine per shard plays the presets of its shard of the installed collection
// (Debian projectm-data) in turn, with 1 s MilkDrop transitions, switched by the engine's own
// policy (automatic switches asking a PresetProvider, loads on the loader thread, waitForLoads so
// the run is reproducible), on a headless GL 3.3 core context at 64×48. Fails on a load failure,
// a failed frame (GL error), a KHR_debug error, a crash, or resident memory at the end above
// twice what it was after the first 100 presets (caches must stay bounded over hundreds of
// presets). Prints both RSS figures and the presets the frame budget stopped.
//
// CI plays every fourth preset (1,047 of 4,188, 262 a shard): every preset is already loaded and
// rendered by RenderCorpus, and a quarter keeps the switching and the memory bound covered at a
// quarter of the time (a shard of every preset: 124 s with an empty Mesa shader cache, 39 s with
// a warm one). PHOSPHENE_SOAK_ALL=1 plays every preset (README "Long runs outside CI").

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "GlTestContext.hpp"
#include "corpus/CorpusFiles.hpp"
#include "engine/Engine.hpp"
#include "gl/Framebuffer.hpp"

namespace phosphene::engine {
namespace {

namespace fs = std::filesystem;

constexpr int kShards = 4;
constexpr int kW = 64, kH = 48;
constexpr double kFps = 10.0;           // few frames per preset: this test is about switching
constexpr double kPresetSeconds = 1.2;  // each preset: a 1 s transition in, then 0.2 s alone
constexpr double kTransitionSeconds = 1.0;
constexpr std::size_t kRssCheckpoint = 100;

double residentMiB() {
  std::ifstream statm("/proc/self/statm");
  long long pages = 0, resident = 0;
  statm >> pages >> resident;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / 1048576.0;
}

void feedAudio(Engine& engine, long long frame) {
  constexpr int kRate = 44100;
  const int perFrame = static_cast<int>(kRate / kFps);
  std::vector<float> samples(static_cast<std::size_t>(perFrame) * 2);
  for (int i = 0; i < perFrame; ++i) {
    const double t = static_cast<double>(frame * perFrame + i) / kRate;
    const double beat = std::fmod(t, 0.5);
    const double kick = std::exp(-beat * 18.0) * std::sin(2 * M_PI * 55.0 * beat);
    const double chord =
        0.2 * std::sin(2 * M_PI * 220.0 * t) + 0.1 * std::sin(2 * M_PI * 1760.0 * t);
    samples[static_cast<std::size_t>(i) * 2] = static_cast<float>(0.6 * kick + chord);
    samples[static_cast<std::size_t>(i) * 2 + 1] = static_cast<float>(0.6 * kick - chord);
  }
  engine.pcm().addFloat(samples.data(), static_cast<std::size_t>(perFrame), 2, kRate);
}

class TransitionSoak : public ::testing::TestWithParam<int> {};

TEST_P(TransitionSoak, PlaysPresetsWithTransitions) {
  const int shard = GetParam();
  const std::vector<fs::path> all = testing::milkFilesUnder(PHOSPHENE_CORPUS_DIR);
  ASSERT_FALSE(all.empty()) << "no presets under " << PHOSPHENE_CORPUS_DIR
                            << " (scripts/deps.sh installs projectm-data)";
  // Shard s takes every 4th preset from s (all of them), or, sampled, every 16th from 4s: the
  // sample is spread over every folder of the sorted collection.
  const bool everyPreset = std::getenv("PHOSPHENE_SOAK_ALL") != nullptr &&
                           std::string(std::getenv("PHOSPHENE_SOAK_ALL")) == "1";
  const std::size_t stride = everyPreset ? kShards : 4 * kShards;
  const std::size_t first =
      everyPreset ? static_cast<std::size_t>(shard) : 4u * static_cast<std::size_t>(shard);
  std::vector<fs::path> files;
  for (std::size_t i = first; i < all.size(); i += stride) files.push_back(all[i]);
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, platform::GlApi::Core33);

  Engine engine(EngineSettings{.fps = kFps, .seed = static_cast<std::uint64_t>(shard)});
  engine.setMeshSize(16, 12);
  // MD2 has one textures folder for all presets; projectm-data ships its textures in
  // presets_tryptonaut/ only.
  engine.setTextureSearchPath({fs::path(PHOSPHENE_CORPUS_DIR) / "presets_tryptonaut"});
  SwitchSettings s;
  s.presetDuration = kPresetSeconds;
  s.presetDurationRandom = 0.0;
  s.durationIncludesBlend = false;
  s.blendTimeAuto = kTransitionSeconds;
  s.waitForLoads = true;
  engine.setSwitchSettings(s);
  std::size_t next = 1;
  engine.setPresetProvider([&](SwitchReason) -> std::optional<PresetSource> {
    if (next >= files.size()) return std::nullopt;
    return PresetSource::file(files[next++]);
  });
  ASSERT_EQ(engine.loadPresetFile(files.front()), LoadStatus::Ok) << engine.lastError();
  auto fb = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(fb.ok());

  std::size_t started = 0;  // PresetStarted events, the first load's included
  double rssAtCheckpoint = 0.0;
  std::vector<std::string> failures, overBudget;
  long long frame = 0;
  // Until the provider has nothing left and the last preset has played its time.
  // Switches land on frame boundaries, so a preset may play one frame more than its time.
  const long long maxFrames =
      static_cast<long long>(files.size()) * static_cast<long long>(kPresetSeconds * kFps + 2) +
      static_cast<long long>(3 * kFps);
  while (frame < maxFrames) {
    feedAudio(engine, frame++);
    ASSERT_TRUE(engine.renderFrame({fb->id(), 0, kW, kH}, 0.0))
        << engine.presetName() << ": " << engine.lastError();
    for (const EngineEvent& e : engine.takeEvents()) {
      if (e.type == EngineEvent::Type::PresetStarted && started++ == kRssCheckpoint)
        rssAtCheckpoint = residentMiB();
      if (e.type == EngineEvent::Type::PresetLoadFailed)
        failures.push_back(e.name + ": " +
                           (e.diagnostics.empty() ? "?" : e.diagnostics.front().format()));
      if (e.type == EngineEvent::Type::PresetOverBudget) overBudget.push_back(e.name);
    }
    if (next >= files.size() && !engine.transitioning() && !engine.loadPending() &&
        started >= files.size())
      break;
  }
  const double rssEnd = residentMiB();
  EXPECT_EQ(started + failures.size(), files.size()) << "every preset of the shard was tried";
  EXPECT_TRUE(failures.empty()) << failures.size() << " failed, first: " << failures.front();
  EXPECT_TRUE(ctx->debugErrors().empty()) << ctx->debugErrors().front();
  std::printf(
      "shard %d (%s): %zu presets, %lld frames, RSS %.1f MiB after %zu presets, %.1f MiB at "
      "the end\n",
      shard, everyPreset ? "every preset" : "every 4th preset", files.size(), frame,
      rssAtCheckpoint, kRssCheckpoint, rssEnd);
  for (const std::string& name : overBudget)
    std::printf("  over the frame budget: %s\n", name.c_str());
  if (files.size() > kRssCheckpoint) {
    EXPECT_GT(rssAtCheckpoint, 0.0);
    EXPECT_LE(rssEnd, 2.0 * rssAtCheckpoint);
  }
}

INSTANTIATE_TEST_SUITE_P(Shards, TransitionSoak, ::testing::Range(0, kShards));

}  // namespace
}  // namespace phosphene::engine
