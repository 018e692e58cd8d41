// shader_bench: translation time per MilkDrop shader on a deterministic set: every unique
// (stage, text) shader of the corpus, in sorted file order, taking every 4th (about 300 shaders).
// Each benchmark iteration translates the whole set once; counters report the median and the
// worst single-shader time of the last iteration, in milliseconds, and shaders per second.
//   BM_TranslateBoth   wrap + glslang + SPIRV-Cross for GLSL 330 and GLSL ES 300 (what a preset
//                      load costs without the cache; SPIR-V is shared by the two dialects)
//   BM_HlslToSpirv     the MilkDrop pass and glslang only
//   BM_SpirvToGlsl     SPIRV-Cross only, one dialect
//   BM_CachedLookup    a warm TranslationCache hit
// Without the corpus a few built-in shaders run. Timings are reported, never asserted.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "milk/CodeText.hpp"
#include "milk/PresetReader.hpp"
#include "shader/TranslationCache.hpp"

namespace {

namespace fs = std::filesystem;
using namespace phosphene;

struct Sample {
  shader::Stage stage;
  std::string text;
};

std::vector<Sample> loadSet() {
  std::vector<Sample> set;
  std::vector<fs::path> files;
  std::error_code ec;
  const fs::path root(PHOSPHENE_CORPUS_DIR);
  if (fs::is_directory(root, ec))
    for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::end(it);
         it.increment(ec))
      if (it->is_regular_file() && it->path().extension() == ".milk") files.push_back(it->path());
  std::sort(files.begin(), files.end());
  std::set<std::string> seen;
  int index = 0;
  for (const auto& f : files) {
    auto p = milk::readPresetFile(f);
    if (!p) continue;
    for (int s = 0; s < 2; ++s) {
      const auto& block = s == 0 ? p->warpShader : p->compShader;
      if (block.empty()) continue;
      std::string text = milk::joinShader(block).text;
      if (!seen.insert(std::to_string(s) + text).second) continue;
      if (index++ % 4 == 0)
        set.push_back({s == 0 ? shader::Stage::Warp : shader::Stage::Comp, std::move(text)});
    }
  }
  if (set.empty()) {
    set.push_back({shader::Stage::Warp, "shader_body { ret = GetPixel(uv) * 0.98; }"});
    set.push_back({shader::Stage::Comp,
                   "float3 g;\nshader_body { g = GetBlur1(uv); ret = lerp(GetPixel(uv), g, q1) "
                   "* hue_shader; }"});
  }
  return set;
}

const std::vector<Sample>& corpusSet() {
  static const std::vector<Sample> set = loadSet();
  return set;
}

template <typename F>
void timeEach(benchmark::State& state, F&& translateOne) {
  const auto& set = corpusSet();
  std::vector<double> ms(set.size());
  for (auto _ : state) {
    for (std::size_t i = 0; i < set.size(); ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      translateOne(set[i]);
      ms[i] =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    }
  }
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  state.counters["shaders"] = static_cast<double>(set.size());
  state.counters["median_ms"] = sorted.empty() ? 0.0 : sorted[sorted.size() / 2];
  state.counters["p99_ms"] = sorted.empty() ? 0.0 : sorted[sorted.size() * 99 / 100];
  state.counters["worst_ms"] = sorted.empty() ? 0.0 : sorted.back();
  state.counters["shaders_per_s"] = benchmark::Counter(
      static_cast<double>(set.size()), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_TranslateBoth(benchmark::State& state) {
  const shader::Translator translator;
  timeEach(state, [&](const Sample& s) {
    auto spirv = translator.compileToSpirv(s.text, s.stage);
    if (!spirv) return;
    for (auto d : {shader::Dialect::Glsl330, shader::Dialect::Glsl300es}) {
      auto t = translator.emit(*spirv, s.stage, 2, d);
      benchmark::DoNotOptimize(t);
    }
  });
}
BENCHMARK(BM_TranslateBoth)->Unit(benchmark::kMillisecond);

void BM_HlslToSpirv(benchmark::State& state) {
  const shader::Translator translator;
  timeEach(state, [&](const Sample& s) {
    auto spirv = translator.compileToSpirv(s.text, s.stage);
    benchmark::DoNotOptimize(spirv);
  });
}
BENCHMARK(BM_HlslToSpirv)->Unit(benchmark::kMillisecond);

void BM_SpirvToGlsl(benchmark::State& state) {
  const shader::Translator translator;
  const auto& set = corpusSet();
  std::vector<core::Expected<shader::Translator::Spirv>> spirv;
  for (const auto& s : set) spirv.push_back(translator.compileToSpirv(s.text, s.stage));
  std::size_t next = 0;
  timeEach(state, [&](const Sample& s) {
    const auto& sp = spirv[next++ % spirv.size()];
    if (!sp) return;
    auto t = translator.emit(*sp, s.stage, 2, shader::Dialect::Glsl300es);
    benchmark::DoNotOptimize(t);
  });
}
BENCHMARK(BM_SpirvToGlsl)->Unit(benchmark::kMillisecond);

void BM_CachedLookup(benchmark::State& state) {
  shader::TranslationCache cache;
  for (const auto& s : corpusSet()) cache.translate(s.text, s.stage, 2, shader::Dialect::Glsl330);
  timeEach(state, [&](const Sample& s) {
    auto r = cache.translate(s.text, s.stage, 2, shader::Dialect::Glsl330);
    benchmark::DoNotOptimize(r);
  });
}
BENCHMARK(BM_CachedLookup)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
