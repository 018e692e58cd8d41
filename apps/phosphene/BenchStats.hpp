#pragma once
// Distributions of per-frame milliseconds for `phosphene bench`: one value type and the two
// functions both of its modes (per preset, and a run of switches) summarise their series with.

#include <chrono>
#include <vector>

namespace phosphene::cli {

/// Distribution of one series of per-frame milliseconds.
struct Stats {
  double median = 0, p95 = 0, p99 = 0, worst = 0, mean = 0;
};

/// Nearest-rank percentile of a sorted series (p in 0..100): a value that occurred.
double percentile(const std::vector<double>& sorted, double p);

Stats statsOf(std::vector<double> v);

using BenchClock = std::chrono::steady_clock;
inline double msBetween(BenchClock::time_point a, BenchClock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

}  // namespace phosphene::cli
