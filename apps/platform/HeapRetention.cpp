#include "HeapRetention.hpp"

#include <cstdlib>  // defines __GLIBC__ under glibc: the test below needs a libc header first

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace phosphene::platform {

void retainFreedHeapMemory() {
#if defined(__GLIBC__)
  // This also stops glibc raising its mmap threshold (128 KiB) as large blocks are freed, so those
  // stay mapped and unmapped one by one; measured both ways, the trim threshold is what matters.
  mallopt(M_TRIM_THRESHOLD, static_cast<int>(kRetainedHeapBytes));
#endif
}

}  // namespace phosphene::platform
