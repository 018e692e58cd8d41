#pragma once
// Bounded, lazily allocated memory of doubles: `megabuf` (one per Context) and `gmegabuf` (one per
// Globals). Blocks of 65,536 cells are allocated zero-filled on first write; an index outside the
// buffer reads 0 and writes nothing, so a preset can never reach memory it does not own.

#include <cstdint>
#include <memory>
#include <vector>

namespace phosphene::eel {

class Memory {
 public:
  static constexpr std::int32_t kBlockCells = 65536;
  static constexpr std::int32_t kDefaultCells = 128 * kBlockCells;  // 8,388,608 (spec §8)

  explicit Memory(std::int32_t cells = kDefaultCells);

  std::int32_t size() const { return cells_; }
  double read(std::int32_t index) const;
  /// The cell, allocating its block; nullptr when the index is outside the buffer.
  double* cell(std::int32_t index);
  /// memset(dest, value, count) with MD2's clipping; counts and offsets already truncated.
  void fill(std::int32_t dest, double value, std::int32_t count);
  /// memcpy(dest, src, count), overlap-safe, clipped to the buffer.
  void copy(std::int32_t dest, std::int32_t src, std::int32_t count);
  /// Frees every block (all cells read 0 again).
  void clear();

 private:
  std::int32_t cells_;
  std::vector<std::unique_ptr<double[]>> blocks_;
};

}  // namespace phosphene::eel
