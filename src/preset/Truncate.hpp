#pragma once
// C's (int) cast of a double as MD2's x86 build performs it: truncation toward zero, and the
// "integer indefinite" value INT_MIN for NaN or anything outside int's range (cvttsd2si). Used
// wherever MD2 casts an equation value to int (wave_mode, samples, sides, colour bytes).

#include <cstdint>
#include <limits>

namespace phosphene::preset {

inline int truncateToInt(double v) {
  if (!(v > -2147483649.0 && v < 2147483648.0)) return std::numeric_limits<int>::min();
  return static_cast<int>(v);
}

}  // namespace phosphene::preset
