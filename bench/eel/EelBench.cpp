// eel_bench: per-vertex code of 20 real presets over a 48x36 and a 128x96 mesh, the way
// MilkDrop 2 runs it each frame (milkdropfs.cpp): reset the motion variables, run per_frame,
// hand q1-q32 and the motion values to the per-vertex context, then evaluate every vertex with
// x, y, rad, ang set and the ten motion variables reset, and read the ten outputs back as floats.
// Presets: the 10 largest per_pixel blocks of the collection and the 10 around the median size,
// chosen at run time by a fixed rule from PHOSPHENE_CORPUS_DIR. Also: compile time per preset.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "corpus/eel/MilkCodeReader.hpp"
#include "eel/Eel.hpp"

namespace {

using namespace phosphene;

#ifndef PHOSPHENE_CORPUS_DIR
#define PHOSPHENE_CORPUS_DIR "/usr/share/projectM/presets"
#endif

struct PresetCode {
  std::string name;
  std::string path;
  std::string perFrameInit, perFrame, perPixel;
  std::map<std::string, std::string> keys;
};

double chars_sink = 0;  // a valid address for plan building; never read
const char* const kMotion[] = {"zoom", "zoomexp", "rot", "warp", "cx",
                               "cy",   "dx",      "dy",  "sx",   "sy"};
constexpr double kMotionDefaults[] = {1, 1, 0, 1, 0.5, 0.5, 0, 0, 1, 1};

// Unique per_pixel blocks sorted by (size, file name): the last 10 are "heavy", the 10 centred
// on the median are "typical".
std::vector<PresetCode> pickPresets() {
  std::vector<std::string> files;
  std::error_code ec;
  if (!std::filesystem::is_directory(PHOSPHENE_CORPUS_DIR, ec)) return {};
  for (const auto& e : std::filesystem::recursive_directory_iterator(PHOSPHENE_CORPUS_DIR, ec))
    if (e.is_regular_file() && e.path().extension() == ".milk") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  std::vector<PresetCode> all;
  std::set<std::string> seen;
  for (const auto& f : files) {
    PresetCode p;
    p.path = f;
    p.name = std::filesystem::path(f).stem().string();
    for (auto& b : testing::readCodeBlocks(f)) {
      if (b.name == "per_frame_init") p.perFrameInit = b.code;
      if (b.name == "per_frame") p.perFrame = b.code;
      if (b.name == "per_pixel") p.perPixel = b.code;
    }
    if (p.perPixel.empty() || !seen.insert(p.perPixel).second) continue;
    eel::Globals g;
    eel::Context c(g);
    if (!eel::compile(p.perPixel, c).ok()) continue;
    p.keys = testing::readMilkKeys(f);
    all.push_back(std::move(p));
  }
  std::stable_sort(all.begin(), all.end(), [](const PresetCode& a, const PresetCode& b) {
    return a.perPixel.size() < b.perPixel.size();
  });
  std::vector<PresetCode> picked;
  if (all.size() < 20) return all;
  for (std::size_t i = all.size() - 10; i < all.size(); ++i) picked.push_back(all[i]);
  const std::size_t mid = all.size() / 2;
  for (std::size_t i = mid - 5; i < mid + 5; ++i) picked.push_back(all[i]);
  return picked;
}

double keyValue(const PresetCode& p, const char* key, double fallback) {
  auto it = p.keys.find(key);
  if (it == p.keys.end()) return fallback;
  char* end = nullptr;
  const double v = std::strtod(it->second.c_str(), &end);
  return end == it->second.c_str() ? fallback : v;
}

struct Scene {
  eel::Globals globals;
  eel::Context frameCtx{globals}, vertexCtx{globals};
  std::unique_ptr<eel::Program> perFrame, perPixel;
  std::vector<double> base;  // motion base values
  std::vector<eel::Slot> frameMotion, vertexMotion, frameQ, vertexQ;
  std::vector<double> xs, ys, rads, angs;
  std::vector<float> outFloat;
  std::vector<eel::BatchInput> inputs;
  std::vector<eel::BatchOutput> outputs;
  int vertices = 0;
  double time = 0;

