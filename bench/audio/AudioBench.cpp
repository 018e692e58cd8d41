// Cost of the audio stage per video frame: the analysis alone (three 1024-point FFTs, band
// averages, beat detection), the producer path (convert + resample + ring), and one whole frame
// through the C API as a host drives it. Reported in notes; never asserted.

#include <benchmark/benchmark.h>
#include <phosphene/phosphene.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "audio/Analyzer.hpp"
#include "audio/PcmInput.hpp"

namespace {

using namespace phosphene::audio;

std::vector<float> music(std::size_t frames, int rate) {
  std::vector<float> v(frames * 2);
  std::uint32_t noise = 12345;
  for (std::size_t i = 0; i < frames; ++i) {
    const double t = static_cast<double>(i) / rate;
    noise = noise * 1664525u + 1013904223u;
    const float n = static_cast<float>(noise >> 8) / 16777216.0f - 0.5f;
    const float s = static_cast<float>(0.4 * std::sin(6.2831853 * 60.0 * t) +
                                       0.2 * std::sin(6.2831853 * 1200.0 * t)) +
                    0.1f * n;
    v[2 * i] = s;
    v[2 * i + 1] = -s;
  }
  return v;
}

void BM_AnalyzeFrame(benchmark::State& state) {
  PcmInput input;
  Analyzer analyzer;
  const auto pcm = music(44100, 44100);
  input.addFloat(pcm.data(), 735, 2, 44100);
  input.collect();
  std::uint64_t frame = 0;
  for (auto _ : state) {
    FrameAudio a = analyzer.analyze(input.window(), {frame++, 60.0f, 1.0 / 60.0});
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_AnalyzeFrame);

// One frame's worth of 48 kHz audio (800 frames) through conversion, resampling and the ring.
void BM_PcmAdd48kFrame(benchmark::State& state) {
  PcmInput input;
  const auto pcm = music(800, 48000);
  for (auto _ : state) {
    input.addFloat(pcm.data(), 800, 2, 48000);
    input.collect();
  }
  state.SetItemsProcessed(state.iterations() * 800);
}
BENCHMARK(BM_PcmAdd48kFrame);

void BM_CApiFrame(benchmark::State& state) {
  phosphene_engine* engine = nullptr;
  phosphene_engine_create(nullptr, &engine);
  const auto pcm = music(735, 44100);
  phosphene_audio_frame frame;
  phosphene_audio_frame_init(&frame);
  for (auto _ : state) {
    // A frame with no preset: the clock and the analysis, through the C API.
    phosphene_engine_add_pcm_float(engine, pcm.data(), 735, 2, 44100);
    phosphene_engine_advance(engine, 0.0);
    phosphene_engine_get_audio(engine, &frame);
    benchmark::DoNotOptimize(frame);
  }
  phosphene_engine_destroy(engine);
}
BENCHMARK(BM_CApiFrame);

}  // namespace

BENCHMARK_MAIN();
