// preset_bench: time of preset::Runtime::step per frame (equations, mesh UVs, waves, shapes,
// built-in wave, motion vectors; no GL) for the 20 "heaviest" presets of the corpus, at the stock
// 48x36 mesh and at 128x96. Heaviness is an estimate of the equation work per frame, computed
// from the file alone so the choice is deterministic:
//   per_pixel chars × vertices + Σ enabled waves (per_point chars × samples)
//   + Σ enabled shapes (per_frame chars × num_inst) + per_frame chars,
// ties broken by path; a preset whose file name was already taken (the collection repeats
// presets across folders) is skipped. Without the corpus only a built-in synthetic preset runs.
// Report medians (--benchmark_repetitions, median aggregate); timings are never asserted.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "audio/FrameAudio.hpp"
#include "clock/FrameClock.hpp"
#include "eel/Eel.hpp"
#include "milk/PresetReader.hpp"
#include "preset/Runtime.hpp"

namespace {

namespace fs = std::filesystem;
using namespace phosphene;

constexpr int kHeavyCount = 20;
constexpr double kStockVertices = 49.0 * 37.0;

struct Candidate {
  std::string path;
  std::string name;
  double cost = 0.0;
  milk::Preset preset;
};

double estimateCost(const milk::Preset& p) {
  double cost = static_cast<double>(p.perPixel.charCount()) * kStockVertices +
                static_cast<double>(p.perFrame.charCount());
  for (const auto& w : p.waves)
    if (w.enabled)
      cost +=
          static_cast<double>(w.perPoint.charCount() + 1) * std::min(512, std::max(0, w.samples)) +
          static_cast<double>(w.perFrame.charCount());
  for (const auto& s : p.shapes)
    if (s.enabled)
      cost += static_cast<double>(s.perFrame.charCount() + 1) * std::clamp(s.instances, 0, 1024);
  return cost;
}

std::vector<Candidate> heaviestPresets(const fs::path& root) {
  std::vector<Candidate> all;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return all;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (!it->is_regular_file() || it->path().extension() != ".milk") continue;
    auto preset = milk::readPresetFile(it->path());
    if (!preset) continue;
    Candidate c;
    c.path = it->path().string();
    c.name = it->path().stem().string();
    c.cost = estimateCost(*preset);
    c.preset = std::move(*preset);
    all.push_back(std::move(c));
  }
  std::sort(all.begin(), all.end(), [](const Candidate& a, const Candidate& b) {
    return a.cost != b.cost ? a.cost > b.cost : a.path < b.path;
  });
  std::vector<Candidate> chosen;
  std::set<std::string> names;
  for (auto& c : all) {
    if (static_cast<int>(chosen.size()) == kHeavyCount) break;
    if (!names.insert(c.name).second) continue;
    chosen.push_back(std::move(c));
  }
  return chosen;
}

// Music-like audio that changes every frame, so audio-driven branches are exercised.
void fillAudio(int frame, audio::FrameAudio& a) {
  const float loud = 50.0f + 30.0f * std::sin(0.7f * static_cast<float>(frame));
  for (int i = 0; i < audio::kWaveformSamples; ++i) {
    const float t = static_cast<float>(i + frame * audio::kWaveformSamples);
    a.waveform[0][static_cast<std::size_t>(i)] = loud * std::sin(0.05f * t);
    a.waveform[1][static_cast<std::size_t>(i)] = loud * std::cos(0.041f * t);
  }
  for (int i = 0; i < audio::kSpectrumBins; ++i) {
    const float v = loud * 0.05f / (1.0f + 0.02f * static_cast<float>(i));
    a.spectrum[0][static_cast<std::size_t>(i)] = v;
    a.spectrum[1][static_cast<std::size_t>(i)] = v;
  }
  a.bass = 1.0f + 0.4f * std::sin(1.1f * static_cast<float>(frame));
  a.mid = a.treb = a.bass_att = a.mid_att = a.treb_att = 1.0f;
}

void stepPreset(benchmark::State& state, const milk::Preset& preset, int meshX, int meshY) {
  auto globals = std::make_unique<eel::Globals>();
  preset::Runtime runtime(preset, *globals);
  clock::FrameClock clock(60.0);
  audio::FrameAudio audio;
  preset::StepInputs inputs;
  inputs.meshX = meshX;
  inputs.meshY = meshY;
  inputs.canvasWidth = 1280;
  inputs.canvasHeight = 720;
  int frame = 0;
  for (auto _ : state) {
    clock.advance(0.0);
    fillAudio(frame++, audio);
    benchmark::DoNotOptimize(runtime.step(audio, clock, inputs).mesh.uv.data());
  }
  state.counters["vertices"] = static_cast<double>((meshX + 1) * (meshY + 1));
}

constexpr const char* kSyntheticHeavy =
    "[preset00]\n"
    "per_frame_1=zoom = 1 + 0.02 * sin(time); rot = 0.01 * cos(time * 0.7); q1 = bass_att;\n"
    "per_pixel_1=zoom = zoom + 0.03 * sin(rad * 10 - time * 3) * q1;\n"
    "per_pixel_2=rot = rot + 0.02 * cos(ang * 3 + time); dx = 0.003 * sin(y * 20 + time);\n"
    "wavecode_0_enabled=1\nwavecode_0_samples=512\n"
    "wave_0_per_point1=x = 0.5 + 0.4 * sin(sample * 6.28 + time) + value1; y = 0.5 + value2;\n"
    "shapecode_0_enabled=1\nshapecode_0_num_inst=64\n"
    "shape_0_per_frame1=x = 0.5 + 0.3 * sin(instance * 0.1 + time); ang = instance;\n";

}  // namespace

int main(int argc, char** argv) {
  const char* env = std::getenv("PHOSPHENE_CORPUS_DIR");
  static std::vector<Candidate> chosen = heaviestPresets(env ? env : PHOSPHENE_CORPUS_DIR);
  core::Diagnostics diags;
  static const milk::Preset synthetic = milk::parsePreset(kSyntheticHeavy, diags);

  const int meshes[2][2] = {{48, 36}, {128, 96}};
  for (const auto& m : meshes) {
    const std::string mesh = std::to_string(m[0]) + "x" + std::to_string(m[1]);
    benchmark::RegisterBenchmark(("step/" + mesh + "/synthetic-heavy").c_str(),
                                 [m](benchmark::State& s) { stepPreset(s, synthetic, m[0], m[1]); })
        ->Unit(benchmark::kMicrosecond);
    for (const Candidate& c : chosen) {
      const milk::Preset* p = &c.preset;
      benchmark::RegisterBenchmark(("step/" + mesh + "/" + c.name).c_str(),
                                   [p, m](benchmark::State& s) { stepPreset(s, *p, m[0], m[1]); })
          ->Unit(benchmark::kMicrosecond);
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
