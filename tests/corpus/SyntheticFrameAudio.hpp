#pragma once
// Music-like FrameAudio for the corpus tests (no analysis, no files): two tones per channel whose
// loudness swings frame to frame, a falling spectrum, band levels around 1 and, when kickEvery is
// above 0, a kick-like bass pulse for 3 frames out of every kickEvery.

#include <cmath>
#include <cstddef>

#include "audio/FrameAudio.hpp"

namespace phosphene::testing {

inline void syntheticFrameAudio(int frame, audio::FrameAudio& a, int kickEvery = 0) {
  const float f = static_cast<float>(frame);
  const float kick = kickEvery > 0 && (frame % kickEvery) < 3 ? 1.0f : 0.0f;
  const float loud = 40.0f + 30.0f * std::sin(0.9f * f) + 40.0f * kick;
  for (int i = 0; i < audio::kWaveformSamples; ++i) {
    const float t = static_cast<float>(i + frame * audio::kWaveformSamples);
    a.waveform[0][static_cast<std::size_t>(i)] =
        loud * std::sin(0.05f * t) + 10.0f * std::sin(0.31f * t);
    a.waveform[1][static_cast<std::size_t>(i)] =
        loud * std::cos(0.043f * t) + 12.0f * std::sin(0.27f * t);
  }
  for (int i = 0; i < audio::kSpectrumBins; ++i) {
    const float v = loud * 0.05f / (1.0f + 0.02f * static_cast<float>(i));
    a.spectrum[0][static_cast<std::size_t>(i)] = v;
    a.spectrum[1][static_cast<std::size_t>(i)] = 0.9f * v;
  }
  const float swing = 0.5f * std::sin(1.3f * f);
  a.bass = 1.0f + swing + kick;
  a.mid = 1.0f - 0.5f * swing;
  a.treb = 1.0f + 0.25f * swing;
  a.bass_att = 1.0f + 0.5f * swing + 0.5f * kick;
  a.mid_att = 1.0f;
  a.treb_att = 1.0f - 0.25f * swing;
}

}  // namespace phosphene::testing
