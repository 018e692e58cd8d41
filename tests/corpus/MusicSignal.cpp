#include "corpus/MusicSignal.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "audio/Analyzer.hpp"
#include "audio/PcmInput.hpp"

namespace phosphene::testing {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kRate = audio::kAnalysisSampleRate;
constexpr double kBeat = 0.5;  // 120 bpm
constexpr double kEighth = kBeat / 2;

double midiHz(int note) {
  return 440.0 * std::pow(2.0, (note - 69) / 12.0);
}

// SplitMix64: the signal must not change when some library's generator does.
class NoiseSource {
 public:
  explicit NoiseSource(std::uint64_t seed) : state_(seed) {}
  double uniformPlusMinusOne() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * 0x1.0p-52 - 1.0;
  }

 private:
  std::uint64_t state_;
};

}  // namespace

std::vector<float> musicSignal(double seconds) {
  const auto n = static_cast<std::size_t>(std::llround(std::max(0.0, seconds) * kRate));
  NoiseSource rng(1234);
  std::vector<double> noise(n);
  for (double& v : noise) v = rng.uniformPlusMinusOne();
  // numpy's convolve(noise, ones(4)/4, "same") centres the even kernel one sample late:
  // sample i averages noise[i-2 .. i+1], zeros outside.
  auto highPassed = [&](std::size_t i) {
    double sum = 0.0;
    for (std::ptrdiff_t k = -2; k <= 1; ++k) {
      const std::ptrdiff_t j = static_cast<std::ptrdiff_t>(i) + k;
      if (j >= 0 && j < static_cast<std::ptrdiff_t>(n)) sum += noise[static_cast<std::size_t>(j)];
    }
    return noise[i] - sum / 4.0;
  };

  static constexpr std::array<int, 16> kBassNotes = {33, 33, 45, 33, 36, 36, 31, 28,
                                                     33, 33, 45, 33, 41, 40, 38, 36};
  static constexpr std::array<std::array<int, 3>, 4> kChords = {
      {{57, 60, 64}, {53, 57, 60}, {55, 60, 64}, {55, 59, 62}}};
  double bassPhase = 0.0, bassLowPass = 0.0;
  std::array<double, 3> padPhase{};
  std::vector<float> out(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) / kRate;

    const double tk = std::fmod(t, kBeat);
    const double kickPhase = 2 * kPi * (45.0 * tk + (105.0 / 30.0) * (1 - std::exp(-30.0 * tk)));
    const double kick = 0.7 * std::exp(-9.0 * tk) * std::sin(kickPhase);

    double th = std::fmod(t - kEighth, kBeat);
    if (th < 0) th += kBeat;  // numpy's mod takes the divisor's sign
    const double hat = 0.25 * std::exp(-th / 0.03) * highPassed(i);

    const auto eighthIndex = static_cast<std::size_t>(t / kEighth);
    // make_wav accumulates the phase before reading it (cumsum): sample 0 already advanced.
    bassPhase += midiHz(kBassNotes[eighthIndex % 16]) / kRate;
    const double saw = 2 * (bassPhase - std::floor(bassPhase)) - 1;
    bassLowPass += 0.08 * (saw * std::exp(-std::fmod(t, kEighth) * 6.0) - bassLowPass);
    const double bass = 0.5 * bassLowPass;

    const auto& chord = kChords[static_cast<std::size_t>(t / (2 * kBeat * 2)) % 4];
    double padLeft = 0.0, padRight = 0.0;
    for (std::size_t k = 0; k < 3; ++k) {
      padPhase[k] += midiHz(chord[k]) / kRate;
      padLeft += std::sin(2 * kPi * padPhase[k]);
      padRight += std::sin(2 * kPi * padPhase[k] * 1.003);
    }
    const double padEnv = 0.06 * (1 - std::exp(-std::fmod(t, 2 * kBeat * 2) * 8));

    const double left = kick + hat + bass + padEnv * padLeft;
    const double right = kick + 0.8 * hat + bass + padEnv * padRight;
    // The WAV's int16 (numpy's astype truncates toward zero), read back as libsndfile does.
    auto to16 = [](double v) {
      return static_cast<float>(std::trunc(std::clamp(v, -1.0, 1.0) * 32767.0) / 32768.0);
    };
    out[2 * i] = to16(left);
    out[2 * i + 1] = to16(right);
  }
  return out;
}

std::vector<audio::FrameAudio> analyseMusic(const std::vector<float>& pcm, double fps, int frames) {
  audio::PcmInput input;
  audio::Analyzer analyzer;
  const std::int64_t available = static_cast<std::int64_t>(pcm.size() / 2);
  std::vector<float> chunk;
  std::vector<audio::FrameAudio> out;
  out.reserve(static_cast<std::size_t>(std::max(frames, 0)));
  std::int64_t fed = 0;
  for (int frame = 0; frame < frames; ++frame) {
    const std::int64_t end = std::llround(static_cast<double>(frame + 1) * kRate / fps);
    const std::int64_t want = std::max<std::int64_t>(0, end - fed);
    chunk.assign(static_cast<std::size_t>(2 * want), 0.0f);
    const std::int64_t have = std::clamp<std::int64_t>(available - fed, 0, want);
    std::copy_n(pcm.begin() + 2 * fed, 2 * have, chunk.begin());
    if (want > 0)
      input.addFloat(chunk.data(), static_cast<std::size_t>(want), 2, audio::kAnalysisSampleRate);
    fed += want;
    input.collect();
    // The fixed clock `phosphene render` runs on: frame k at k/fps, a constant step.
    const audio::FrameTiming timing{static_cast<std::uint64_t>(frame), static_cast<float>(fps),
                                    1.0 / fps};
    out.push_back(analyzer.analyze(input.window(), timing));
  }
  return out;
}

}  // namespace phosphene::testing
