#pragma once
// MilkDrop 2's noise textures as pure data (no GL): the six images its shaders sample as
// sampler_noise_lq, _lq_lite, _mq, _hq, sampler_noisevol_lq and _hq. Generated the way MD2's
// plugin.cpp AddNoiseTex / AddNoiseVol make them (sizes, zoom factors, byte ranges and their
// overflow quirk, cubic smoothing), but from a seeded source so the same seed gives the same
// images. Kept free of GL so it is unit-tested and benchmarked without a context.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace phosphene::render {

/// RGBA8 texels, x fastest, then y, then z. Row 0 is MD2's first locked row (v = 0, the top), so
/// a texture uploaded from it row by row is sampled with MD2's uv unchanged.
struct NoiseImage {
  int width = 0, height = 0, depth = 1;
  std::vector<std::uint8_t> rgba;
};

/// How MD2 makes one noise texture (plugin.cpp, the AddNoiseTex/AddNoiseVol calls).
struct NoiseSpec {
  std::string_view root;  // "noise_lq", ...
  int size = 0;           // width = height (= depth for a volume)
  int zoom = 1;           // 1: independent random texels; > 1: random lattice every `zoom`
                          // texels, cubic interpolation between
  bool volume = false;
};

/// The six roots, in MD2's creation order.
const std::vector<NoiseSpec>& noiseSpecs();
/// The spec of a root (case-sensitive, as MD2's texture cache); nullopt for other names.
std::optional<NoiseSpec> findNoiseSpec(std::string_view root);

/// The image of `root` (noise_lq, noise_lq_lite, noise_mq, noise_hq, noisevol_lq, noisevol_hq)
/// for `seed`; an empty image (width 0) for any other name. Pure: same arguments, same bytes.
NoiseImage makeNoiseImage(std::string_view root, std::uint64_t seed);

}  // namespace phosphene::render
