#pragma once
// A bounded single-producer / single-consumer queue. The producer (an audio callback) is
// wait-free: it never blocks, never allocates and never retries; all storage is allocated once at
// construction. Elements are copied, so T should be trivially copyable.

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <type_traits>
#include <vector>

namespace phosphene::audio {

template <typename T>
class RingBuffer {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  /// Capacity is rounded up to a power of two (at least 2) so indices wrap with a mask.
  explicit RingBuffer(std::size_t minimumCapacity)
      : storage_(std::bit_ceil(std::max<std::size_t>(minimumCapacity, 2))),
        mask_(storage_.size() - 1) {}

  RingBuffer(const RingBuffer&) = delete;
  RingBuffer& operator=(const RingBuffer&) = delete;

  std::size_t capacity() const { return storage_.size(); }

  /// Producer only. Appends up to `count` elements; returns how many fit (the rest are not
  /// written). Wait-free.
  std::size_t push(const T* items, std::size_t count) {
    const std::size_t head = head_.load(std::memory_order_relaxed);
    const std::size_t tail = tail_.load(std::memory_order_acquire);
    const std::size_t n = std::min(count, capacity() - (head - tail));
    for (std::size_t i = 0; i < n; ++i) storage_[(head + i) & mask_] = items[i];
    head_.store(head + n, std::memory_order_release);
    return n;
  }

  /// Consumer only. Removes up to `maxCount` elements, oldest first; returns how many.
  std::size_t pop(T* out, std::size_t maxCount) {
    const std::size_t tail = tail_.load(std::memory_order_relaxed);
    const std::size_t head = head_.load(std::memory_order_acquire);
    const std::size_t n = std::min(maxCount, head - tail);
    for (std::size_t i = 0; i < n; ++i) out[i] = storage_[(tail + i) & mask_];
    tail_.store(tail + n, std::memory_order_release);
    return n;
  }

  /// Elements waiting; exact from the consumer's view, a lower bound from the producer's.
  std::size_t size() const {
    return head_.load(std::memory_order_acquire) - tail_.load(std::memory_order_acquire);
  }

 private:
  std::vector<T> storage_;
  std::size_t mask_;
  // Separate cache lines: the producer writes head_, the consumer writes tail_.
  alignas(64) std::atomic<std::size_t> head_{0};
  alignas(64) std::atomic<std::size_t> tail_{0};
};

}  // namespace phosphene::audio
