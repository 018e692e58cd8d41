#include "audio/RingBuffer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <thread>
#include <vector>

namespace phosphene::audio {
namespace {

TEST(RingBuffer, CapacityIsRoundedUpToAPowerOfTwo) {
  EXPECT_EQ(RingBuffer<int>(1000).capacity(), 1024u);
  EXPECT_EQ(RingBuffer<int>(1024).capacity(), 1024u);
  EXPECT_EQ(RingBuffer<int>(0).capacity(), 2u);
}

TEST(RingBuffer, KeepsOrderAndRefusesWhatDoesNotFit) {
  RingBuffer<int> ring(8);
  std::vector<int> in(12);
  for (int i = 0; i < 12; ++i) in[static_cast<std::size_t>(i)] = i;
  EXPECT_EQ(ring.push(in.data(), 12), 8u);  // bounded: the rest is refused, not queued
  EXPECT_EQ(ring.size(), 8u);
  std::vector<int> out(12, -1);
  EXPECT_EQ(ring.pop(out.data(), 5), 5u);
  EXPECT_EQ(ring.push(in.data() + 8, 4), 4u);  // wraps around the end of the storage
  EXPECT_EQ(ring.pop(out.data() + 5, 12), 7u);
  for (int i = 0; i < 12; ++i) EXPECT_EQ(out[static_cast<std::size_t>(i)], i);
  EXPECT_EQ(ring.pop(out.data(), 1), 0u);
}

// One producer and one consumer on two threads: every element arrives exactly once and in order,
// and the queue never holds more than its capacity. The producer retries when full only to make
// the test lossless; the audio path itself drops instead (PcmInput).
TEST(RingBuffer, ConcurrentProducerAndConsumerLoseNothing) {
  constexpr std::uint64_t kCount = 2'000'000;
  RingBuffer<std::uint64_t> ring(1024);
  std::thread producer([&] {
    std::uint64_t next = 0;
    std::uint64_t block[37];
    while (next < kCount) {
      std::size_t n = 0;
      while (n < 37 && next + n < kCount) {
        block[n] = next + n;
        ++n;
      }
      std::size_t done = 0;
      while (done < n) {
        done += ring.push(block + done, n - done);
        if (done < n) std::this_thread::yield();
      }
      next += n;
    }
  });
  std::uint64_t expected = 0;
  std::uint64_t errors = 0;
  std::size_t maxSize = 0;
  std::vector<std::uint64_t> out(100);
  while (expected < kCount) {
    maxSize = std::max(maxSize, ring.size());
    const std::size_t n = ring.pop(out.data(), out.size());
    for (std::size_t i = 0; i < n; ++i) errors += out[i] != expected++;
    if (n == 0) std::this_thread::yield();
  }
  producer.join();
  EXPECT_EQ(errors, 0u);
  EXPECT_EQ(expected, kCount);
  EXPECT_LE(maxSize, ring.capacity());
  EXPECT_EQ(ring.size(), 0u);
}

}  // namespace
}  // namespace phosphene::audio
