#include "OffscreenFramebuffer.hpp"

#include "gl/Framebuffer.hpp"

namespace phosphene::platform {

struct OffscreenFramebuffer::State {
  gl::Framebuffer framebuffer;
};

core::Expected<OffscreenFramebuffer> OffscreenFramebuffer::create(int width, int height) {
  auto fb = gl::Framebuffer::create({width, height});
  if (!fb) return fb.diagnostics();
  return OffscreenFramebuffer(std::make_unique<State>(State{std::move(*fb)}));
}

OffscreenFramebuffer::OffscreenFramebuffer(std::unique_ptr<State> state)
    : state_(std::move(state)) {}
OffscreenFramebuffer::OffscreenFramebuffer(OffscreenFramebuffer&&) noexcept = default;
OffscreenFramebuffer& OffscreenFramebuffer::operator=(OffscreenFramebuffer&&) noexcept = default;
OffscreenFramebuffer::~OffscreenFramebuffer() = default;

unsigned OffscreenFramebuffer::glName() const {
  return state_->framebuffer.id();
}

void OffscreenFramebuffer::bind() const {
  state_->framebuffer.bind();
}

void OffscreenFramebuffer::readRgba8(std::vector<std::uint8_t>& out) const {
  state_->framebuffer.readRgba8(out);
}

}  // namespace phosphene::platform
