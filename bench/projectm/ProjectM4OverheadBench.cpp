// projectm4_overhead_bench: what libprojectM-4 (src/projectm4) costs a host per frame over
// Phosphene's own C API. For each preset two renderers run side by side in one headless context
// (Mesa's surfaceless EGL; llvmpipe without a GPU): a projectM 4 host (pcm_add_float,
// set_frame_time, render_frame_fbo) and a Phosphene host (add_pcm_float, phosphene_engine_render
// with a fixed 1/60 s step), the same PCM, size and mesh, the same frames
// (tests/projectm4/EqualityTest.cpp checks they are byte-identical). Frames alternate A, B, A, B...
// so drifting machine load hits both alike; each frame ends with glFinish. Counters: the median ms
// per frame of each and the overhead (compat / own - 1, in %), by wall time and by the calling
// thread's CPU time (where the compat layer's own work runs; less noisy under shared load).
// Iterations are sized by wall time (UseRealTime: the main thread's CPU time leaves out llvmpipe's
// threads, and --benchmark_min_time by CPU time ran ~10x longer than asked). Reported in
// bench/README.md, never asserted.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <phosphene/phosphene.h>

#include "headless_gl.h"
#include "projectM-4/projectM.h"

namespace {

constexpr const char* kCorpus = "/usr/share/projectM/presets/";
constexpr int kWidth = 320, kHeight = 240;
constexpr int kWarmup = 10;  // the first frames link the shaders: not what is compared

bool have_context() {
  // One context for the whole program; the process ends with it.
  static headless_gl gl{};
  static const bool open = headless_gl_open(&gl) != 0;
  return open;
}

struct EngineDeleter {
  void operator()(phosphene_engine* engine) const { phosphene_engine_destroy(engine); }
};
struct ProjectMDeleter {
  void operator()(projectm* instance) const { projectm_destroy(instance); }
};
struct Framebuffer {
  host_framebuffer fb{};
  Framebuffer() { host_framebuffer_make(&fb, kWidth, kHeight); }
  ~Framebuffer() { host_framebuffer_free(&fb); }
  Framebuffer(const Framebuffer&) = delete;
  Framebuffer& operator=(const Framebuffer&) = delete;
};

// CPU time of the calling thread (the host's GL thread), ms: the compat layer's own work runs
// there, llvmpipe's rasterising on its own threads does not count.
double thread_cpu_ms() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

void compat_vs_own(benchmark::State& state, const char* relative_path) {
  const std::string file = std::string(kCorpus) + relative_path;
  if (!std::filesystem::exists(file) || !have_context()) {
    state.SkipWithError("no projectm-data or no headless GL context");
    return;
  }
  Framebuffer compat_fb, own_fb;

  std::unique_ptr<projectm, ProjectMDeleter> pm(projectm_create());
  projectm_set_window_size(pm.get(), kWidth, kHeight);
  projectm_load_preset_file(pm.get(), file.c_str(), false);

  phosphene_engine* raw = nullptr;
  if (phosphene_engine_create(nullptr, &raw) != PHOSPHENE_OK) {
    state.SkipWithError("phosphene_engine_create failed");
    return;
  }
  std::unique_ptr<phosphene_engine, EngineDeleter> engine(raw);
  phosphene_switch_settings settings;
  phosphene_switch_settings_init(&settings);
  phosphene_engine_get_switch_settings(raw, &settings);
  settings.auto_switch = 0;
  phosphene_engine_set_switch_settings(raw, &settings);
  phosphene_engine_set_mesh_size(raw, 32, 24);  // projectM's default mesh, as the compat uses
  phosphene_transition_desc cut;
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  phosphene_engine_load_preset_file(raw, file.c_str(), &cut, nullptr);
  phosphene_engine_wait_for_preset(raw);
  phosphene_render_target target;
  phosphene_render_target_init(&target);
  target.kind = PHOSPHENE_TARGET_FRAMEBUFFER;
  target.gl_name = own_fb.fb.framebuffer;
  target.width = kWidth;
  target.height = kHeight;

  int frame = 0;
  float stereo[735 * 2];
  auto compat_frame = [&] {
    music_frame(frame, stereo);
    projectm_pcm_add_float(pm.get(), stereo, 735, PROJECTM_STEREO);
    projectm_set_frame_time(pm.get(), frame / 60.0);
    projectm_opengl_render_frame_fbo(pm.get(), compat_fb.fb.framebuffer);
    glFinish();
  };
  auto own_frame = [&] {
    music_frame(frame, stereo);
    phosphene_engine_add_pcm_float(raw, stereo, 735, 2, 44100);
    phosphene_engine_render(raw, 1.0 / 60.0, &target);
    glFinish();
  };
  for (; frame < kWarmup; ++frame) {
    compat_frame();
    own_frame();
  }

  using clock = std::chrono::steady_clock;
  std::vector<double> compat_ms, own_ms, compat_cpu_ms, own_cpu_ms;
  for (auto _ : state) {
    // Alternate which goes first, so neither always runs on a cache the other warmed.
    const bool compat_first = frame % 2 == 0;
    for (int side = 0; side < 2; ++side) {
      const bool compat = (side == 0) == compat_first;
      const auto start = clock::now();
      const double cpu_start = thread_cpu_ms();
      compat ? compat_frame() : own_frame();
      const double ms = std::chrono::duration<double, std::milli>(clock::now() - start).count();
      (compat ? compat_ms : own_ms).push_back(ms);
      (compat ? compat_cpu_ms : own_cpu_ms).push_back(thread_cpu_ms() - cpu_start);
    }
    ++frame;
  }
  const double compat_median = median(compat_ms), own_median = median(own_ms);
  state.counters["compat_ms"] = compat_median;
  state.counters["own_ms"] = own_median;
  state.counters["overhead_pct"] =
      own_median > 0.0 ? 100.0 * (compat_median / own_median - 1.0) : 0.0;
  const double compat_cpu = median(compat_cpu_ms), own_cpu = median(own_cpu_ms);
  state.counters["compat_cpu_ms"] = compat_cpu;
  state.counters["own_cpu_ms"] = own_cpu;
  state.counters["cpu_overhead_pct"] = own_cpu > 0.0 ? 100.0 * (compat_cpu / own_cpu - 1.0) : 0.0;
}

// The equality test's shader presets, plus two without shaders (cheaper frames: the fixed cost
// of the compat layer weighs more there).
BENCHMARK_CAPTURE(compat_vs_own, atom_smasher, "presets_milkdrop_200/Benski - Atom Smasher.milk")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(compat_vs_own, bipolar,
                  "presets_milkdrop_200/Flexi + Geiss - Bipolar vs- reaction diffusion.milk")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(compat_vs_own, ferny_ernie, "presets_milkdrop_200/Flexi - ferny ernie.milk")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(compat_vs_own, airhandler_relief,
                  "presets_milkdrop_200/Aderrasi + Geiss - Airhandler (Painterly Relief Mix).milk")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(compat_vs_own, glowsticks_relief,
                  "presets_milkdrop_200/EoS + Geiss - glowsticks v2 02 (Relief Mix).milk")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(compat_vs_own, agitator, "presets_milkdrop/Aderrasi - Agitator.milk")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(compat_vs_own, altars_of_madness,
                  "presets_milkdrop_104/Rovastar - Altars Of Madness (Boxfresh Mix).milk")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
