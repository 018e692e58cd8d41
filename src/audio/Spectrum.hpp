#pragma once
// MilkDrop 2's magnitude spectrum (spec §5.1; vis_milk2 fft.cpp): a window of `samplesIn`
// samples multiplied by a Hann-shaped envelope, zero-padded to 2·bins points, transformed
// (unnormalised), and each bin's magnitude multiplied by the equalisation curve
// -0.02·ln((bins - i) / bins). The transform itself is kissfft's real FFT.

#include <memory>
#include <vector>

namespace phosphene::audio {

struct SpectrumSettings {
  int samplesIn = 576;
  int bins = 512;  // power of two; the FFT has 2·bins points
  bool equalize = true;
  float envelopePower = 1.0f;  // <= 0: no envelope (rectangular window)
};

class Spectrum {
 public:
  explicit Spectrum(const SpectrumSettings& settings = {});
  ~Spectrum();
  Spectrum(Spectrum&&) noexcept;
  Spectrum& operator=(Spectrum&&) noexcept;

  /// `in` holds settings.samplesIn samples, `out` receives settings.bins magnitudes.
  void transform(const float* in, float* out);

  const SpectrumSettings& settings() const { return settings_; }

 private:
  struct Plan;
  SpectrumSettings settings_;
  std::vector<float> envelope_;
  std::vector<float> equalize_;
  std::unique_ptr<Plan> plan_;
};

}  // namespace phosphene::audio
