#include "clock/FrameClock.hpp"

#include <algorithm>
#include <cmath>

namespace phosphene::clock {

namespace {
constexpr double kMaxFps = 10000.0;
}  // namespace

FrameClock::FrameClock(double fixedFps)
    : fixedFps_(std::isfinite(fixedFps) && fixedFps > 0.0 ? fixedFps : 60.0), fps_(fixedFps_) {}

bool FrameClock::advance(double dt_s) {
  if (!std::isfinite(dt_s) || dt_s < 0.0) return false;
  const bool fixed = dt_s == 0.0;
  dt_ = fixed ? 1.0 / fixedFps_ : dt_s;
  if (fixed) {
    fps_ = fixedFps_;
  } else {
    // Capped so a host's sub-microsecond dt cannot turn fps into infinity for the presets.
    const double measured = std::min(1.0 / dt_, kMaxFps);
    if (!started_ || std::fabs(fps_ - measured) > 3.0)
      fps_ = measured;
    else
      fps_ = 0.87 * fps_ + 0.13 * measured;
  }
  if (started_) ++frame_;
  started_ = true;
  time_ += dt_;
  return true;
}

}  // namespace phosphene::clock
