#pragma once
// The time of each frame, as projectM defines it: the system clock by default, or the time the
// host set with projectm_set_frame_time (offline rendering: the same times give the same frames).
// Turns it into the frame step Phosphene's engine advances by.

#include <chrono>
#include <optional>

namespace phosphene::projectm4 {

class FrameClock {
 public:
  /// Negative: the system clock from the next frame on; otherwise the next frame's time.
  void set_host_time(double seconds_since_first_frame);
  bool uses_host_time() const { return host_time_.has_value(); }

  struct Step {
    double dt_s;   // what to advance the engine by (> 0)
    bool clamped;  // the host's time did not move forward, or jumped too far
  };
  /// The step to the next frame; `fps` gives the first frame's step.
  Step next(double fps);
  /// Seconds since the first frame, of the frame `next` stepped to.
  double last_frame_time() const { return last_time_; }

 private:
  std::optional<double> host_time_;
  std::optional<std::chrono::steady_clock::time_point> first_tick_;
  bool started_ = false;
  double last_time_ = 0.0;
};

}  // namespace phosphene::projectm4
