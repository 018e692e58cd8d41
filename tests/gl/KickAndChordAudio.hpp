#pragma once
// One video frame (1/30 s at 44.1 kHz, stereo) of a bass drum every half second over a chord,
// fed straight into an engine::Engine: the audio of the engine-level golden tests (shader presets,
// transitions), so their pictures move with bass and treble.

#include <cmath>
#include <cstddef>
#include <vector>

#include "engine/Engine.hpp"

namespace phosphene::gltest {

inline void feedKickAndChord(engine::Engine& engine, int frame) {
  constexpr int kRate = 44100, kPerFrame = kRate / 30;
  std::vector<float> samples(static_cast<std::size_t>(kPerFrame) * 2);
  for (int i = 0; i < kPerFrame; ++i) {
    const double t = static_cast<double>(frame * kPerFrame + i) / kRate;
    const double beat = std::fmod(t, 0.5);
    const double kick = std::exp(-beat * 18.0) * std::sin(2 * M_PI * 55.0 * beat);
    const double chord = 0.2 * std::sin(2 * M_PI * 220.0 * t) +
                         0.15 * std::sin(2 * M_PI * 330.0 * t) +
                         0.1 * std::sin(2 * M_PI * 1760.0 * t + std::sin(t * 3.0));
    samples[static_cast<std::size_t>(i) * 2] = static_cast<float>(0.6 * kick + chord);
    samples[static_cast<std::size_t>(i) * 2 + 1] = static_cast<float>(0.6 * kick - chord);
  }
  engine.pcm().addFloat(samples.data(), static_cast<std::size_t>(kPerFrame), 2, kRate);
}

}  // namespace phosphene::gltest
