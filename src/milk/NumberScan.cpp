#include "milk/NumberScan.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <system_error>
#include <type_traits>

namespace phosphene::milk {
namespace {

// A decimal number (digits, point, exponent; no sign: validated by the caller) to float or
// double, with from_chars' result codes. libc++ before 17 (Emscripten 3.1's) has no
// floating-point from_chars: there strtof/strtod read a NUL-terminated copy (Emscripten's
// locale is always "C", so the decimal point is '.'); ERANGE is from_chars' out of range.
template <typename T>
std::errc parseDecimal(std::string_view number, T& value) {
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  return std::from_chars(number.data(), number.data() + number.size(), value).ec;
#else
  const std::string copy(number);
  char* end = nullptr;
  errno = 0;
  T v;
  if constexpr (std::is_same_v<T, float>)
    v = std::strtof(copy.c_str(), &end);
  else
    v = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size()) return std::errc::invalid_argument;
  if (errno == ERANGE) return std::errc::result_out_of_range;
  value = v;
  return std::errc();
#endif
}

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

std::size_t skipSpace(std::string_view t, std::size_t i) {
  while (i < t.size() && isSpace(t[i])) ++i;
  return i;
}

ScanStatus restStatus(std::string_view rest) {
  for (char c : rest)
    if (!isSpace(c)) return ScanStatus::TrailingText;
  return ScanStatus::Ok;
}

}  // namespace

IntScan scanInt(std::string_view text) {
  IntScan out;
  std::size_t i = skipSpace(text, 0);
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  const std::size_t digits = i;
  long long v = 0;
  bool overflow = false;
  while (i < text.size() && isDigit(text[i])) {
    if (!overflow) {
      v = v * 10 + (text[i] - '0');
      if (v > 2147483648LL) overflow = true;
    }
    ++i;
  }
  if (i == digits) {
    out.rest = text;
    return out;
  }
  if (negative) v = -v;
  out.rest = text.substr(i);
  if (overflow || v > std::numeric_limits<int>::max() || v < std::numeric_limits<int>::min()) {
    out.status = ScanStatus::OutOfRange;
    return out;
  }
  out.value = static_cast<int>(v);
  out.status = restStatus(out.rest);
  return out;
}

FloatScan scanFloat(std::string_view text) {
  FloatScan out;
  std::size_t i = skipSpace(text, 0);
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  const std::size_t start = i;  // from_chars takes no '+', so the sign is applied afterwards
  std::size_t mantissaDigits = 0;
  while (i < text.size() && isDigit(text[i])) ++i, ++mantissaDigits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && isDigit(text[i])) ++i, ++mantissaDigits;
  }
  if (mantissaDigits == 0) {
    out.rest = text;
    return out;
  }
  bool negativeExponent = false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) negativeExponent = text[j++] == '-';
    if (j < text.size() && isDigit(text[j])) {
      while (j < text.size() && isDigit(text[j])) ++j;
      i = j;
    } else {
      negativeExponent = false;  // "1e" / "1e+": the exponent is not part of the number
    }
  }
  const std::string_view number = text.substr(start, i - start);
  out.rest = text.substr(i);

  float v = 0.0f;
  const std::errc r = parseDecimal(number, v);
  if (r == std::errc::result_out_of_range) {
    // Either too small (rounds to zero, as the C runtime does) or too large for a float.
    double d = 0.0;
    const std::errc rd = parseDecimal(number, d);
    const bool tiny = rd == std::errc() ? std::fabs(d) < 1.0 : negativeExponent;
    if (!tiny) {
      out.status = ScanStatus::OutOfRange;
      return out;
    }
    v = 0.0f;
  } else if (r != std::errc() || !std::isfinite(v)) {
    out.status = ScanStatus::OutOfRange;
    return out;
  }
  out.value = negative ? -v : v;
  out.status = restStatus(out.rest);
  return out;
}

}  // namespace phosphene::milk
