#include "preset/WaveRefine.hpp"

#include <algorithm>

namespace phosphene::preset {

namespace {

constexpr float kC1 = -0.15f, kC2 = 1.15f, kC3 = 1.15f, kC4 = -0.15f;
constexpr float kInvSum = 1.0f / (kC1 + kC2 + kC3 + kC4);

Vec2 interpolate(Vec2 below, Vec2 p, Vec2 above, Vec2 above2) {
  return {(kC1 * below.x + kC2 * p.x + kC3 * above.x + kC4 * above2.x) * kInvSum,
          (kC1 * below.y + kC2 * p.y + kC3 * above.y + kC4 * above2.y) * kInvSum};
}

Vec2 pos(const Vec2& v) {
  return v;
}
Vec2 pos(const WavePoint& v) {
  return {v.x, v.y};
}

template <typename P, typename Make>
std::size_t refine(std::span<const P> in, std::vector<P>& out, Make make) {
  const std::size_t n = in.size();
  if (n == 0) return 0;
  const std::size_t start = out.size();
  std::size_t below = 0;
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const std::size_t above = i + 1;
    const std::size_t above2 = std::min(n - 1, i + 2);
    out.push_back(in[i]);
    out.push_back(
        make(in[i], interpolate(pos(in[below]), pos(in[i]), pos(in[above]), pos(in[above2]))));
    below = i;
  }
  out.push_back(in[n - 1]);
  return out.size() - start;
}

}  // namespace

std::size_t refineWave(std::span<const Vec2> in, std::vector<Vec2>& out) {
  return refine(in, out, [](const Vec2&, Vec2 p) { return p; });
}

std::size_t refineWave(std::span<const WavePoint> in, std::vector<WavePoint>& out) {
  return refine(in, out, [](const WavePoint& left, Vec2 p) {
    return WavePoint{p.x, p.y, left.colour};
  });
}

}  // namespace phosphene::preset
