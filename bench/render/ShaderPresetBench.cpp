// shader_preset_bench: real shader presets from projectm-data through engine::Engine on a headless
// context (llvmpipe unless a GPU driver is forced): the time of one frame (preset step + draw with
// the translated warp/comp shaders, the blur passes, glFinish) at 640x480 / mesh 48x36, and the
// load of a shader preset end to end (read, parse, compile equations, translate both shaders,
// link them on the driver at the first frame). Timings are reported, never asserted.

#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <vector>

#include "HeadlessContext.hpp"
#include "engine/Engine.hpp"
#include "gl/Capabilities.hpp"
#include "gl/Framebuffer.hpp"

namespace {

using namespace phosphene;

constexpr const char* kCorpus = "/usr/share/projectM/presets/";
// blur1-3 in warp and comp plus noisevol_hq; comp blur3 + hue_shader; warp user texture.
constexpr const char* kCancer =
    "presets_tryptonaut/Rovastar - Harlequin's Fractal Encounter - cancer of saints.milk";
constexpr const char* kChasers =
    "presets_tryptonaut/EoS + phat - chasers 11 sentinel c (jelly v4.x).milk";

bool haveContext() {
  static std::unique_ptr<platform::HeadlessContext> ctx = [] {
    auto c = platform::HeadlessContext::create({});
    if (!c) return std::unique_ptr<platform::HeadlessContext>();
    if (auto caps = gl::probeCapabilities())
      std::fprintf(stderr, "renderer: %s\n", caps->renderer.c_str());
    return std::make_unique<platform::HeadlessContext>(std::move(*c));
  }();
  return static_cast<bool>(ctx);
}

void feed(engine::Engine& engine, int frame) {
  std::vector<float> s(735 * 2);
  for (int i = 0; i < 735; ++i) {
    const double t = (frame * 735 + i) / 44100.0;
    s[static_cast<std::size_t>(i) * 2] = static_cast<float>(0.5 * std::sin(2 * M_PI * 110 * t));
    s[static_cast<std::size_t>(i) * 2 + 1] = static_cast<float>(0.5 * std::sin(2 * M_PI * 440 * t));
  }
  engine.pcm().addFloat(s.data(), 735, 2, 44100);
}

void presetFrame(benchmark::State& state, const char* relPath) {
  const std::filesystem::path file = std::filesystem::path(kCorpus) / relPath;
  if (!std::filesystem::exists(file) || !haveContext()) {
    state.SkipWithError("no projectm-data or no headless GL context");
    return;
  }
  engine::Engine engine;
  engine.setTextureSearchPath({file.parent_path()});
  auto target = gl::Framebuffer::create({640, 480});
  if (!target || engine.loadPresetFile(file) != engine::Engine::LoadStatus::Ok) {
    state.SkipWithError("load failed");
    return;
  }
  const render::RenderTarget out{target->id(), 0, 640, 480};
  int frame = 0;
  for (int i = 0; i < 3; ++i) engine.renderFrame(out, 0.0);  // link, allocate blur targets
  for (auto _ : state) {
    feed(engine, frame++);
    benchmark::DoNotOptimize(engine.renderFrame(out, 0.0));
    glFinish();
  }
}

void presetLoad(benchmark::State& state, const char* relPath) {
  const std::filesystem::path file = std::filesystem::path(kCorpus) / relPath;
  if (!std::filesystem::exists(file) || !haveContext()) {
    state.SkipWithError("no projectm-data or no headless GL context");
    return;
  }
  auto target = gl::Framebuffer::create({64, 48});
  const render::RenderTarget out{target->id(), 0, 64, 48};
  for (auto _ : state) {
    engine::Engine engine;         // a fresh translation cache: nothing translated before
    engine.renderFrame(out, 0.0);  // makes the renderer (fails: no preset yet)
    engine.loadPresetFile(file);
    benchmark::DoNotOptimize(engine.renderFrame(out, 0.0));
    glFinish();
  }
}

}  // namespace

BENCHMARK_CAPTURE(presetFrame, cancer_of_saints_640x480, kCancer)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(presetFrame, chasers_640x480, kChasers)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(presetLoad, cancer_of_saints_end_to_end, kCancer)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();
