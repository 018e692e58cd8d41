#pragma once
// When projectM asks its host for the next preset: after the preset's display time (the preset
// duration, drawn from a gaussian whose standard deviation is the "easter egg" value), or at a
// hard cut (enabled, at least hard_cut_duration after the last switch, the music louder than
// hard_cut_sensitivity times its usual level). A locked preset asks for nothing. Pure: no engine,
// no GL; the instance feeds it the engine's clock and audio.

#include <cstdint>
#include <random>

namespace phosphene::projectm4 {

struct SwitchTiming {
  double preset_duration_s = 30.0;
  double easter_egg = 1.0;  // standard deviation of the display time, seconds; 0: exact
  bool hard_cut_enabled = false;
  double hard_cut_duration_s = 20.0;
  double hard_cut_sensitivity = 2.0;
  bool locked = false;
};

enum class SwitchRequest { none, smooth, hard_cut };

class SwitchPolicy {
 public:
  explicit SwitchPolicy(uint64_t seed) : random_(seed) {}

  /// A preset started (or a switch was asked for) at `now_s`: its display time starts again.
  void restart(double now_s, const SwitchTiming& timing);
  /// What to ask for at `now_s`, with the frame's loudness (1.0: as loud as usual).
  SwitchRequest step(double now_s, double loudness, const SwitchTiming& timing);
  /// The display time drawn for the current preset.
  double display_time_s() const { return display_time_s_; }

 private:
  std::mt19937_64 random_;
  double started_s_ = 0.0;
  double display_time_s_ = 30.0;
};

}  // namespace phosphene::projectm4
