// Whole frames of 20 real presets without pixel shaders from projectm-data (issue 5's benchmark),
// through engine::Engine as a host drives it: audio analysis, the preset step (equations, warp
// mesh, waves, shapes; CPU) and the GL submission (Renderer::draw plus glFinish, so the
// rasteriser's work counts). One benchmark per size sweeps all presets: each is loaded, run a few
// warm-up frames, then timed for PHOSPHENE_BENCH_FRAMES frames (default 30; the ctest smoke run
// sets 1). The reported time is the median over presets of each preset's median ms/frame;
// counters give the step/draw split, the range over presets and the process's peak RSS.
// Skipped when projectm-data is absent. Timings are reported, never asserted.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "BenchContext.hpp"
#include "engine/Engine.hpp"
#include "gl/Framebuffer.hpp"

namespace {

using namespace phosphene;
namespace fs = std::filesystem;

// Varied on purpose: every built-in wave mode, echo, filters, borders, motion vectors, custom
// waves and shapes (up to 1,400 instances), heavy per-pixel code; MilkDrop 1.x and 2.x files.
constexpr const char* kPresets[] = {
    "presets_milkdrop/Aderrasi - Agitator.milk",
    "presets_milkdrop/Aderrasi - Airhandler (Menagerie Mix).milk",
    "presets_milkdrop/Aderrasi - Anchorpulse (Verified Mix).milk",
    "presets_milkdrop/Aderrasi - Airs (Windy Mix).milk",
    "presets_milkdrop/Aderrasi - Antique Abyss.milk",
    "presets_milkdrop/Fvese - A Blur.milk",
    "presets_stock/Krash - Pulse.milk",
    "presets_stock/Rovastar & Fvese - Stranger Minds (Astral Mix).milk",
    "presets_stock/Geiss - Cosmic Dust 1.milk",
    "presets_stock/Geiss - Solar Flare (Blue).milk",
    "presets_stock/Telek - Slow Shift Matrix (bb4-5).milk",
    "presets_stock/Illusion & Unchained - Invade My Mind.milk",
    "presets_stock/Rovastar - Harlequin's Dynamic Fractal 3.milk",
    "presets_stock/Redi Jedi - acid in your brain.milk",
    "presets_stock/EoS - glowsticks v2 05 and proton lights (+Krash's beat code) "
    "_Phat_remix02b.milk",
    "presets_stock/Rovastar - The Shroomery.milk",
    "presets_stock/Geiss - Feedback 2.milk",
    "presets_stock/EoS - repeater 05 - rave on acid.milk",
    "presets_tryptonaut/amandio c - flashy thing.milk",
    "presets_tryptonaut/amandio c - feeling well 3.milk",
};
constexpr int kWarmupFrames = 3;

int timedFrames() {
  const char* env = std::getenv("PHOSPHENE_BENCH_FRAMES");
  const int n = env ? std::atoi(env) : 30;
  return std::clamp(n, 1, 100000);
}

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

// One video frame (1/60 s at 44.1 kHz) of a kick, a bass line and a high tone.
void feedAudio(engine::Engine& engine, int frame) {
  constexpr int kFrames = 735;
  std::vector<float> s(kFrames * 2);
  for (int i = 0; i < kFrames; ++i) {
    const double t = (frame * kFrames + i) / 44100.0;
    const double kick = frame % 30 < 4 ? std::sin(2 * M_PI * 55 * t) : 0.0;
    const float v = static_cast<float>(0.5 * kick + 0.2 * std::sin(2 * M_PI * 110 * t) +
                                       0.1 * std::sin(2 * M_PI * 4400 * t));
    s[static_cast<std::size_t>(i) * 2] = v;
    s[static_cast<std::size_t>(i) * 2 + 1] = -v;
  }
  engine.pcm().addFloat(s.data(), kFrames, 2, 44100);
}

struct PresetTimes {
  double frame = 0, step = 0, draw = 0;  // medians, seconds
};

void corpusFrames(benchmark::State& state, int width, int height, int meshX, int meshY) {
  std::vector<fs::path> files;
  for (const char* rel : kPresets)
    if (fs::path p = fs::path(PHOSPHENE_CORPUS_DIR) / rel; fs::exists(p)) files.push_back(p);
  if (files.empty()) {
    state.SkipWithError("projectm-data is not installed");
    return;
  }
  if (bench::benchContext() == nullptr) {
    state.SkipWithError("no headless GL context");
    return;
  }
  auto target = gl::Framebuffer::create({width, height});
  if (!target) {
    state.SkipWithError("no target framebuffer");
    return;
  }
  const render::RenderTarget out{target->id(), 0, width, height};
  const int frames = timedFrames();
  using Clock = std::chrono::steady_clock;
  std::vector<PresetTimes> perPreset;
  for (auto _ : state) {
    perPreset.clear();
    engine::Engine engine;
    engine.setMeshSize(meshX, meshY);
    engine.setDrawableSize(width, height);
    int frame = 0;
    for (const fs::path& file : files) {
      if (engine.loadPresetFile(file) != engine::Engine::LoadStatus::Ok) {
        state.SkipWithError(("cannot load " + file.string()).c_str());
        return;
      }
      for (int i = 0; i < kWarmupFrames; ++i, ++frame) {
        feedAudio(engine, frame);
        engine.renderFrame(out, 1.0 / 60.0);
      }
      glFinish();
      std::vector<double> total, step, draw;
      for (int i = 0; i < frames; ++i, ++frame) {
        feedAudio(engine, frame);
        const auto t0 = Clock::now();
        if (!engine.renderFrame(out, 1.0 / 60.0)) {
          state.SkipWithError((file.string() + ": " + engine.lastError()).c_str());
          return;
        }
        const auto t1 = Clock::now();
        glFinish();
        const auto t2 = Clock::now();
        total.push_back(std::chrono::duration<double>(t2 - t0).count());
        step.push_back(engine.lastStepSeconds());
        draw.push_back(engine.lastDrawSeconds() + std::chrono::duration<double>(t2 - t1).count());
      }
      perPreset.push_back({median(total), median(step), median(draw)});
    }
    std::vector<double> f;
    for (const PresetTimes& p : perPreset) f.push_back(p.frame);
    state.SetIterationTime(median(f));
  }
  std::vector<double> f, s, d;
  for (const PresetTimes& p : perPreset) {
    f.push_back(1000.0 * p.frame);
    s.push_back(1000.0 * p.step);
    d.push_back(1000.0 * p.draw);
  }
  state.counters["presets"] = static_cast<double>(perPreset.size());
  state.counters["frames_each"] = frames;
  state.counters["frame_ms_median"] = median(f);
  state.counters["frame_ms_min"] = *std::min_element(f.begin(), f.end());
  state.counters["frame_ms_max"] = *std::max_element(f.begin(), f.end());
  state.counters["step_ms_median"] = median(s);
  state.counters["step_ms_min"] = *std::min_element(s.begin(), s.end());
  state.counters["step_ms_max"] = *std::max_element(s.begin(), s.end());
  state.counters["draw_ms_median"] = median(d);
  state.counters["draw_ms_min"] = *std::min_element(d.begin(), d.end());
  state.counters["draw_ms_max"] = *std::max_element(d.begin(), d.end());
  state.counters["peak_rss_MiB"] = bench::peakRssMiB();
  // Per preset on stderr, for the note (the counters keep only the summary).
  for (std::size_t i = 0; i < perPreset.size(); ++i)
    std::fprintf(stderr, "%dx%d %-70s frame %7.2f ms  step %7.2f ms  draw %7.2f ms\n", width,
                 height, files[i].filename().string().c_str(), f[i], s[i], d[i]);
}

}  // namespace

BENCHMARK_CAPTURE(corpusFrames, 20_presets_640x480_mesh48x36, 640, 480, 48, 36)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(1);
BENCHMARK_CAPTURE(corpusFrames, 20_presets_1280x720_mesh96x72, 1280, 720, 96, 72)
    ->Unit(benchmark::kMillisecond)
    ->UseManualTime()
    ->Iterations(1);
