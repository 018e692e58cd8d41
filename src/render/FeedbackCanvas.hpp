#pragma once
// The two feedback textures of spec §4.1/§4.2 (MD2's m_lpVS[0] and m_lpVS[1]): last frame's
// canvas is read by the warp while this frame's is written, then they swap. RGBA8, like MD2's
// default 8-bit canvases, so decay stalls at the same levels (spec §4.4).
//
// The textures' own filter/wrap parameters are left at bilinear + clamp; passes pick wrap or
// clamp with sampler objects, so one texture serves every pass.

#include <array>

#include "core/Expected.hpp"
#include "gl/Framebuffer.hpp"

namespace phosphene::render {

class FeedbackCanvas {
 public:
  /// Makes both canvases w×h, cleared to opaque black. Does nothing when they already have that
  /// size (so it can be called every frame); reallocates only the two textures and FBOs.
  core::Diagnostics resize(int width, int height);

  bool ready() const { return static_cast<bool>(targets_[0].id()); }
  int width() const { return targets_[0].width(); }
  int height() const { return targets_[0].height(); }

  /// Last frame's canvas ("VS0"): read by the warp; motion vectors are drawn into it.
  const gl::Framebuffer& previous() const { return targets_[previous_]; }
  /// The canvas written this frame ("VS1").
  const gl::Framebuffer& current() const { return targets_[1 - previous_]; }
  /// End of frame: this frame's canvas becomes next frame's previous one.
  void swap() { previous_ = 1 - previous_; }
  /// Frames swapped since the last (re)allocation; MD2 clears VS0 on frame 0
  /// (m_nFramesSinceResize).
  long long framesSinceResize() const { return framesSinceResize_; }
  void countFrame() { ++framesSinceResize_; }

  /// Clears `fb` to opaque black without touching the clear colour state. Leaves `fb` bound
  /// for drawing.
  static void clearToBlack(const gl::Framebuffer& fb);

 private:
  std::array<gl::Framebuffer, 2> targets_;
  std::size_t previous_ = 0;
  long long framesSinceResize_ = 0;
};

}  // namespace phosphene::render
