#include "audio/WaveAligner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace phosphene::audio {
namespace {

// The window of frame f of a continuous sine, 735 samples (60 fps at 44.1 kHz) apart.
Window sineWindow(int frame, double hz) {
  Window w;
  for (int i = 0; i < kWaveformSamples; ++i) {
    const double t = (frame * 735.0 + i) / 44100.0;
    w.left[i] = static_cast<float>(100.0 * std::sin(6.283185307179586 * hz * t));
    w.right[i] = static_cast<float>(50.0 * std::cos(6.283185307179586 * hz * t));
  }
  return w;
}

float maxDifference(const Window& a, const Window& b, int count) {
  float d = 0.0f;
  for (int i = 0; i < count; ++i) d = std::max(d, std::fabs(a.left[i] - b.left[i]));
  return d;
}

// MD2 pluginshell.cpp AlignWaves: a steady tone's drawn samples (the first 480) stay put from
// frame to frame, although the raw windows start at a different phase each frame. ~600 Hz: one
// period (73.5 samples) fits in the 96 offsets searched, and it survives the coarse levels' box
// filters (up to 32 samples wide); MD2's search is tuned for such material, not for high tones.
TEST(WaveAligner, KeepsASteadyToneInPlace) {
  const double hz = 610.0;  // 10.17 periods per frame: the phase moves every frame
  WaveAligner aligner;
  Window previous = sineWindow(0, hz);
  aligner.align(previous);
  Window previousRaw = sineWindow(0, hz);
  for (int f = 1; f < 30; ++f) {
    const Window raw = sineWindow(f, hz);
    Window aligned = raw;
    const auto offset = aligner.align(aligned);
    EXPECT_GE(offset[0], 0);
    EXPECT_LT(offset[0], 96);
    if (f >= 2) {
      // Within half a sample of phase: 100 · 2π · 0.5 / (44100 / 610).
      EXPECT_LT(maxDifference(aligned, previous, kAlignedSamples), 100.0f * 6.2832f * 0.5f / 72.3f)
          << "frame " << f;
    }
    EXPECT_GT(maxDifference(raw, previousRaw, kAlignedSamples), 50.0f);  // raw phase moves
    previous = aligned;
    previousRaw = raw;
  }
}

// When the window was shifted, the 96 samples past the 480 kept are zeroed; a zero shift leaves
// the window untouched.
TEST(WaveAligner, ShiftedWindowsEndInZerosAndUnshiftedOnesAreUntouched) {
  WaveAligner aligner;
  int shifted = 0, unshifted = 0;
  for (int f = 0; f < 40; ++f) {
    const Window raw = sineWindow(f, 440.0);
    Window w = raw;
    const auto offset = aligner.align(w);
    for (int ch = 0; ch < 2; ++ch) {
      const auto& got = ch == 0 ? w.left : w.right;
      const auto& in = ch == 0 ? raw.left : raw.right;
      if (offset[ch] == 0) {
        ++unshifted;
        EXPECT_EQ(got, in);
      } else {
        ++shifted;
        for (int i = 0; i < kAlignedSamples; ++i) ASSERT_EQ(got[i], in[i + offset[ch]]);
        for (int i = kAlignedSamples; i < kWaveformSamples; ++i) ASSERT_EQ(got[i], 0.0f);
      }
    }
  }
  EXPECT_GT(shifted, 0);
  EXPECT_GT(unshifted, 0);  // the first frame aligns against an all-zero history: offset 0
}

}  // namespace
}  // namespace phosphene::audio