  Scene(const PresetCode& p, int gx, int gy) {
    for (std::size_t m = 0; m < std::size(kMotion); ++m) {
      base.push_back(keyValue(p, kMotion[m], kMotionDefaults[m]));
      frameMotion.push_back(frameCtx.slot(kMotion[m]));
      vertexMotion.push_back(vertexCtx.slot(kMotion[m]));
    }
    for (int q = 1; q <= 32; ++q) {
      frameQ.push_back(frameCtx.slot("q" + std::to_string(q)));
      vertexQ.push_back(vertexCtx.slot("q" + std::to_string(q)));
    }
    if (!p.perFrameInit.empty()) {
      auto init = eel::compile(p.perFrameInit, frameCtx);
      if (init) init->run();
    }
    if (auto pf = eel::compile(p.perFrame, frameCtx); pf)
      perFrame = std::make_unique<eel::Program>(std::move(*pf));
    auto pp = eel::compile(p.perPixel, vertexCtx);
    perPixel = std::make_unique<eel::Program>(std::move(*pp));
    for (int j = 0; j <= gy; ++j)
      for (int i = 0; i <= gx; ++i) {
        const double x = static_cast<double>(i) / gx, y = static_cast<double>(j) / gy;
        const double dx = (x - 0.5) * 2, dy = (y - 0.5) * 2 * 0.75;
        xs.push_back(x);
        ys.push_back(y);
        rads.push_back(std::sqrt(dx * dx + dy * dy) / std::sqrt(2.0));
        angs.push_back(std::atan2(dy, dx));
      }
    vertices = (gx + 1) * (gy + 1);
    inputs = {{vertexCtx.slot("x"), xs.data()},
              {vertexCtx.slot("y"), ys.data()},
              {vertexCtx.slot("rad"), rads.data()},
              {vertexCtx.slot("ang"), angs.data()}};
    for (eel::Slot s : vertexMotion) inputs.push_back({s, nullptr});
    // MilkDrop keeps the per-vertex outputs as floats: the engine writes them directly.
    outFloat.resize(static_cast<std::size_t>(vertices) * std::size(kMotion));
    for (std::size_t m = 0; m < std::size(kMotion); ++m)
      outputs.push_back(
          {vertexMotion[m], nullptr, outFloat.data() + m * static_cast<std::size_t>(vertices)});
    const std::pair<const char*, double> fixed[] = {{"meshx", gx},     {"meshy", gy},
                                                    {"aspectx", 1.0},  {"aspecty", 0.75},
                                                    {"pixelsx", 1280}, {"pixelsy", 720}};
    for (auto [n, v] : fixed) vertexCtx[vertexCtx.slot(n)] = v;
  }

