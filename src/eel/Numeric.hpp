#pragma once
// The numeric rules of MilkDrop's equation language (spec/eel2.md §1, §5, §6, §9), shared by the
// scalar interpreter, the batch evaluator and the constant folder so all three agree bit for bit.

#include <cmath>
#include <cstdint>
#include <cstring>

namespace phosphene::eel::num {

/// NSEEL_CLOSEFACTOR: the tolerance of truth tests and of == / != (spec §5).
inline constexpr double kCloseFactor = 0.00001;
/// Iteration cap of loop() and while() (spec §9, MD2 nseel-compiler.c).
inline constexpr int kLoopCap = 1048576;

inline double truth(double x) {
  return std::fabs(x) >= kCloseFactor ? 1.0 : 0.0;
}
inline double logicalNot(double x) {
  return std::fabs(x) >= kCloseFactor ? 0.0 : 1.0;
}
inline double equal(double a, double b) {
  return std::fabs(a - b) < kCloseFactor ? 1.0 : 0.0;
}
inline double notEqual(double a, double b) {
  return std::fabs(a - b) < kCloseFactor ? 0.0 : 1.0;
}

/// What `=` stores (spec §7): zero, denormals, infinities and NaN become +0.
inline double sanitize(double x) {
  std::uint64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const std::uint64_t exponent = (bits >> 52) & 0x7ff;
  return (exponent == 0 || exponent == 0x7ff) ? 0.0 : x;
}

/// x87 `fistp` to 32 bits under MD2's truncating rounding mode: out of range and NaN give the
/// "integer indefinite" 0x80000000.
inline std::int32_t toInt32(double x) {
  if (!(x > -2147483649.0 && x < 2147483648.0)) return INT32_MIN;
  return static_cast<std::int32_t>(x);
}
/// The 64-bit variant used by | and & (spec §6.3).
inline std::int64_t toInt64(double x) {
  if (!(x > -9223372036854775808.0 && x < 9223372036854775808.0)) return INT64_MIN;
  return static_cast<std::int64_t>(x);
}

/// `%`: remainder of the absolute values as unsigned 32-bit integers; divisor 0 gives 0.
inline double mod(double a, double b) {
  const auto ua = static_cast<std::uint32_t>(toInt32(std::fabs(a)));
  const auto ub = static_cast<std::uint32_t>(toInt32(std::fabs(b)));
  return ub == 0 ? 0.0 : static_cast<double>(ua % ub);
}
inline double bitOr(double a, double b) {
  return static_cast<double>(toInt64(a) | toInt64(b));
}
inline double bitAnd(double a, double b) {
  return static_cast<double>(toInt64(a) & toInt64(b));
}

inline double sign(double x) {
  if (x == 0.0) return x;  // MD2 passes ±0 through unchanged
  return std::signbit(x) ? -1.0 : 1.0;
}
/// With a NaN operand MD2's unordered compare makes min yield its first, max its second operand.
inline bool minPicksSecond(double a, double b) {
  return b < a;
}
inline bool maxPicksFirst(double a, double b) {
  return b < a;
}
inline double min(double a, double b) {
  return minPicksSecond(a, b) ? b : a;
}
inline double max(double a, double b) {
  return maxPicksFirst(a, b) ? a : b;
}

/// The float "0x5f3759df" estimate refined by one Newton step in double (MD2 nseel_asm_invsqrt).
/// The asm shifts arithmetically (sar) and subtracts in 32 bits, wrapping for negative x; the
/// subtraction is done unsigned here because the signed one overflows (undefined) there.
inline double invsqrt(double x) {
  const float xf = static_cast<float>(x);
  std::int32_t bits;
  std::memcpy(&bits, &xf, sizeof bits);
  const std::uint32_t i = 0x5f3759dfu - static_cast<std::uint32_t>(bits >> 1);
  float yf;
  std::memcpy(&yf, &i, sizeof yf);
  const double y = yf;
  return y * (1.5 - 0.5 * x * y * y);
}
inline double sigmoid(double x, double c) {
  const double t = 1.0 + std::exp(-x * c);
  return std::fabs(t) > kCloseFactor ? 1.0 / t : 0.0;
}
/// band()/bor() compare strictly greater than the tolerance (MD2 eel1band/eel1bor).
inline double band(double a, double b) {
  return (std::fabs(a) > kCloseFactor && std::fabs(b) > kCloseFactor) ? 1.0 : 0.0;
}
inline double bor(double a, double b) {
  return (std::fabs(a) > kCloseFactor || std::fabs(b) > kCloseFactor) ? 1.0 : 0.0;
}
/// rand(n) from one raw MT19937 output: a real in [0, max(1, floor(n))] (MD2 nseel_int_rand).
inline double randFromRaw(std::uint32_t raw, double n) {
  double m = std::floor(n);
  if (!(m >= 1.0)) m = 1.0;
  return static_cast<double>(raw) * (1.0 / 4294967295.0) * m;
}
/// Memory index: truncation of (i + 1e-5) to a 32-bit integer (MD2 _asm_megabuf). MD2 adds under
/// the x87 truncating rounding mode, so a sum that rounds up to an integer in round-to-nearest
/// (2.99999 + 0.00001) stays below it there: the exact rounding error decides.
inline std::int32_t memIndex(double i) {
  const double s = i + kCloseFactor;
  const double bb = s - i;
  const double err = (i - (s - bb)) + (kCloseFactor - bb);  // exact: s + err == i + 1e-5
  double t = std::trunc(s);
  if (t == s) {
    if (s > 0 && err < 0) t -= 1.0;
    if (s < 0 && err > 0) t += 1.0;
  }
  return toInt32(t);
}
/// memset/memcpy offsets and counts add 0.0001 before truncating (MD2 nseel-ram.c).
inline std::int32_t ramOffset(double i) {
  return toInt32(i + 0.0001);
}

}  // namespace phosphene::eel::num
