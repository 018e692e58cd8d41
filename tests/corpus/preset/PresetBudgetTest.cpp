// The per-frame loop budget (issue 11) against real presets: every preset of the installed
// collection (Debian projectm-data) steps 60 frames at the engine's 48x36 mesh under
// preset::kDefaultIterationBudgetPerFrame, and none may come within a factor 10 of it. The
// engine switches away from a preset that runs over the budget, so a default that a real preset
// reaches would skip that preset for every user. Prints each shard's five presets with the most
// loop iterations in one frame (what the default was chosen from).
//
// Loop iterations in per_pixel code grow with the mesh (one run per vertex): 48x36 is the
// engine's default, and the margin of 10 leaves room for finer meshes.
//
// The collection is split into shards, one CTest case each, so `ctest -j` spreads the work.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "audio/FrameAudio.hpp"
#include "clock/FrameClock.hpp"
#include "corpus/CorpusFiles.hpp"
#include "corpus/SyntheticFrameAudio.hpp"
#include "eel/Eel.hpp"
#include "milk/PresetReader.hpp"
#include "preset/Runtime.hpp"

namespace phosphene::preset {
namespace {

namespace fs = std::filesystem;

constexpr int kShards = 8;
constexpr int kFrames = 60;
constexpr std::int64_t kMargin = 10;

class PresetBudget : public ::testing::TestWithParam<int> {};

TEST_P(PresetBudget, NoPresetComesNearTheDefaultBudget) {
  const auto files = testing::milkFilesUnder(PHOSPHENE_CORPUS_DIR);
  if (files.empty()) GTEST_SKIP() << "no presets under " << PHOSPHENE_CORPUS_DIR;
  const int shard = GetParam();

  StepInputs inputs;
  inputs.meshX = 48;
  inputs.meshY = 36;
  inputs.canvasWidth = 320;
  inputs.canvasHeight = 240;
  // (most iterations in one frame, preset), for every preset that ran a loop at all.
  std::vector<std::pair<std::int64_t, std::string>> most;
  int total = 0;
  for (std::size_t i = static_cast<std::size_t>(shard); i < files.size(); i += kShards) {
    auto preset = milk::readPresetFile(files[i]);
    if (!preset) continue;  // corpus_preset reports files that do not load
    ++total;
    eel::Globals globals(1 << 16);  // a small gmegabuf: presets index it mod its size anyway
    Runtime rt(Program::compile(*preset, globals));
    // Run under the default so that a preset that does reach it cannot stall the test.
    rt.setIterationBudgetPerFrame(kDefaultIterationBudgetPerFrame);
    clock::FrameClock clock(30.0);
    audio::FrameAudio audio;
    std::int64_t peak = 0;
    bool over = false;
    for (int frame = 0; frame < kFrames; ++frame) {
      clock.advance(0.0);
      testing::syntheticFrameAudio(frame, audio);
      rt.step(audio, clock, inputs);
      peak = std::max(peak, rt.lastStepIterations());
      over = over || rt.lastStepOverBudget();
    }
    const std::string rel = fs::relative(files[i], PHOSPHENE_CORPUS_DIR).string();
    EXPECT_FALSE(over) << rel << " ran over the default budget";
    EXPECT_LT(peak * kMargin, kDefaultIterationBudgetPerFrame)
        << rel << " runs " << peak << " loop iterations in a frame";
    if (peak > 0) most.emplace_back(peak, rel);
  }
  std::sort(most.rbegin(), most.rend());
  std::printf("[shard %d/%d] presets %d, with loops %zu, default budget %lld\n", shard, kShards,
              total, most.size(), static_cast<long long>(kDefaultIterationBudgetPerFrame));
  for (std::size_t i = 0; i < std::min<std::size_t>(5, most.size()); ++i)
    std::printf("  %lld loop iterations in a frame: %s\n", static_cast<long long>(most[i].first),
                most[i].second.c_str());
}

INSTANTIATE_TEST_SUITE_P(Shards, PresetBudget, ::testing::Range(0, kShards));

}  // namespace
}  // namespace phosphene::preset
