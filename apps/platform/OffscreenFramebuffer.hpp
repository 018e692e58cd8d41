#pragma once
// A framebuffer object with one RGBA8 colour attachment, for programs that render headless and
// read the pixels back: `phosphene render` hands its GL name to the engine as the frame's target
// (phosphene_render_target) and reads every frame from it. The context it was made in must be
// current whenever it is used or destroyed.

#include <cstdint>
#include <memory>
#include <vector>

#include "core/Expected.hpp"

namespace phosphene::platform {

class OffscreenFramebuffer {
 public:
  /// GL005/GL006 when the driver cannot make it (see gl::Framebuffer::create).
  static core::Expected<OffscreenFramebuffer> create(int width, int height);
  OffscreenFramebuffer(OffscreenFramebuffer&&) noexcept;
  OffscreenFramebuffer& operator=(OffscreenFramebuffer&&) noexcept;
  ~OffscreenFramebuffer();

  /// The framebuffer object's name, for phosphene_render_target.gl_name.
  unsigned glName() const;
  /// Binds it for drawing, with the viewport over all of it.
  void bind() const;
  /// The pixels as RGBA8, rows bottom to top (GL's order), into `out` resized to fit.
  void readRgba8(std::vector<std::uint8_t>& out) const;

 private:
  struct State;
  explicit OffscreenFramebuffer(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace phosphene::platform
