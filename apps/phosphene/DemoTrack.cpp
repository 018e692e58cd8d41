#include "DemoTrack.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace phosphene::cli {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

double midiToHz(int note) {
  return 440.0 * std::pow(2.0, (note - 69) / 12.0);
}

// splitmix64: a tiny, well-mixed generator whose sequence is fixed by its seed everywhere.
struct Noise {
  std::uint64_t state;
  double next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<double>(z >> 11) * (2.0 / 9007199254740992.0) - 1.0;  // [-1, 1)
  }
};

}  // namespace

DemoTrack makeDemoTrack(std::uint64_t seed) {
  DemoTrack track;
  const int sr = DemoTrack::kSampleRate;
  const auto frames = static_cast<std::int64_t>(DemoTrack::kSeconds * sr);
  track.samples.assign(static_cast<std::size_t>(frames) * 2, 0.0f);
  const double beat = 60.0 / DemoTrack::kBpm;  // seconds per beat
  const double eighth = beat / 2;

  // Bass line, one note per eighth over two bars (A minor: A1 A1 A2 A1 C2 C2 G1 E1 ...).
  const int bassNotes[16] = {33, 33, 45, 33, 36, 36, 31, 28, 33, 33, 45, 33, 41, 40, 38, 36};
  // Pad chords, one per half bar: Am, F, C, G (root-position triads around middle C).
  const int chords[4][3] = {{57, 60, 64}, {53, 57, 60}, {55, 60, 64}, {55, 59, 62}};

  Noise noise{seed ^ 0x5048'4F53'5048'454Eull};
  double hatLowpass = 0;  // one-pole low-pass of the noise; the hat is noise minus it (high-pass)
  double bassPhase = 0, bassFiltered = 0;
  for (std::int64_t i = 0; i < frames; ++i) {
    const double t = static_cast<double>(i) / sr;

    // Kick: a sine swept from 150 Hz down to 45 Hz with a fast amplitude decay, every beat.
    const double tk = std::fmod(t, beat);
    const double kickPhase = kTwoPi * (45.0 * tk + (105.0 / 30.0) * (1.0 - std::exp(-30.0 * tk)));
    const double kick = 0.6 * std::exp(-9.0 * tk) * std::sin(kickPhase);

    // Bass: a saw through a one-pole low-pass, short decay per eighth.
    const int step = static_cast<int>(t / eighth) % 16;
    const double te = std::fmod(t, eighth);
    bassPhase += midiToHz(bassNotes[step]) / sr;
    bassPhase -= std::floor(bassPhase);
    const double saw = 2.0 * bassPhase - 1.0;
    bassFiltered += 0.08 * (saw - bassFiltered);
    const double bass = 0.30 * bassFiltered * (0.35 + 0.65 * std::exp(-6.0 * te));

    // Hi-hat: high-passed noise on the off-beat eighths, very short.
    const double n = noise.next();
    hatLowpass += 0.35 * (n - hatLowpass);
    const bool offBeat = (static_cast<int>(t / eighth) % 2) == 1;
    const double hat = offBeat ? 0.30 * (n - hatLowpass) * std::exp(-60.0 * te) : 0.0;

    // Pad: three detuned triangle-ish partials with a soft attack per chord.
    const int chord = static_cast<int>(t / (2 * beat)) % 4;
    const double tc = std::fmod(t, 2 * beat);
    const double env = std::min(1.0, tc / 0.25) * (0.7 + 0.3 * std::exp(-2.0 * tc));
    double pad = 0;
    for (int v = 0; v < 3; ++v) {
      const double f = midiToHz(chords[chord][v]);
      pad += std::sin(kTwoPi * f * t) + 0.2 * std::sin(kTwoPi * 3 * f * t);
    }
    pad *= 0.06 * env;

    // A little stereo: hats right of centre, pad slightly wider.
    const double left = kick + bass + 0.7 * hat + pad * 1.1;
    const double right = kick + bass + 1.0 * hat + pad * 0.9;
    track.samples[static_cast<std::size_t>(i) * 2] =
        static_cast<float>(std::clamp(left, -1.0, 1.0));
    track.samples[static_cast<std::size_t>(i) * 2 + 1] =
        static_cast<float>(std::clamp(right, -1.0, 1.0));
  }
  return track;
}

}  // namespace phosphene::cli
