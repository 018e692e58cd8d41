#include "preset/CompositeGrid.hpp"

#include <algorithm>
#include <cmath>

namespace phosphene::preset {

float squishToCenter(float x, float exponent) {
  if (x > 0.5f) return std::pow(x * 2.0f - 1.0f, exponent) * 0.5f + 0.5f;
  return (1.0f - std::pow(1.0f - x * 2.0f, exponent)) * 0.5f;
}

CompositeGrid makeCompositeGrid(int canvasWidth, int canvasHeight) {
  constexpr int gx = CompositeGrid::kColumns, gy = CompositeGrid::kRows;
  constexpr float kPi = 3.1415926535898f;
  const float w = static_cast<float>(canvasWidth > 0 ? canvasWidth : 1);
  const float h = static_cast<float>(canvasHeight > 0 ? canvasHeight : 1);
  const float aspectX = h > w ? w / h : 1.0f;  // m_fAspectX / m_fAspectY
  const float aspectY = w > h ? h / w : 1.0f;
  CompositeGrid grid;
  grid.vertices.resize(static_cast<std::size_t>(gx * gy));
  for (int j = 0; j < gy; ++j) {
    const int j2 = j - j / (gy / 2);
    const float v = squishToCenter(static_cast<float>(j2) / static_cast<float>(gy - 2), 3.0f);
    for (int i = 0; i < gx; ++i) {
      const int i2 = i - i / (gx / 2);
      const float u = squishToCenter(static_cast<float>(i2) / static_cast<float>(gx - 2), 3.0f);
      CompositeGrid::Vertex& p = grid.vertices[static_cast<std::size_t>(i + j * gx)];
      p.x = u * 2.0f - 1.0f;
      p.y = 1.0f - v * 2.0f;
      p.u = u;
      p.v = v;
      // UvToMathSpace (milkdropfs.cpp).
      const float px = (u * 2.0f - 1.0f) * aspectX;
      const float py = (v * 2.0f - 1.0f) * aspectY;
      p.rad = std::sqrt(px * px + py * py) / std::sqrt(aspectX * aspectX + aspectY * aspectY);
      float ang = std::atan2(py, px);
      if (ang < 0.0f) ang += 6.2831853071796f;
      // The fix-ups on the doubled column and row (AllocateMyDX9Stuff).
      if (i == gx / 2 - 1) {
        ang = j < gy / 2 - 1    ? kPi * 1.5f
              : j == gy / 2 - 1 ? kPi * 1.25f
              : j == gy / 2     ? kPi * 0.75f
                                : kPi * 0.5f;
      } else if (i == gx / 2) {
        ang = j < gy / 2 - 1    ? kPi * 1.5f
              : j == gy / 2 - 1 ? kPi * 1.75f
              : j == gy / 2     ? kPi * 0.25f
                                : kPi * 0.5f;
      } else if (j == gy / 2 - 1) {
        ang = i < gx / 2 - 1    ? kPi * 1.0f
              : i == gx / 2 - 1 ? kPi * 1.25f
              : i == gx / 2     ? kPi * 1.75f
                                : kPi * 2.0f;
      } else if (j == gy / 2) {
        ang = i < gx / 2 - 1    ? kPi * 1.0f
              : i == gx / 2 - 1 ? kPi * 0.75f
              : i == gx / 2     ? kPi * 0.25f
                                : kPi * 0.0f;
      }
      p.ang = ang;
    }
  }
  for (int y = 0; y < gy - 1; ++y) {
    if (y == gy / 2 - 1) continue;
    for (int x = 0; x < gx - 1; ++x) {
      if (x == gx / 2 - 1) continue;
      const bool leftHalf = x < gx / 2;
      const bool topHalf = y < gy / 2;
      const bool center4 = (x == gx / 2 || x == gx / 2 - 1) && (y == gy / 2 || y == gy / 2 - 1);
      const auto at = [&](int yy, int xx) { return static_cast<std::uint32_t>(yy * gx + xx); };
      if ((static_cast<int>(leftHalf) + static_cast<int>(topHalf) + static_cast<int>(center4)) %
          2) {
        for (std::uint32_t k :
             {at(y, x), at(y, x + 1), at(y + 1, x + 1), at(y + 1, x + 1), at(y + 1, x), at(y, x)})
          grid.indices.push_back(k);
      } else {
        for (std::uint32_t k :
             {at(y + 1, x), at(y, x), at(y, x + 1), at(y, x + 1), at(y + 1, x + 1), at(y + 1, x)})
          grid.indices.push_back(k);
      }
    }
  }
  return grid;
}

void compositeHueColours(const CompositeGrid& grid, const std::array<std::array<float, 3>, 4>& s,
                         std::vector<float>& rgb) {
  rgb.resize(grid.vertices.size() * 3);
  for (std::size_t n = 0; n < grid.vertices.size(); ++n) {
    // ShowToUser_Shaders interpolates with MD2's vertex position, whose y is up like ours.
    const float x = grid.vertices[n].x * 0.5f + 0.5f;
    const float y = grid.vertices[n].y * 0.5f + 0.5f;
    for (std::size_t c = 0; c < 3; ++c) {
      const float col = s[0][c] * x * y + s[1][c] * (1 - x) * y + s[2][c] * x * (1 - y) +
                        s[3][c] * (1 - x) * (1 - y);
      rgb[n * 3 + c] = static_cast<float>(static_cast<int>(col * 255.0f) & 0xFF) / 255.0f;
    }
  }
}

void compositeGridAlpha(const CompositeGrid& grid, const WarpMeshState& mesh,
                        std::vector<float>& alpha) {
  alpha.resize(grid.vertices.size());
  const int gx = mesh.geometry.gridX, gy = mesh.geometry.gridY;
  const std::size_t expected =
      gx > 0 && gy > 0 ? static_cast<std::size_t>(gx + 1) * static_cast<std::size_t>(gy + 1) : 0;
  if (expected == 0 || mesh.alpha.size() != expected) {
    std::fill(alpha.begin(), alpha.end(), 1.0f);
    return;
  }
  const auto at = [&](int i, int j) {
    return mesh.alpha[static_cast<std::size_t>(j) * static_cast<std::size_t>(gx + 1) +
                      static_cast<std::size_t>(i)];
  };
  for (std::size_t n = 0; n < grid.vertices.size(); ++n) {
    // Warp mesh vertex (i, j) sits at x = i/gx, y = j/gy of the screen, row 0 at the bottom, as
    // the grid's clip-space positions are.
    const float fx =
        std::clamp(grid.vertices[n].x * 0.5f + 0.5f, 0.0f, 1.0f) * static_cast<float>(gx);
    const float fy =
        std::clamp(grid.vertices[n].y * 0.5f + 0.5f, 0.0f, 1.0f) * static_cast<float>(gy);
    const int i0 = std::min(static_cast<int>(fx), gx - 1);
    const int j0 = std::min(static_cast<int>(fy), gy - 1);
    const float tx = fx - static_cast<float>(i0), ty = fy - static_cast<float>(j0);
    const float bottom = at(i0, j0) * (1 - tx) + at(i0 + 1, j0) * tx;
    const float top = at(i0, j0 + 1) * (1 - tx) + at(i0 + 1, j0 + 1) * tx;
    alpha[n] = bottom * (1 - ty) + top * ty;
  }
}

}  // namespace phosphene::preset
