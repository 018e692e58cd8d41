#pragma once
// Shared by the overlay pass tests (shapes, waves, motion vectors, sprites): a small canvas FBO
// cleared to a known colour, the CanvasInfo the passes read, and pixel look-ups in clip space.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>

#include "GoldenImage.hpp"
#include "gl/Framebuffer.hpp"
#include "gl/Gl.hpp"
#include "render/CanvasInfo.hpp"

namespace phosphene::gltest {

using Rgba8 = std::array<int, 4>;

struct OverlayCanvas {
  gl::Framebuffer fb;
  render::CanvasInfo info;

  /// Binds the canvas and sets the state the Renderer guarantees around the passes.
  void bindAndClear(float r, float g, float b, float a = 1.0f) const {
    fb.bind();
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
    glDisable(GL_BLEND);
    glClearColor(r, g, b, a);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  platform::RgbaImage read() const { return readFramebuffer(fb); }
};

inline render::CanvasInfo canvasInfo(int w, int h, gl::GlslDialect dialect,
                                     const gl::Texture2D* previous = nullptr) {
  return render::makeCanvasInfo(w, h, dialect, previous);
}

inline std::optional<OverlayCanvas> makeCanvas(int w, int h, gl::GlslDialect dialect) {
  auto fb = gl::Framebuffer::create({w, h});
  EXPECT_TRUE(fb.ok());
  if (!fb) return std::nullopt;
  OverlayCanvas c{std::move(*fb), canvasInfo(w, h, dialect)};
  return c;
}

/// Pixel column / row (row 0 = top, as in RgbaImage) containing clip point (x, y).
inline int pixelX(const platform::RgbaImage& img, float x) {
  return std::clamp(static_cast<int>(std::floor((x + 1.0f) * 0.5f * img.width)), 0, img.width - 1);
}
inline int pixelRow(const platform::RgbaImage& img, float y) {
  const int fromBottom = static_cast<int>(std::floor((y + 1.0f) * 0.5f * img.height));
  return std::clamp(img.height - 1 - fromBottom, 0, img.height - 1);
}

/// Clip coordinates of the centre of pixel (px, row) (row 0 = top).
inline float clipXOfPixel(int width, int px) {
  return (static_cast<float>(px) + 0.5f) / static_cast<float>(width) * 2.0f - 1.0f;
}
inline float clipYOfRow(int height, int row) {
  return 1.0f - (static_cast<float>(row) + 0.5f) / static_cast<float>(height) * 2.0f;
}

inline Rgba8 pixel(const platform::RgbaImage& img, int px, int row) {
  const auto* p = img.at(px, row);
  return {p[0], p[1], p[2], p[3]};
}
inline Rgba8 pixelAtClip(const platform::RgbaImage& img, float x, float y) {
  return pixel(img, pixelX(img, x), pixelRow(img, y));
}

inline bool near(const Rgba8& a, const Rgba8& b, int tolerance = 2, bool withAlpha = false) {
  for (int c = 0; c < (withAlpha ? 4 : 3); ++c)
    if (std::abs(a[c] - b[c]) > tolerance) return false;
  return true;
}

inline std::string str(const Rgba8& p) {
  return "(" + std::to_string(p[0]) + "," + std::to_string(p[1]) + "," + std::to_string(p[2]) +
         "," + std::to_string(p[3]) + ")";
}

inline bool differs(const Rgba8& p, const Rgba8& background) {
  return !near(p, background, 8);
}

}  // namespace phosphene::gltest
