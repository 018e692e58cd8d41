#include "FrameClock.hpp"

#include <algorithm>
#include <cmath>

#include <phosphene/phosphene.h>

namespace phosphene::projectm4 {
namespace {
// Phosphene needs every frame to move time forward; a host time that stands still moves it by
// this much instead, so the frame still changes with the music.
constexpr double kSmallestStep = 1e-6;
}  // namespace

void FrameClock::set_host_time(double seconds_since_first_frame) {
  if (!std::isfinite(seconds_since_first_frame) || seconds_since_first_frame < 0.0) {
    host_time_.reset();
    first_tick_.reset();  // the system clock restarts from the last frame's time
    return;
  }
  host_time_ = seconds_since_first_frame;
}

FrameClock::Step FrameClock::next(double fps) {
  const double first_step = 1.0 / std::clamp(fps, PHOSPHENE_MIN_FPS, PHOSPHENE_MAX_FPS);
  double target = 0.0;
  if (host_time_) {
    target = *host_time_;
  } else {
    const auto now = std::chrono::steady_clock::now();
    if (!first_tick_) {
      // The system clock counts from this frame on, continuing from the last frame's time.
      first_tick_ = now - std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(last_time_));
    }
    target = std::chrono::duration<double>(now - *first_tick_).count();
  }
  Step step{first_step, false};
  if (started_) {
    step.dt_s = target - last_time_;
    if (!(step.dt_s > 0.0)) {
      step = {kSmallestStep, host_time_.has_value()};
    } else if (step.dt_s > PHOSPHENE_MAX_FRAME_SECONDS) {
      step = {PHOSPHENE_MAX_FRAME_SECONDS, true};
    }
  } else if (target > 0.0 && target <= PHOSPHENE_MAX_FRAME_SECONDS) {
    step.dt_s = target;
  }
  started_ = true;
  last_time_ = std::max(target, last_time_);
  return step;
}

}  // namespace phosphene::projectm4