  void frame() {
    time += 1.0 / 60.0;
    const double bass = 1.0 + 0.5 * std::sin(time * 3.1), mid = 1.0 + 0.4 * std::sin(time * 2.3),
                 treb = 1.0 + 0.3 * std::sin(time * 4.7);
    const std::pair<const char*, double> audio[] = {
        {"time", time},       {"fps", 60},        {"bass", bass},   {"mid", mid},
        {"treb", treb},       {"bass_att", bass}, {"mid_att", mid}, {"treb_att", treb},
        {"frame", time * 60}, {"progress", 0.5}};
    for (std::size_t m = 0; m < frameMotion.size(); ++m) frameCtx[frameMotion[m]] = base[m];
    for (auto [n, v] : audio) {
      frameCtx[frameCtx.slot(n)] = v;
      vertexCtx[vertexCtx.slot(n)] = v;
    }
    if (perFrame) perFrame->run();
    for (std::size_t q = 0; q < frameQ.size(); ++q) vertexCtx[vertexQ[q]] = frameCtx[frameQ[q]];
    for (std::size_t m = 0; m < frameMotion.size(); ++m)
      vertexCtx[vertexMotion[m]] = frameCtx[frameMotion[m]];
    perPixel->runBatch(vertices, inputs, outputs);
  }
};

double threadCpuNs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

// ns_per_vertex counts this thread's CPU time (the 2 cores are shared with other jobs, so wall
// time mostly measures the neighbours); wall_ns_per_vertex is reported beside it.
void perVertex(benchmark::State& state, const PresetCode* p, int gx, int gy) {
  Scene scene(*p, gx, gy);
  double cpu = 0, wall = 0;
  for (auto _ : state) {
    const double c0 = threadCpuNs();
    const auto t0 = std::chrono::steady_clock::now();
    scene.frame();
    wall += std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    cpu += threadCpuNs() - c0;
    benchmark::DoNotOptimize(scene.outFloat.data());
  }
  const double n = static_cast<double>(state.iterations()) * static_cast<double>(scene.vertices);
  state.counters["ns_per_vertex"] = cpu / n;
  state.counters["wall_ns_per_vertex"] = wall / n;
  const auto plan = scene.perPixel->batchPlan(scene.inputs);
  state.SetLabel(std::string(plan.vectorised ? "batch" : "serial: " + plan.reason) + " lane=" +
                 std::to_string(plan.laneOps) + " serial=" + std::to_string(plan.serialOps) +
                 " prologue=" + std::to_string(plan.prologueOps) +
                 " chars=" + std::to_string(p->perPixel.size()));
}

// Everything a preset switch costs the engine: compiling every block, plus building the
// per-vertex batch plan (done on the first runBatch).
void compileAll(benchmark::State& state, const PresetCode* p) {
  const auto blocks = testing::readCodeBlocks(p->path);
  std::size_t chars = 0;
  for (const auto& b : blocks) chars += b.code.size();
  for (auto _ : state) {
    eel::Globals g;
    for (const auto& b : blocks) {
      eel::Context c(g);
      auto prog = eel::compile(b.code, c);
      if (prog && b.name == "per_pixel") {
        std::vector<eel::BatchInput> in;
        for (const char* v : {"x", "y", "rad", "ang"}) in.push_back({c.slot(v), &chars_sink});
        for (const char* m : kMotion) in.push_back({c.slot(m), nullptr});
        benchmark::DoNotOptimize(prog->batchPlan(in).vectorised);
      }
      benchmark::DoNotOptimize(prog.ok());
    }
  }
  state.counters["chars"] = static_cast<double>(chars);
}

// One execution of the per_frame block (MilkDrop runs it once per frame).
void perFrame(benchmark::State& state, const PresetCode* p) {
  Scene scene(*p, 8, 6);
  if (!scene.perFrame) {
    state.SkipWithError("no per_frame code");
    return;
  }
  for (auto _ : state) benchmark::DoNotOptimize(scene.perFrame->run());
}

}  // namespace

int main(int argc, char** argv) {
  static const std::vector<PresetCode> presets = pickPresets();
  if (presets.empty()) {
    std::fprintf(stderr, "eel_bench: no presets in %s; nothing to measure\n", PHOSPHENE_CORPUS_DIR);
  }
  for (std::size_t i = 0; i < presets.size(); ++i) {
    const PresetCode* p = &presets[i];
    const std::string kind = i < 10 ? "heavy" : "typical";
    for (auto [gx, gy] : {std::pair{48, 36}, std::pair{128, 96}}) {
      benchmark::RegisterBenchmark(
          (kind + "/" + p->name + "/" + std::to_string(gx) + "x" + std::to_string(gy)).c_str(),
          [p, gx = gx, gy = gy](benchmark::State& s) { perVertex(s, p, gx, gy); });
    }
  }
  for (std::size_t i = 0; i < presets.size(); ++i) {
    const PresetCode* p = &presets[i];
    if (!p->perFrame.empty())
      benchmark::RegisterBenchmark(("per_frame/" + p->name).c_str(),
                                   [p](benchmark::State& s) { perFrame(s, p); });
    benchmark::RegisterBenchmark(("compile/" + p->name).c_str(), [p](benchmark::State& s) {
      compileAll(s, p);
    })->Unit(benchmark::kMicrosecond);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
