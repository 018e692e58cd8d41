#include "SwitchPolicy.hpp"

#include <algorithm>

namespace phosphene::projectm4 {

void SwitchPolicy::restart(double now_s, const SwitchTiming& timing) {
  started_s_ = now_s;
  display_time_s_ = timing.preset_duration_s;
  if (timing.easter_egg > 0.0) {
    std::normal_distribution<double> gaussian(timing.preset_duration_s, timing.easter_egg);
    // A draw below zero would switch at once; projectM's shortest display time is one frame.
    display_time_s_ = std::max(0.0, gaussian(random_));
  }
}

SwitchRequest SwitchPolicy::step(double now_s, double loudness, const SwitchTiming& timing) {
  if (timing.locked) return SwitchRequest::none;
  const double shown_s = now_s - started_s_;
  if (timing.hard_cut_enabled && shown_s >= timing.hard_cut_duration_s &&
      loudness > timing.hard_cut_sensitivity) {
    restart(now_s, timing);
    return SwitchRequest::hard_cut;
  }
  if (shown_s >= display_time_s_) {
    // Asked once per display time: a host that does not switch is asked again a duration later.
    restart(now_s, timing);
    return SwitchRequest::smooth;
  }
  return SwitchRequest::none;
}

}  // namespace phosphene::projectm4
