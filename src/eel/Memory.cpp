#include "eel/Memory.hpp"

#include <algorithm>

namespace phosphene::eel {

Memory::Memory(std::int32_t cells) : cells_(std::max<std::int32_t>(cells, 0)) {
  blocks_.resize(static_cast<std::size_t>((cells_ + kBlockCells - 1) / kBlockCells));
}

double Memory::read(std::int32_t index) const {
  if (index < 0 || index >= cells_) return 0.0;
  const auto& block = blocks_[static_cast<std::size_t>(index / kBlockCells)];
  return block ? block[index % kBlockCells] : 0.0;
}

double* Memory::cell(std::int32_t index) {
  if (index < 0 || index >= cells_) return nullptr;
  auto& block = blocks_[static_cast<std::size_t>(index / kBlockCells)];
  if (!block) block = std::make_unique<double[]>(kBlockCells);  // value-initialised: zeros
  return &block[index % kBlockCells];
}

void Memory::fill(std::int32_t dest, double value, std::int32_t count) {
  if (dest < 0) {
    count += dest;
    dest = 0;
  }
  if (count <= 0 || dest >= cells_) return;
  count = std::min(count, cells_ - dest);
  for (std::int32_t i = 0; i < count;) {
    const std::int32_t index = dest + i;
    const std::int32_t run = std::min(count - i, kBlockCells - index % kBlockCells);
    auto& block = blocks_[static_cast<std::size_t>(index / kBlockCells)];
    if (block || value != 0.0) {
      double* p = cell(index);
      std::fill(p, p + run, value);
    }
    i += run;
  }
}

void Memory::copy(std::int32_t dest, std::int32_t src, std::int32_t count) {
  if (src < 0) {
    dest -= src;
    count += src;
    src = 0;
  }
  if (dest < 0) {
    src -= dest;
    count += dest;
    dest = 0;
  }
  if (count <= 0 || dest >= cells_ || src >= cells_) return;
  count = std::min({count, cells_ - dest, cells_ - src});
  // Element-wise through a bounded staging buffer keeps it overlap-safe (memmove semantics).
  std::vector<double> staging(static_cast<std::size_t>(count));
  for (std::int32_t i = 0; i < count; ++i) staging[static_cast<std::size_t>(i)] = read(src + i);
  for (std::int32_t i = 0; i < count; ++i) {
    const double v = staging[static_cast<std::size_t>(i)];
    if (v != 0.0 || blocks_[static_cast<std::size_t>((dest + i) / kBlockCells)])
      *cell(dest + i) = v;
  }
}

void Memory::clear() {
  for (auto& b : blocks_) b.reset();
}

}  // namespace phosphene::eel
