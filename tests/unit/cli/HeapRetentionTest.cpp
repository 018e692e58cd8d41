// HeapRetention: after retainFreedHeapMemory(), memory freed at the top of the heap stays in the
// process (glibc gives it back to the kernel above 128 KiB by default, and the next frame faults
// it in again).

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "HeapRetention.hpp"

namespace phosphene::platform {
namespace {

// glibc only (elsewhere retainFreedHeapMemory does nothing). Under ASan, whose allocator never
// trims the heap, it holds trivially.
#if defined(__GLIBC__)
TEST(HeapRetention, FreedMemoryAtTheTopOfTheHeapStays) {
  retainFreedHeapMemory();
  // 8 MiB in 16 KiB blocks, each below the mmap threshold: the heap grows with brk.
  std::vector<void*> blocks;
  blocks.reserve(512);
  for (int i = 0; i < 512; ++i) {
    void* b = std::malloc(16 << 10);
    ASSERT_NE(b, nullptr);
    std::memset(b, i, 16 << 10);
    blocks.push_back(b);
  }
  const void* top = sbrk(0);
  for (auto it = blocks.rbegin(); it != blocks.rend(); ++it) std::free(*it);
  EXPECT_EQ(sbrk(0), top) << "the freed 8 MiB went back to the kernel";
}
#endif

}  // namespace
}  // namespace phosphene::platform
