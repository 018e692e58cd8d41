#include "render/CanvasSamplers.hpp"

namespace phosphene::render {

core::Diagnostics CanvasSamplers::init() {
  auto wrap = gl::Sampler::create(GL_LINEAR, GL_REPEAT);
  if (!wrap) return std::move(wrap.diagnostics());
  auto clamp = gl::Sampler::create(GL_LINEAR, GL_CLAMP_TO_EDGE);
  if (!clamp) return std::move(clamp.diagnostics());
  wrap_ = std::move(*wrap);
  clamp_ = std::move(*clamp);
  return {};
}

}  // namespace phosphene::render
