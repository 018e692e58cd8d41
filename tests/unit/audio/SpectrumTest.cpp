#include "audio/Spectrum.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <vector>

namespace phosphene::audio {
namespace {

// MilkDrop 2's transform written out as a plain DFT (spec §5.1; vis_milk2 fft.cpp): envelope
// 0.5 + 0.5·sin(i·2π/576 − π/2), zero-pad to 1024, unnormalised, |X[k]|·(−0.02·ln((512−k)/512)).
std::vector<double> referenceSpectrum(const std::vector<float>& in, bool equalize) {
  std::vector<double> out(512);
  for (int k = 0; k < 512; ++k) {
    std::complex<double> acc = 0.0;
    for (int i = 0; i < 576; ++i) {
      const double w =
          0.5 + 0.5 * std::sin(i * 2.0 * std::numbers::pi / 576.0 - std::numbers::pi / 2);
      acc += in[static_cast<std::size_t>(i)] * w *
             std::polar(1.0, -2.0 * std::numbers::pi * k * i / 1024.0);
    }
    out[static_cast<std::size_t>(k)] =
        std::abs(acc) * (equalize ? -0.02 * std::log((512.0 - k) / 512.0) : 1.0);
  }
  return out;
}

std::vector<float> testInput() {
  std::vector<float> in(576);
  for (int i = 0; i < 576; ++i)
    in[static_cast<std::size_t>(i)] =
        static_cast<float>(60.0 * std::sin(i * 0.31) + 25.0 * std::cos(i * 1.7) + (i % 7) - 3.0);
  return in;
}

TEST(Spectrum, MatchesMilkDropsTransformWrittenAsADft) {
  for (bool equalize : {true, false}) {
    Spectrum spectrum(SpectrumSettings{.equalize = equalize});
    const auto in = testInput();
    std::vector<float> out(512);
    spectrum.transform(in.data(), out.data());
    const auto ref = referenceSpectrum(in, equalize);
    const double peak = *std::max_element(ref.begin(), ref.end());
    for (std::size_t k = 0; k < 512; ++k)
      EXPECT_NEAR(out[k], ref[k], 1e-4 * peak) << "bin " << k << " equalize " << equalize;
  }
}

TEST(Spectrum, EqualisationZeroesDcAndRisesWithFrequency) {
  Spectrum spectrum;
  std::vector<float> dc(576, 100.0f), out(512);
  spectrum.transform(dc.data(), out.data());
  EXPECT_EQ(out[0], 0.0f);  // equalize[0] = −0.02·ln(1) = 0: MD2's DC bin always reads 0
}

TEST(Spectrum, ASineLandsInItsBin) {
  Spectrum spectrum(SpectrumSettings{.equalize = false});
  std::vector<float> in(576), out(512);
  const int bin = 100;  // 100 · 44100 / 1024 ≈ 4307 Hz
  for (int i = 0; i < 576; ++i)
    in[static_cast<std::size_t>(i)] =
        static_cast<float>(100.0 * std::sin(2.0 * std::numbers::pi * bin * i / 1024.0));
  spectrum.transform(in.data(), out.data());
  EXPECT_EQ(std::max_element(out.begin(), out.end()) - out.begin(), bin);
}

TEST(Spectrum, SilenceGivesZeros) {
  Spectrum spectrum;
  std::vector<float> in(576, 0.0f), out(512, -1.0f);
  spectrum.transform(in.data(), out.data());
  for (float v : out) EXPECT_EQ(v, 0.0f);
}

}  // namespace
}  // namespace phosphene::audio
