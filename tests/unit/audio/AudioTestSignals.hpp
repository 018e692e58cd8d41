#pragma once
// Synthetic signals and a frame-by-frame driver shared by the audio tests. A signal is a function
// of time (seconds) and channel, full scale +-1.0, so the same sound can be sampled at any rate.

#include <cmath>
#include <cstdint>
#include <functional>
#include <numbers>
#include <vector>

#include "audio/Analyzer.hpp"
#include "audio/PcmInput.hpp"

namespace phosphene::audio::test {

using Signal = std::function<float(double t, int channel)>;

inline constexpr double kTwoPi = 2.0 * std::numbers::pi;

inline Signal sine(double hz, double amplitude) {
  return [=](double t, int) { return static_cast<float>(amplitude * std::sin(kTwoPi * hz * t)); };
}

/// Deterministic white-ish noise: a hash of the sample time, so it is the same signal at any rate
/// only in its statistics (exactly the same at the same rate).
inline Signal noise(double amplitude, std::uint64_t seed = 1) {
  return [=](double t, int ch) {
    std::uint64_t z = static_cast<std::uint64_t>(std::llround(t * 1e7)) * 0x9e3779b97f4a7c15ULL +
                      seed * 0xbf58476d1ce4e5b9ULL + static_cast<std::uint64_t>(ch);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return static_cast<float>(amplitude * (static_cast<double>(z >> 11) * 0x1.0p-53 * 2.0 - 1.0));
  };
}

inline Signal sum(std::vector<Signal> parts) {
  return [=](double t, int ch) {
    float s = 0.0f;
    for (const auto& p : parts) s += p(t, ch);
    return s;
  };
}

/// Silence until `start`, then the signal.
inline Signal after(double start, Signal s) {
  return [=](double t, int ch) { return t < start ? 0.0f : s(t, ch); };
}

/// A kick drum at each time in `onsets`: a 110 → 45 Hz sweep with a 70 ms decay.
inline Signal kicks(std::vector<double> onsets, double amplitude) {
  return [=](double t, int) {
    double s = 0.0;
    for (double on : onsets) {
      const double u = t - on;
      if (u < 0.0 || u > 0.4) continue;
      const double phase =
          kTwoPi * (45.0 * u + (110.0 - 45.0) * 0.03 * (1.0 - std::exp(-u / 0.03)));
      s += amplitude * std::exp(-u / 0.07) * std::sin(phase);
    }
    return static_cast<float>(s);
  };
}

/// Samples frames [first, last) of `signal` at `rate` as interleaved stereo floats.
inline std::vector<float> render(const Signal& signal, int rate, std::int64_t first,
                                 std::int64_t last) {
  std::vector<float> out;
  out.reserve(static_cast<std::size_t>(last - first) * 2);
  for (std::int64_t i = first; i < last; ++i) {
    const double t = static_cast<double>(i) / rate;
    out.push_back(signal(t, 0));
    out.push_back(signal(t, 1));
  }
  return out;
}

/// Feeds `seconds` of `signal` at `rate`, one video frame's worth of samples before each analysis
/// (video frame f hears audio up to (f + 1) / fps), in chunks of `chunk` frames (0: one chunk per
/// video frame). Returns every frame's analysis.
inline std::vector<FrameAudio> analyzeSignal(const Signal& signal, double seconds, int rate = 44100,
                                             double fps = 60.0, std::size_t chunk = 0,
                                             AnalyzerSettings settings = {}) {
  PcmInput input;
  Analyzer analyzer(settings);
  std::vector<FrameAudio> frames;
  const auto frameCount = static_cast<std::int64_t>(seconds * fps);
  std::int64_t fed = 0;
  for (std::int64_t f = 0; f < frameCount; ++f) {
    const auto end = static_cast<std::int64_t>(std::floor(static_cast<double>(f + 1) * rate / fps));
    const std::vector<float> pcm = render(signal, rate, fed, end);
    const std::size_t n = static_cast<std::size_t>(end - fed);
    const std::size_t step = chunk == 0 ? std::max<std::size_t>(n, 1) : chunk;
    for (std::size_t i = 0; i < n; i += step)
      input.addFloat(pcm.data() + i * 2, std::min(step, n - i), 2, rate);
    fed = end;
    input.collect();
    frames.push_back(analyzer.analyze(
        input.window(), {static_cast<std::uint64_t>(f), static_cast<float>(fps), 1.0 / fps}));
  }
  return frames;
}

/// Mean of a field over frames [from, to).
template <typename Field>
double meanOf(const std::vector<FrameAudio>& frames, std::size_t from, std::size_t to,
              Field field) {
  double s = 0.0;
  for (std::size_t i = from; i < to; ++i) s += frames[i].*field;
  return s / static_cast<double>(to - from);
}

}  // namespace phosphene::audio::test
