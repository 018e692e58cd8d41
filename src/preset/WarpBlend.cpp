#include "preset/WarpBlend.hpp"

#include <algorithm>

namespace phosphene::preset {

bool blendWarpUv(std::vector<Vec2>& uv, std::span<const Vec2> oldUv, std::span<const float> a,
                 std::span<const float> c, float progress, std::vector<float>& alpha) {
  const std::size_t n = uv.size();
  if (oldUv.size() != n || a.size() != n || c.size() != n) return false;
  alpha.resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    const float mix = std::max(0.0f, std::min(1.0f, a[k] * progress + c[k]));
    uv[k] = {uv[k].x * mix + oldUv[k].x * (1 - mix), uv[k].y * mix + oldUv[k].y * (1 - mix)};
    alpha[k] = static_cast<float>(static_cast<int>(mix * 255)) / 255.0f;
  }
  return true;
}

}  // namespace phosphene::preset
