#include "BenchContext.hpp"

#include <sys/resource.h>

#include <cstdio>
#include <memory>

namespace phosphene::bench {

const BenchContext* benchContext() {
  static const std::unique_ptr<BenchContext> made = []() -> std::unique_ptr<BenchContext> {
    auto context = platform::HeadlessContext::create({});
    if (!context) return nullptr;
    auto caps = gl::probeCapabilities();
    if (!caps) return nullptr;
    std::fprintf(stderr, "renderer: %s, %s\n", caps->renderer.c_str(), caps->version.c_str());
    return std::make_unique<BenchContext>(BenchContext{std::move(*context), std::move(*caps)});
  }();
  return made.get();
}

double peakRssMiB() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // Linux reports KiB
}

}  // namespace phosphene::bench
