#include "preset/BlendPattern.hpp"
#include "core/IniText.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

namespace phosphene::preset {
namespace {

struct Grid {
  int gx, gy;
  std::size_t at(int i, int j) const {
    return static_cast<std::size_t>(j) * static_cast<std::size_t>(gx + 1) +
           static_cast<std::size_t>(i);
  }
};

// Heights refined by midpoint displacement over the rectangle (x0..x1, y0..y1), recursively, with
// the roughness halving at each level; edges shared with a neighbour are written once (MD2's
// x0 == 0 / y0 == 0 tests), in MD2's order of draws.
void plasma(std::vector<float>& h, const Grid& g, int x0, int x1, int y0, int y1, float dt,
            float aspectX, float aspectY, clock::Random& random) {
  const int midx = (x0 + x1) / 2;
  const int midy = (y0 + y1) / 2;
  float t00 = h[g.at(x0, y0)];
  float t01 = h[g.at(x1, y0)];
  float t10 = h[g.at(x0, y1)];
  float t11 = h[g.at(x1, y1)];
  const auto jitter = [&](float scale) { return (random.frand() * 2.0f - 1.0f) * dt * scale; };
  if (y1 - y0 >= 2) {
    if (x0 == 0) h[g.at(x0, midy)] = 0.5f * (t00 + t10) + jitter(aspectY);
    h[g.at(x1, midy)] = 0.5f * (t01 + t11) + jitter(aspectY);
  }
  if (x1 - x0 >= 2) {
    if (y0 == 0) h[g.at(midx, y0)] = 0.5f * (t00 + t01) + jitter(aspectX);
    h[g.at(midx, y1)] = 0.5f * (t10 + t11) + jitter(aspectX);
  }
  if (y1 - y0 >= 2 && x1 - x0 >= 2) {
    t00 = h[g.at(x0, midy)];
    t01 = h[g.at(x1, midy)];
    t10 = h[g.at(midx, y0)];
    t11 = h[g.at(midx, y1)];
    h[g.at(midx, midy)] = 0.25f * (t10 + t11 + t00 + t01) + jitter(1.0f);
    plasma(h, g, x0, midx, y0, midy, dt * 0.5f, aspectX, aspectY, random);
    plasma(h, g, midx, x1, y0, midy, dt * 0.5f, aspectX, aspectY, random);
    plasma(h, g, x0, midx, midy, y1, dt * 0.5f, aspectX, aspectY, random);
    plasma(h, g, midx, x1, midy, y1, dt * 0.5f, aspectX, aspectY, random);
  }
}

// a and c from each vertex's place t in the pattern and the band width.
void fromPlaces(BlendPattern& p, const std::vector<float>& t, float band) {
  const float invBand = 1.0f / band;
  p.a.assign(t.size(), invBand * (1.0f + band));
  p.c.resize(t.size());
  for (std::size_t k = 0; k < t.size(); ++k) p.c[k] = -invBand + invBand * t[k];
}

// MD2's radial blend: t = distance from the centre (1 at the corners), or 1 − that when it runs
// inside-out. `insideOut` unset: drawn after the band, as MD2 does ((rand() % 2)·2 − 1).
BlendPattern radial(int gridX, int gridY, float aspectX, float aspectY, clock::Random& random,
                    std::optional<bool> insideOut) {
  BlendPattern p;
  p.gridX = std::max(1, gridX);
  p.gridY = std::max(1, gridY);
  const Grid g{p.gridX, p.gridY};
  // Two draws in separate statements: inside one expression C++ leaves their order open, and the
  // same seed must give the same pattern with every compiler.
  const float r1 = random.frand();
  const float r2 = random.frand();
  const float band = 0.02f + 0.14f * r1 + 0.34f * r2;
  const bool reverse = insideOut.has_value() ? *insideOut : random.nextU32() % 2u == 0;
  p.type = reverse ? BlendPatternType::InsideOut : BlendPatternType::Radial;
  std::vector<float> t(g.at(g.gx, g.gy) + 1, 0.0f);
  for (int j = 0; j <= g.gy; ++j) {
    const float dy = (static_cast<float>(j) / static_cast<float>(g.gy) - 0.5f) * aspectY;
    for (int i = 0; i <= g.gx; ++i) {
      const float dx = (static_cast<float>(i) / static_cast<float>(g.gx) - 0.5f) * aspectX;
      const float r = std::sqrt(dx * dx + dy * dy) * 1.41421f;
      t[g.at(i, j)] = reverse ? 1.0f - r : r;
    }
  }
  fromPlaces(p, t, band);
  return p;
}

// MD2's wipe with a given direction (MD2 draws the angle; MD3's fixed wipes name it).
BlendPattern wipeAt(float angle, float band, int gridX, int gridY, float aspectX, float aspectY) {
  BlendPattern p;
  p.type = BlendPatternType::Wipe;
  p.gridX = std::max(1, gridX);
  p.gridY = std::max(1, gridY);
  const Grid g{p.gridX, p.gridY};
  std::vector<float> t(g.at(g.gx, g.gy) + 1, 0.0f);
  const float vx = std::cos(angle), vy = std::sin(angle);
  for (int j = 0; j <= g.gy; ++j) {
    const float fy = (static_cast<float>(j) / static_cast<float>(g.gy)) * aspectY;
    for (int i = 0; i <= g.gx; ++i) {
      const float fx = (static_cast<float>(i) / static_cast<float>(g.gx)) * aspectX;
      const float along = (fx - 0.5f) * vx + (fy - 0.5f) * vy + 0.5f;
      t[g.at(i, j)] = (along - 0.5f) / std::sqrt(2.0f) + 0.5f;
    }
  }
  fromPlaces(p, t, band);
  return p;
}

// FNV-1a over the lower-case name and random_1..5 (quantised to 1e-5, so the last bits of a
// float read do not change the field).
std::uint64_t md3Seed(const Md3Blend& blend) {
  std::uint64_t h = 1469598103934665603ULL;
  const auto mix = [&](std::uint8_t byte) {
    h ^= byte;
    h *= 1099511628211ULL;
  };
  for (char ch : core::lowerAscii(blend.pattern)) mix(static_cast<std::uint8_t>(ch));
  if (blend.hasRandom)
    for (float r : blend.random) {
      const auto q = static_cast<std::uint32_t>(std::lround(static_cast<double>(r) * 1e5));
      for (int b = 0; b < 4; ++b) mix(static_cast<std::uint8_t>(q >> (8 * b)));
    }
  return h;
}

}  // namespace

float BlendPattern::mixAt(std::size_t vertex, float progress) const {
  return std::clamp(a[vertex] * progress + c[vertex], 0.0f, 1.0f);
}

BlendPattern makeBlendPattern(BlendPatternType type, int gridX, int gridY, float aspectX,
                              float aspectY, clock::Random& random) {
  BlendPattern p;
  p.type = type;
  p.gridX = std::max(1, gridX);
  p.gridY = std::max(1, gridY);
  const Grid g{p.gridX, p.gridY};
  const std::size_t n = g.at(g.gx, g.gy) + 1;
  std::vector<float> t(n, 0.0f);
  switch (type) {
    case BlendPatternType::Uniform:
      p.a.assign(n, 1.0f);
      p.c.assign(n, 0.0f);
      return p;
    case BlendPatternType::Wipe: {
      const float angle = random.frand() * 6.28f;
      const float band = 0.1f + 0.2f * random.frand();
      return wipeAt(angle, band, gridX, gridY, aspectX, aspectY);
    }
    case BlendPatternType::Plasma: {
      const float band = 0.12f + 0.13f * random.frand();
      t[g.at(0, 0)] = random.frand();
      t[g.at(g.gx, 0)] = random.frand();
      t[g.at(0, g.gy)] = random.frand();
      t[g.at(g.gx, g.gy)] = random.frand();
      plasma(t, g, 0, g.gx, 0, g.gy, 0.25f, aspectX, aspectY, random);
      const auto [lo, hi] = std::minmax_element(t.begin(), t.end());
      const float minT = *lo, range = *hi - *lo;
      // A flat plasma (all corners and draws equal) cannot be normalised: blend uniformly.
      for (float& v : t) v = range > 0.0f ? (v - minT) / range : 0.5f;
      fromPlaces(p, t, band);
      return p;
    }
    case BlendPatternType::Radial:
      return radial(gridX, gridY, aspectX, aspectY, random, false);
    case BlendPatternType::InsideOut:
      return radial(gridX, gridY, aspectX, aspectY, random, true);
  }
  return p;
}

std::optional<BlendPatternType> md3PatternType(std::string_view name) {
  const std::string n = core::lowerAscii(name);
  if (n == "zoom") return BlendPatternType::Uniform;
  if (n == "side" || n == "arrow" || n == "vertical" || n == "horizontal")
    return BlendPatternType::Wipe;
  if (n == "plasma" || n == "plasma2" || n == "plasma3") return BlendPatternType::Plasma;
  if (n == "cercle") return BlendPatternType::Radial;
  return std::nullopt;
}

BlendPattern makeMd3BlendPattern(const Md3Blend& blend, int gridX, int gridY, float aspectX,
                                 float aspectY) {
  clock::Random random(md3Seed(blend));
  const std::string n = core::lowerAscii(blend.pattern);
  const std::optional<BlendPatternType> type = md3PatternType(n);
  BlendPattern p;
  if (n == "vertical" || n == "horizontal") {
    // Left to right: the left edge is first in (largest place); top to bottom: the top row (row
    // gridY) first. The band is MD2's wipe band.
    const float band = 0.1f + 0.2f * random.frand();
    p = wipeAt(n == "vertical" ? 3.14159265f : 1.57079633f, band, gridX, gridY, aspectX, aspectY);
  } else {
    p = makeBlendPattern(type.value_or(BlendPatternType::Uniform), gridX, gridY, aspectX, aspectY,
                         random);
  }
  if (blend.direction < 0) {
    // The schedule reversed: the vertex that crosses mix 0.5 at progress q now crosses it at
    // 1 − q (MDropDX12's measurement: slope and intercept of the flip progress negated and
    // mirrored), i.e. c' = 1 − a − c with a kept. The uniform blend is unchanged by it.
    for (std::size_t k = 0; k < p.c.size(); ++k) p.c[k] = 1.0f - p.a[k] - p.c[k];
  }
  return p;
}

BlendPattern randomBlendPattern(int gridX, int gridY, float aspectX, float aspectY,
                                clock::Random& random) {
  // MD2 draws 1 + rand() % 3 (type 0, the uniform blend, is left out on purpose), and for the
  // radial blend one more draw after the band decides the direction.
  switch (random.nextU32() % 3u) {
    case 0:
      return makeBlendPattern(BlendPatternType::Wipe, gridX, gridY, aspectX, aspectY, random);
    case 1:
      return makeBlendPattern(BlendPatternType::Plasma, gridX, gridY, aspectX, aspectY, random);
    default:
      return radial(gridX, gridY, aspectX, aspectY, random, std::nullopt);
  }
}

}  // namespace phosphene::preset
