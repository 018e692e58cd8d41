#pragma once
// Hand-built FrameStates and source images for the warp, composite and Renderer tests: the mesh
// comes from the real preset-stage functions (buildMeshGeometry, computeWarpUv), everything
// else is set by the test.

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "GoldenImage.hpp"
#include "gl/Texture2D.hpp"
#include "preset/FrameState.hpp"
#include "preset/WarpMesh.hpp"

namespace phosphene::gltest {

/// Vars with every motion neutral (no zoom, rotation or built-in warp), decay 1, gamma 1,
/// no motion vectors: the warp and composite copy the image unchanged.
inline preset::FrameVars neutralVars() {
  preset::FrameVars v;
  v.warp = 0.0;
  v.decay = 1.0;
  v.gamma = 1.0;
  v.mvA = 0.0;
  return v;
}

/// Recomputes the mesh UVs of `frame` from its vars (uniform motion) for the given sizes.
inline void computeMesh(preset::FrameState& frame, int width, int height, int gridX, int gridY) {
  frame.inputs.canvasWidth = width;
  frame.inputs.canvasHeight = height;
  frame.inputs.meshX = gridX;
  frame.inputs.meshY = gridY;
  preset::buildMeshGeometry({gridX, gridY, width, height}, frame.mesh.geometry);
  preset::computeWarpUv(frame.mesh.geometry, preset::uniformMotion(frame.vars),
                        {frame.inputs.time, frame.vars.warpAnimSpeed, frame.vars.warpScale},
                        frame.mesh.uv);
  frame.mesh.alpha.assign(frame.mesh.geometry.vertexCount(), 1.0f);
}

inline preset::FrameState makeFrame(const preset::FrameVars& vars, int width, int height,
                                    int gridX = 16, int gridY = 12) {
  preset::FrameState frame;
  frame.vars = vars;
  computeMesh(frame, width, height, gridX, gridY);
  return frame;
}

using PixelFn = std::function<std::array<std::uint8_t, 4>(int x, int row)>;

/// An RGBA8 texture whose pixel (x, row) — row 0 at the TOP, as in RgbaImage — is fn(x, row).
inline gl::Texture2D makeImageTexture(int width, int height, const PixelFn& fn,
                                      GLenum wrap = GL_CLAMP_TO_EDGE) {
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width) * height * 4);
  for (int row = 0; row < height; ++row) {
    const int glRow = height - 1 - row;  // GL uploads bottom row first
    for (int x = 0; x < width; ++x) {
      const auto p = fn(x, row);
      for (int c = 0; c < 4; ++c)
        pixels[(static_cast<std::size_t>(glRow) * width + x) * 4 + c] =
            p[static_cast<std::size_t>(c)];
    }
  }
  auto texture = gl::Texture2D::create({width, height, GL_RGBA8, GL_LINEAR, wrap});
  EXPECT_TRUE(texture.ok());
  if (!texture) return {};
  texture->uploadRgba8(pixels.data());
  return std::move(*texture);
}

inline std::array<int, 4> rgbaAt(const platform::RgbaImage& img, int x, int row) {
  const auto* p = img.at(x, row);
  return {p[0], p[1], p[2], p[3]};
}

}  // namespace phosphene::gltest
