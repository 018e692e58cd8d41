#include "audio/Spectrum.hpp"

#include <kiss_fftr.h>

#include <algorithm>
#include <cmath>
#include <new>

namespace phosphene::audio {

struct Spectrum::Plan {
  struct Free {
    void operator()(kiss_fftr_cfg cfg) const { kiss_fftr_free(cfg); }
  };
  std::unique_ptr<kiss_fftr_state, Free> cfg;
  std::vector<float> input;
  std::vector<kiss_fft_cpx> output;
};

Spectrum::Spectrum(const SpectrumSettings& settings)
    : settings_(settings), plan_(std::make_unique<Plan>()) {
  const int n = settings_.bins * 2;
  // Tables computed in float with the same expressions as fft.cpp (InitEnvelopeTable,
  // InitEqualizeTable), so values match MilkDrop 2 bit for bit where libm agrees.
  if (settings_.envelopePower > 0.0f) {
    const float mult = 1.0f / static_cast<float>(settings_.samplesIn) * 6.2831853f;
    envelope_.resize(static_cast<std::size_t>(settings_.samplesIn));
    for (int i = 0; i < settings_.samplesIn; ++i) {
      const float e = 0.5f + 0.5f * std::sin(static_cast<float>(i) * mult - 1.5707963268f);
      envelope_[static_cast<std::size_t>(i)] =
          settings_.envelopePower == 1.0f ? e : std::pow(e, settings_.envelopePower);
    }
  }
  equalize_.assign(static_cast<std::size_t>(settings_.bins), 1.0f);
  if (settings_.equalize) {
    const float invHalf = 1.0f / static_cast<float>(settings_.bins);
    for (int i = 0; i < settings_.bins; ++i)
      equalize_[static_cast<std::size_t>(i)] =
          -0.02f * std::log(static_cast<float>(settings_.bins - i) * invHalf);
  }
  plan_->cfg.reset(kiss_fftr_alloc(n, 0, nullptr, nullptr));
  if (!plan_->cfg) throw std::bad_alloc();
  plan_->input.assign(static_cast<std::size_t>(n), 0.0f);
  plan_->output.resize(static_cast<std::size_t>(n / 2 + 1));
}

Spectrum::~Spectrum() = default;
Spectrum::Spectrum(Spectrum&&) noexcept = default;
Spectrum& Spectrum::operator=(Spectrum&&) noexcept = default;

void Spectrum::transform(const float* in, float* out) {
  auto& p = *plan_;
  const int count = std::min(settings_.samplesIn, settings_.bins * 2);
  for (int i = 0; i < count; ++i)
    p.input[static_cast<std::size_t>(i)] =
        envelope_.empty() ? in[i] : in[i] * envelope_[static_cast<std::size_t>(i)];
  kiss_fftr(p.cfg.get(), p.input.data(), p.output.data());
  for (int i = 0; i < settings_.bins; ++i) {
    const auto& c = p.output[static_cast<std::size_t>(i)];
    out[i] = std::sqrt(c.r * c.r + c.i * c.i) * equalize_[static_cast<std::size_t>(i)];
  }
}

}  // namespace phosphene::audio
