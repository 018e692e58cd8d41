#pragma once
// A seeded random source as a value type (no global rand()): the same seed gives the same
// sequence on every platform. SplitMix64: tiny state, good statistics, trivially copyable.

#include <cstdint>

namespace phosphene::clock {

class Random {
 public:
  explicit Random(std::uint64_t seed = 0) : state_(seed) {}

  std::uint64_t nextU64() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint32_t nextU32() { return static_cast<std::uint32_t>(nextU64() >> 32); }
  /// Uniform on [0, 1).
  double uniform() { return static_cast<double>(nextU64() >> 11) * 0x1.0p-53; }
  /// MilkDrop 2's FRAND: (rand() mod 7381) / 7380, i.e. 0..1 inclusive in 7381 steps.
  float frand() { return static_cast<float>(nextU32() % 7381u) / 7380.0f; }

  friend bool operator==(const Random&, const Random&) = default;

 private:
  std::uint64_t state_;
};

}  // namespace phosphene::clock
