// Whole-stage properties of the audio analysis with synthetic signals (issue 2's list).

#include "audio/Analyzer.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "unit/audio/AudioTestSignals.hpp"

namespace phosphene::audio {
namespace {

using test::after;
using test::analyzeSignal;
using test::meanOf;
using test::noise;
using test::sine;
using test::sum;

bool allFinite(const FrameAudio& a) {
  for (float v : {a.bass, a.mid, a.treb, a.bass_att, a.mid_att, a.treb_att, a.vol, a.vol_att})
    if (!std::isfinite(v)) return false;
  for (const auto& ch : a.waveform)
    for (float v : ch)
      if (!std::isfinite(v)) return false;
  for (const auto& ch : a.spectrum)
    for (float v : ch)
      if (!std::isfinite(v)) return false;
  return true;
}

TEST(Analyzer, SilenceIsNeutral) {
  const auto frames = analyzeSignal([](double, int) { return 0.0f; }, 3.0);
  for (const FrameAudio& a : frames) {
    ASSERT_TRUE(allFinite(a));
    // |long_avg| < 0.001 → exactly 1.0 (MD2 plugin.cpp DoCustomSoundAnalysis).
    EXPECT_EQ(a.bass, 1.0f);
    EXPECT_EQ(a.mid, 1.0f);
    EXPECT_EQ(a.treb, 1.0f);
    EXPECT_EQ(a.bass_att, 1.0f);
    EXPECT_EQ(a.treb_att, 1.0f);
    EXPECT_FALSE(a.beat);
    EXPECT_EQ(a.spectrum[0][10], 0.0f);
  }
}

// Background noise establishes the long-term averages; a tone entering at 2 s must lift its own
// band well above 1 and leave the others near 1.
TEST(Analyzer, A60HzToneRaisesBassNotTreb) {
  const auto frames = analyzeSignal(sum({noise(0.01), after(2.0, sine(60.0, 0.8))}), 2.5);
  const double bass = meanOf(frames, 120, 150, &FrameAudio::bass);
  const double treb = meanOf(frames, 120, 150, &FrameAudio::treb);
  EXPECT_GT(bass, 1.5);
  EXPECT_NEAR(treb, 1.0, 0.25);
  EXPECT_GT(meanOf(frames, 120, 150, &FrameAudio::bass_att), 1.5);
}

// With wave alignment, a window cut off at 480 samples leaks some of the tone into mid (MD2 does
// the same); treble still dominates by far.
TEST(Analyzer, A10kHzToneRaisesTrebNotBass) {
  const auto frames = analyzeSignal(sum({noise(0.01), after(2.0, sine(10000.0, 0.3))}), 2.5);
  EXPECT_GT(meanOf(frames, 120, 150, &FrameAudio::treb), 5.0);
  EXPECT_NEAR(meanOf(frames, 120, 150, &FrameAudio::bass), 1.0, 0.25);
  EXPECT_LT(meanOf(frames, 120, 150, &FrameAudio::mid), 1.5);
  const auto plain = analyzeSignal(sum({noise(0.01), after(2.0, sine(10000.0, 0.3))}), 2.5, 44100,
                                   60.0, 0, {.alignWaves = false});
  EXPECT_GT(meanOf(plain, 120, 150, &FrameAudio::treb), 5.0);
  EXPECT_NEAR(meanOf(plain, 120, 150, &FrameAudio::bass), 1.0, 0.25);
  EXPECT_NEAR(meanOf(plain, 120, 150, &FrameAudio::mid), 1.0, 0.25);
}

// imm carries MD2's raw band sums (before division), which built-in wave mode 3 reads as imm[2]
// (milkdropfs.cpp RenderWaveForm). A steady treble tone keeps treb near 1 once averaged, while
// imm[2] stays large and proportional to the tone's energy.
TEST(Analyzer, ImmIsTheRawBandSum) {
  const auto silent = analyzeSignal(noise(0.0), 0.5);
  EXPECT_EQ(silent.back().imm[0], 0.0f);
  EXPECT_EQ(silent.back().imm[2], 0.0f);
  const auto quiet = analyzeSignal(sine(10000.0, 0.1), 3.0);
  const auto loud = analyzeSignal(sine(10000.0, 0.4), 3.0);
  const FrameAudio& q = quiet.back();
  const FrameAudio& l = loud.back();
  EXPECT_GT(q.imm[2], 10.0f * q.imm[0]);
  EXPECT_GT(l.imm[2], 3.0f * q.imm[2]);
  EXPECT_NEAR(l.treb, q.treb, 0.2f) << "relative levels do not see the volume; imm does";
}

// The levels are relative to the long-term average: a steady sound settles at ~1 whatever its
// volume, the same sound 4x louder gives the same values, and a sudden jump reads as the ratio.
TEST(Analyzer, LevelsAreRelativeToTheAverage) {
  const auto quiet = analyzeSignal(noise(0.05), 6.0);
  const auto loud = analyzeSignal(noise(0.2), 6.0);
  EXPECT_NEAR(meanOf(quiet, 300, 360, &FrameAudio::bass), 1.0, 0.1);
  EXPECT_NEAR(meanOf(quiet, 300, 360, &FrameAudio::treb_att), 1.0, 0.1);
  for (std::size_t f = 0; f < quiet.size(); ++f) {
    ASSERT_NEAR(loud[f].bass, quiet[f].bass, 1e-3 * quiet[f].bass) << f;
    ASSERT_NEAR(loud[f].mid_att, quiet[f].mid_att, 1e-3 * quiet[f].mid_att) << f;
  }
  // Twice as loud from 6 s on: the band sums double, the long average has not moved yet.
  const auto step = analyzeSignal(
      [](double t, int ch) { return noise(0.05)(t, ch) * (t < 6.0 ? 1.0f : 2.0f); }, 6.2);
  EXPECT_NEAR(meanOf(step, 361, 366, &FrameAudio::mid),
              2.0 * meanOf(step, 350, 355, &FrameAudio::mid), 0.3);
}

TEST(Analyzer, VolIsTrebOverThreeAsInMilkDrop2) {
  const auto frames = analyzeSignal(noise(0.1), 1.0);
  for (const FrameAudio& a : frames) {
    // milkdropfs.cpp ApplyShaderParams: `0.3333f*(imm_rel[0], imm_rel[1], imm_rel[2])` — the comma
    // operator leaves treb only (spec §8.2).
    EXPECT_FLOAT_EQ(a.vol, a.treb * 0.3333f);
    EXPECT_FLOAT_EQ(a.vol_att, a.treb_att * 0.3333f);
  }
}

// Without MD2's wave alignment the two rates give the same values frame by frame (the resampler
// only adds a fraction of a sample of delay). With it (the default), each frame's levels depend on
// the 0..95-sample shift AlignWaves picks, and whether it zeroed the window's last 96 samples
// (pluginshell.cpp AlignWaves; plugin.cpp DoCustomSoundAnalysis FFTs the aligned window), so
// single frames can differ; one-second means must still agree.
TEST(Analyzer, RatesOf441And48kHzMeanTheSame) {
  const auto signal =
      sum({sine(90.0, 0.3), sine(1500.0, 0.2), sine(7000.0, 0.1),
           [](double t, int) { return static_cast<float>(0.2 * std::sin(13.0 * t)); }});
  const AnalyzerSettings plain{.alignWaves = false};
  const auto a = analyzeSignal(signal, 3.0, 44100, 60.0, 0, plain);
  const auto b = analyzeSignal(signal, 3.0, 48000, 60.0, 0, plain);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t f = 5; f < a.size(); ++f) {
    EXPECT_NEAR(a[f].bass, b[f].bass, 0.03 * a[f].bass) << f;
    EXPECT_NEAR(a[f].mid, b[f].mid, 0.03 * a[f].mid) << f;
    EXPECT_NEAR(a[f].treb, b[f].treb, 0.03 * a[f].treb) << f;
    EXPECT_NEAR(a[f].treb_att, b[f].treb_att, 0.03 * a[f].treb_att) << f;
  }
  const auto c = analyzeSignal(signal, 4.0, 44100);
  const auto d = analyzeSignal(signal, 4.0, 48000);
  for (std::size_t s = 0; s < 4; ++s) {
    for (auto field : {&FrameAudio::bass, &FrameAudio::mid, &FrameAudio::treb,
                       &FrameAudio::bass_att, &FrameAudio::treb_att}) {
      const double x = meanOf(c, s * 60, s * 60 + 60, field);
      EXPECT_NEAR(meanOf(d, s * 60, s * 60 + 60, field), x, 0.15 * x) << "second " << s;
    }
  }
}

TEST(Analyzer, ChunkSizeDoesNotChangeTheResult) {
  const auto signal = sum({noise(0.1), sine(200.0, 0.3)});
  const auto whole = analyzeSignal(signal, 1.0, 48000, 60.0, 0);
  for (std::size_t chunk : {1u, 7u, 4096u}) {
    const auto pieces = analyzeSignal(signal, 1.0, 48000, 60.0, chunk);
    ASSERT_EQ(whole.size(), pieces.size());
    for (std::size_t f = 0; f < whole.size(); ++f) {
      ASSERT_EQ(whole[f].bass, pieces[f].bass) << "chunk " << chunk << " frame " << f;
      ASSERT_EQ(whole[f].treb_att, pieces[f].treb_att);
      ASSERT_EQ(whole[f].waveform, pieces[f].waveform);
      ASSERT_EQ(whole[f].spectrum, pieces[f].spectrum);
      ASSERT_EQ(whole[f].beat, pieces[f].beat);
    }
  }
}

// int16 input of a signal and float input of the same (quantised) signal give identical analysis.
TEST(Analyzer, Int16AndFloatInputAgree) {
  PcmInput asFloat, asInt;
  Analyzer fa, ia;
  for (int f = 0; f < 120; ++f) {
    std::vector<std::int16_t> pcm16(735 * 2);
    std::vector<float> pcmF(735 * 2);
    for (int i = 0; i < 735 * 2; ++i) {
      const double t = (f * 735 + i / 2) / 44100.0;
      const auto v =
          static_cast<std::int16_t>(std::lround(12000.0 * std::sin(2 * 3.14159 * 330 * t) +
                                                (i % 2 ? 3000.0 : -2000.0) * std::sin(40 * t)));
      pcm16[static_cast<std::size_t>(i)] = v;
      pcmF[static_cast<std::size_t>(i)] = static_cast<float>(v) / 32768.0f;
    }
    asInt.addInt16(pcm16.data(), 735, 2, 44100);
    asFloat.addFloat(pcmF.data(), 735, 2, 44100);
    asInt.collect();
    asFloat.collect();
    const FrameTiming timing{static_cast<std::uint64_t>(f), 60.0f, 1.0 / 60.0};
    const FrameAudio a = ia.analyze(asInt.window(), timing);
    const FrameAudio b = fa.analyze(asFloat.window(), timing);
    ASSERT_EQ(a.bass, b.bass);
    ASSERT_EQ(a.treb_att, b.treb_att);
    ASSERT_EQ(a.waveform, b.waveform);
  }
}

TEST(Analyzer, NonFiniteSamplesNeverPropagate) {
  PcmInput input;
  Analyzer analyzer;
  const float bad[] = {NAN, INFINITY, -INFINITY, 1e38f, -1e38f, 0.5f, NAN, 0.1f};
  for (int f = 0; f < 100; ++f) {
    for (int i = 0; i < 90; ++i) input.addFloat(bad, 4, 2, 44100);
    input.collect();
    const FrameAudio a =
        analyzer.analyze(input.window(), {static_cast<std::uint64_t>(f), 60.0f, 1.0 / 60});
    ASSERT_TRUE(allFinite(a)) << f;
  }
}

}  // namespace
}  // namespace phosphene::audio
