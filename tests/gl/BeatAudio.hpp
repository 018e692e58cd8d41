#pragma once
// One video frame (1/30 s at 44.1 kHz, stereo) of a beat-like signal fed to an engine through
// the C API, so bass and treble move: a 60 Hz kick in 2 frames of every 8 over 440 Hz and 5 kHz
// tones. Shared by the C API render tests.

#include <gtest/gtest.h>
#include <phosphene/phosphene.h>

#include <cmath>
#include <cstddef>
#include <vector>

namespace phosphene::gltest {

inline void feedBeatAudio(phosphene_engine* engine, int frame) {
  std::vector<float> samples(1470 * 2);
  for (int i = 0; i < 1470; ++i) {
    const double t = (frame * 1470 + i) / 44100.0;
    const double kick = (frame % 8 < 2) ? std::sin(2 * M_PI * 60 * t) : 0.0;
    const float v = static_cast<float>(0.5 * kick + 0.2 * std::sin(2 * M_PI * 440 * t) +
                                       0.1 * std::sin(2 * M_PI * 5000 * t));
    samples[static_cast<std::size_t>(i) * 2] = v;
    samples[static_cast<std::size_t>(i) * 2 + 1] = -v;
  }
  ASSERT_EQ(phosphene_engine_add_pcm_float(engine, samples.data(), 1470, 2, 44100), PHOSPHENE_OK);
}

}  // namespace phosphene::gltest
