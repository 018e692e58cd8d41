// CPU per frame and bytes per file of PngImage's writers (what `phosphene render --out DIR`
// spends per frame on its encoder threads) and of the fast writer with the compressors it was
// measured against (bench/image/reference). The frame: raw RGBA from
// `phosphene render --frames N --out - | tail -c $((W*H*4)) > frame.raw`, named by
// PHOSPHENE_PNG_BENCH_RAW=frame.raw:WxH; without it a synthetic 640x480 frame (gradients and
// noise, so the sizes only roughly match a real frame's). Files go to the system temp folder.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

#include <benchmark/benchmark.h>

#include "PngImage.hpp"
#include "ReferencePngWriter.hpp"

namespace {

using phosphene::bench::ReferenceCompressor;
using phosphene::platform::PngCompression;
using phosphene::platform::RgbaImage;

RgbaImage syntheticFrame() {
  RgbaImage image(640, 480);
  std::mt19937 rng(1);
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x) {
      std::uint8_t* p = image.at(x, y);
      const bool noisy = ((x / 16) ^ (y / 16)) % 4 == 0;
      p[0] = static_cast<std::uint8_t>(noisy ? rng() : x / 3 + y / 5);
      p[1] = static_cast<std::uint8_t>(noisy ? rng() : y / 2);
      p[2] = static_cast<std::uint8_t>(noisy ? rng() : 128 + x / 8);
      p[3] = 255;
    }
  return image;
}

// PHOSPHENE_PNG_BENCH_RAW=PATH:WxH, or the synthetic frame when unset or unreadable.
const RgbaImage& benchFrame() {
  static const RgbaImage frame = [] {
    const char* spec = std::getenv("PHOSPHENE_PNG_BENCH_RAW");
    int w = 0, h = 0;
    const std::string s = spec ? spec : "";
    const auto colon = s.rfind(':');
    if (colon == std::string::npos || std::sscanf(s.c_str() + colon + 1, "%dx%d", &w, &h) != 2 ||
        w <= 0 || h <= 0)
      return syntheticFrame();
    RgbaImage image(w, h);
    std::FILE* f = std::fopen(s.substr(0, colon).c_str(), "rb");
    const bool ok =
        f && std::fread(image.pixels.data(), 1, image.pixels.size(), f) == image.pixels.size();
    if (f) std::fclose(f);
    if (!ok) std::fprintf(stderr, "png_bench: cannot read %s; synthetic frame\n", spec);
    return ok ? image : syntheticFrame();
  }();
  return frame;
}

// `write` is one of the writers below: it writes `frame` to `path`, false + `error` on failure.
template <typename Write>
void run(benchmark::State& state, Write write) {
  const RgbaImage& frame = benchFrame();
  const std::string path =
      (std::filesystem::temp_directory_path() / "phosphene-png-bench.png").string();
  std::string error;
  for (auto _ : state) {
    if (!write(path, frame, error)) {
      state.SkipWithError(error.c_str());
      break;
    }
  }
  std::error_code ec;
  state.counters["bytes"] = static_cast<double>(std::filesystem::file_size(path, ec));
  state.counters["px"] = frame.width * frame.height;
  std::filesystem::remove(path, ec);
}

void BM_LibpngDefault(benchmark::State& s) {
  run(s, [](const std::string& path, const RgbaImage& frame, std::string& error) {
    return phosphene::platform::writePng(path, frame, error, PngCompression::Default);
  });
}
void BM_FastRunLength(benchmark::State& s) {
  run(s, [](const std::string& path, const RgbaImage& frame, std::string& error) {
    return phosphene::platform::writePng(path, frame, error, PngCompression::Fast);
  });
}
void BM_FastLibdeflate(benchmark::State& s) {
  run(s, [](const std::string& path, const RgbaImage& frame, std::string& error) {
    return phosphene::bench::writeReferencePng(path, frame, error, ReferenceCompressor::Libdeflate);
  });
}
void BM_FastZlib(benchmark::State& s) {
  run(s, [](const std::string& path, const RgbaImage& frame, std::string& error) {
    return phosphene::bench::writeReferencePng(path, frame, error, ReferenceCompressor::Zlib);
  });
}
BENCHMARK(BM_LibpngDefault)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_FastRunLength)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_FastLibdeflate)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_FastZlib)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

}  // namespace

BENCHMARK_MAIN();
