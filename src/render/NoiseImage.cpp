#include "render/NoiseImage.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

#include "clock/Random.hpp"

namespace phosphene::render {
namespace {

// One noise image being built: texels as MD2's 32-bit D3DFMT_A8R8G8B8 words (A in bits 24..31,
// R 16..23, G 8..15, B 0..7), converted to RGBA bytes at the end.
struct Volume {
  int size = 0;
  int depth = 1;
  std::vector<std::uint32_t> words;

  std::uint32_t& at(int x, int y, int z) {
    return words[(static_cast<std::size_t>(z) * size + y) * size + x];
  }
};

// MD2's fCubicInterpolate (plugin.cpp): the cubic through y1 (t = 0) and y2 (t = 1) with end
// slopes y2 - y0 and y3 - y1. Not Catmull-Rom (whose slopes are half those); kept as MD2 has it
// because it sets how round the noise features are. Float arithmetic as MD2.
float cubic(float y0, float y1, float y2, float y3, float t) {
  const float t2 = t * t;
  const float a0 = y3 - y2 - y0 + y1;
  const float a1 = y0 - y1 - a0;
  const float a2 = y2 - y0;
  const float a3 = y1;
  return a0 * t * t2 + a1 * t2 + a2 * t + a3;
}

// MD2's dwCubicInterpolate: per byte, scaled to 0..1, clamped, and truncated (not rounded) back.
std::uint32_t cubicWord(std::uint32_t w0, std::uint32_t w1, std::uint32_t w2, std::uint32_t w3,
                        float t) {
  std::uint32_t out = 0;
  for (int shift = 0; shift < 32; shift += 8) {
    const auto channel = [shift](std::uint32_t w) {
      return static_cast<float>((w >> shift) & 0xFFu) / 255.0f;
    };
    const float f =
        std::clamp(cubic(channel(w0), channel(w1), channel(w2), channel(w3), t), 0.0f, 1.0f);
    out |= static_cast<std::uint32_t>(f * 255.0f) << shift;
  }
  return out;
}

// MD2's texel: four draws v = rand() % R + R/2 shifted into place and ORed *without masking*, so
// a v above 255 wraps to its low byte and its bit 8 sets bit 0 of the next channel up (the top
// channel's carry is lost). R = 256 gives uniform bytes; R = 216 (zoomed textures) gives bytes
// in 108..255 and 0..67, nothing between. Our draws come from the seeded Random, not rand().
std::uint32_t randomWord(clock::Random& random, std::uint32_t range) {
  std::uint32_t word = 0;
  for (int shift = 24; shift >= 0; shift -= 8)
    word |= (random.nextU32() % range + range / 2) << shift;
  return word;
}

// The lattice-to-texel interpolation of AddNoiseTex/AddNoiseVol along one axis: texel `i` (not
// on the lattice) between lattice points base and base + zoom, with neighbours one lattice step
// further on each side, indices wrapping so the texture tiles.
template <typename Get>
std::uint32_t interpolateAxis(int i, int size, int zoom, Get get) {
  const int base = (i / zoom) * zoom + size;  // + size keeps the modulo non-negative
  const float t = static_cast<float>(i % zoom) / static_cast<float>(zoom);
  return cubicWord(get((base - zoom) % size), get(base % size), get((base + zoom) % size),
                   get((base + 2 * zoom) % size), t);
}

// AddNoiseTex / AddNoiseVol's smoothing, in MD2's order: along x on lattice rows (of lattice
// slices), then along y on every column of lattice slices, then (volumes) along z everywhere.
// Each pass reads only texels that are on the lattice along its own axis, which the earlier
// passes have already filled, so the order of writes within a pass does not matter.
void smooth(Volume& v, int zoom) {
  const int n = v.size;
  const bool volume = v.depth > 1;
  const int zStep = volume ? zoom : 1;
  for (int z = 0; z < v.depth; z += zStep)
    for (int y = 0; y < n; y += zoom)
      for (int x = 0; x < n; ++x)
        if (x % zoom != 0)
          v.at(x, y, z) = interpolateAxis(x, n, zoom, [&](int i) { return v.at(i, y, z); });
  for (int z = 0; z < v.depth; z += zStep)
    for (int x = 0; x < n; ++x)
      for (int y = 0; y < n; ++y)
        if (y % zoom != 0)
          v.at(x, y, z) = interpolateAxis(y, n, zoom, [&](int i) { return v.at(x, i, z); });
  if (!volume) return;
  for (int x = 0; x < n; ++x)
    for (int y = 0; y < n; ++y)
      for (int z = 0; z < n; ++z)
        if (z % zoom != 0)
          v.at(x, y, z) = interpolateAxis(z, n, zoom, [&](int i) { return v.at(x, y, i); });
}

// Each root gets its own stream, so adding or reordering roots never changes another's image.
std::uint64_t streamSeed(std::uint64_t seed, std::string_view root) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a of the root
  for (char c : root) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return seed ^ h;
}

}  // namespace

const std::vector<NoiseSpec>& noiseSpecs() {
  // plugin.cpp AllocateMyDX9Stuff: AddNoiseTex("noise_lq", 256, 1), ("noise_lq_lite", 32, 1),
  // ("noise_mq", 256, 4), ("noise_hq", 256, 8); AddNoiseVol("noisevol_lq", 32, 1),
  // ("noisevol_hq", 32, 4).
  static const std::vector<NoiseSpec> specs = {
      {"noise_lq", 256, 1, false}, {"noise_lq_lite", 32, 1, false}, {"noise_mq", 256, 4, false},
      {"noise_hq", 256, 8, false}, {"noisevol_lq", 32, 1, true},    {"noisevol_hq", 32, 4, true},
  };
  return specs;
}

std::optional<NoiseSpec> findNoiseSpec(std::string_view root) {
  for (const NoiseSpec& s : noiseSpecs())
    if (s.root == root) return s;
  return std::nullopt;
}

NoiseImage makeNoiseImage(std::string_view root, std::uint64_t seed) {
  const std::optional<NoiseSpec> spec = findNoiseSpec(root);
  if (!spec) return {};
  clock::Random random(streamSeed(seed, root));
  Volume v;
  v.size = spec->size;
  v.depth = spec->volume ? spec->size : 1;
  v.words.resize(static_cast<std::size_t>(v.size) * v.size * v.depth);
  // MD2 draws every texel, lattice or not (the smoothing overwrites the others), then swaps
  // random pairs within each row. The texels are independent and identically distributed, so
  // the swaps change nothing about the image's statistics and are left out.
  const std::uint32_t range = spec->zoom > 1 ? 216u : 256u;
  for (std::uint32_t& w : v.words) w = randomWord(random, range);
  if (spec->zoom > 1) smooth(v, spec->zoom);

  NoiseImage image;
  image.width = v.size;
  image.height = v.size;
  image.depth = v.depth;
  image.rgba.resize(v.words.size() * 4);
  for (std::size_t i = 0; i < v.words.size(); ++i) {
    const std::uint32_t w = v.words[i];
    image.rgba[i * 4 + 0] = static_cast<std::uint8_t>(w >> 16);  // R
    image.rgba[i * 4 + 1] = static_cast<std::uint8_t>(w >> 8);   // G
    image.rgba[i * 4 + 2] = static_cast<std::uint8_t>(w);        // B
    image.rgba[i * 4 + 3] = static_cast<std::uint8_t>(w >> 24);  // A
  }
  return image;
}

}  // namespace phosphene::render
