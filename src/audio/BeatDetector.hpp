#pragma once
// Onset ("beat") detection. MilkDrop 2 has none (presets threshold bass_att themselves, spec §5.5),
// so this is Phosphene's own, designed to mark kick drums reliably for hard cuts:
//
//   e     = Σ |X[k]|², k = 1..lowBins, of the unequalised Hann spectrum of the mono mix
//           (bins of 43 Hz at 44.1 kHz: ~43–350 Hz, where kicks and bass notes live);
//   hold  = a peak-hold envelope of e that decays with a 0.1 s time constant (frame-rate
//           independent: the decay per frame is exp(−dt / 0.1 s));
//   mean  = an exponential average of e over ~1 s (bias-corrected for its zero start);
//   beat  ⇔ e > jump · hold(previous frames, decayed to now)  ∧  e > ratio · mean
//           ∧  e > floor  ∧  at least refractorySeconds since the previous beat.
//
// "The low band at least doubled (+3 dB) against everything it did in the last ~100 ms" fires on
// the attack of a kick or bass note but not on its sustain or decay; against the peak (not the
// mean) of the recent past, the random ripple of noise-like material rarely doubles. The floor
// keeps silence and dither quiet; the refractory period (0.3 s = 200 BPM) keeps one kick from
// counting twice when its attack straddles two analysis windows. The mean test asks the event to
// stand out from the last second as a whole, which noise-like material (whose low band ripples
// by ±50 % frame to frame) seldom does twice over.

namespace phosphene::audio {

struct BeatSettings {
  int lowBins = 8;
  float jump = 2.0f;
  float ratio = 2.0f;
  // A sine of amplitude A (MD2 units) in the band gives e ≈ (144·A)²; 3000 ≈ A = 0.4 ≈ −50 dBFS.
  float floor = 3000.0f;
  float holdSeconds = 0.1f;
  float meanSeconds = 1.0f;
  float refractorySeconds = 0.3f;
};

class BeatDetector {
 public:
  explicit BeatDetector(const BeatSettings& settings = {}) : settings_(settings) {}

  /// `rawSpectrum`: unequalised magnitudes (at least lowBins + 1 bins); `dt`: seconds since the
  /// previous frame.
  bool update(const float* rawSpectrum, double dt);

  /// Beat sensitivity, as hosts expose it (projectM's beat_sensitivity, the players' Up/Down
  /// keys): 1 keeps the settings; s > 1 lowers the thresholds (jump and ratio move towards 1 as
  /// 1 + (x − 1)/s, the floor falls as 1/s², an amplitude ratio of s), s < 1 raises them.
  /// Clamped to kMinSensitivity..kMaxSensitivity.
  void setSensitivity(float sensitivity);
  float sensitivity() const { return sensitivity_; }

  static constexpr float kMinSensitivity = 0.1f;
  static constexpr float kMaxSensitivity = 10.0f;

  float energy() const { return energy_; }
  float hold() const { return hold_; }

 private:
  BeatSettings settings_;
  float sensitivity_ = 1.0f;
  float jump_ = settings_.jump;  // the thresholds at this sensitivity
  float ratio_ = settings_.ratio;
  float floor_ = settings_.floor;
  float energy_ = 0.0f;
  float hold_ = 0.0f;
  float mean_ = 0.0f;
  float weight_ = 0.0f;  // 1 − Π keep: how much of mean_ is data rather than its zero start
  double sinceBeat_ = 1e9;
};

}  // namespace phosphene::audio
