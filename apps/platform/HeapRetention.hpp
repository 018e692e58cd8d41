#pragma once
// How the programs keep freed heap memory (a process setting: the library never changes it; its
// hosts may do the same, README "Using the library").
//
// With Mesa's llvmpipe, glibc gave the memory a frame's rendering had used back to the kernel at
// the end of every frame (heap trimming above its 128 KiB default) and faulted it in again on the
// next: the kernel's page-fault and zeroing time was 13-24% of the process CPU on shader presets
// and presets with many custom-shape instances (perf), e.g. 30 -> 10.7 ms per 96x72 frame of
// "martin + flexi - diamond cutter" and 12.1 -> 9.4 ms per 640x480 frame of "LuxXx - Subtle
// HipHopFlake" (bench/README.md).

namespace phosphene::platform {

/// Keeps up to kRetainedHeapBytes of freed memory at the top of the heap instead of returning it
/// to the kernel. Call once at program start, before threads start. glibc only; elsewhere nothing.
void retainFreedHeapMemory();

inline constexpr long kRetainedHeapBytes = 64L << 20;

}  // namespace phosphene::platform
