#pragma once
// The one headless context of a GL benchmark program (llvmpipe unless a GPU driver is forced),
// made on first use and kept for the process, so every benchmark in it renders in the same
// context.

#include "HeadlessContext.hpp"
#include "gl/Capabilities.hpp"

namespace phosphene::bench {

struct BenchContext {
  platform::HeadlessContext context;
  gl::Capabilities caps;
};

/// Null when the machine has no EGL display (the benchmarks then skip).
const BenchContext* benchContext();

/// The process's peak resident set size so far, in MiB (getrusage ru_maxrss).
double peakRssMiB();

}  // namespace phosphene::bench
