#pragma once
// The playlist's own seeded random source. Standard distributions are implementation-defined, so
// the few we need are written out: a seed then gives the same choices with every standard library.

#include <cstddef>
#include <cstdint>
#include <random>

namespace phosphene::playlist {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}

  /// Uniform in [0, 1), 53 random bits.
  double unit() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }

  /// Uniform in [0, n); n must be > 0. Rejection sampling removes the modulo bias.
  std::size_t below(std::size_t n) {
    const auto bound = static_cast<std::uint64_t>(n);
    const std::uint64_t limit = UINT64_MAX - (UINT64_MAX % bound);
    std::uint64_t x = engine_();
    while (x >= limit) x = engine_();
    return static_cast<std::size_t>(x % bound);
  }

 private:
  std::mt19937_64 engine_;
};

}  // namespace phosphene::playlist
