#pragma once
// FrameClock: time as an input. Either the host measures time (advance(dt) with dt > 0) or the
// clock is fixed (advance(0) steps 1/fps), so offline renders are exactly reproducible. A value
// type: copy it, compare it, keep one per engine.

#include <cstdint>

namespace phosphene::clock {

class FrameClock {
 public:
  explicit FrameClock(double fixedFps = 60.0);

  /// Starts the next frame. dt_s > 0: host-measured seconds since the previous frame; 0: one
  /// fixed step. Returns false (and changes nothing) for a negative or non-finite dt_s.
  bool advance(double dt_s);

  /// Index of the current frame: 0 after the first advance().
  std::uint64_t frame() const { return frame_; }
  /// Seconds since start at the current frame (sum of every dt, the first included).
  double time() const { return time_; }
  /// Seconds since the previous frame.
  double dt() const { return dt_; }
  /// Frame rate for rate-dependent smoothing. Fixed clock: fixedFps. Host clock: MilkDrop 2's
  /// damped measurement (pluginshell.cpp DoTime): jumps to 1/dt when it differs by more than 3,
  /// else moves 13% of the way.
  double fps() const { return fps_; }
  double fixedFps() const { return fixedFps_; }
  bool started() const { return started_; }

  friend bool operator==(const FrameClock&, const FrameClock&) = default;

 private:
  double fixedFps_;
  double fps_;
  double time_ = 0.0;
  double dt_ = 0.0;
  std::uint64_t frame_ = 0;
  bool started_ = false;
};

}  // namespace phosphene::clock
