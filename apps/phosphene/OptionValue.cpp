#include "OptionValue.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace phosphene::cli {
namespace {

template <class T>
std::optional<T> parseInteger(std::string_view text) {
  T value{};
  if (text.empty()) return std::nullopt;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

std::string got(std::string_view text) {
  return " (got '" + std::string(text) + "')";
}

}  // namespace

std::optional<long long> parseWhole(std::string_view text, const WholeRange& range) {
  const auto v = parseInteger<long long>(text);
  if (!v || *v < range.min || *v > range.max) return std::nullopt;
  return v;
}

std::optional<std::uint64_t> parseSeed(std::string_view text) {
  // from_chars for unsigned types refuses a leading '-', so "-1" is not 2^64 - 1.
  return parseInteger<std::uint64_t>(text);
}

std::optional<double> parseNumber(std::string_view text, const NumberRange& range) {
  // strtod skips leading blanks; a value with blanks around it is not what the user meant.
  if (text.empty() || std::isspace(static_cast<unsigned char>(text.front()))) return std::nullopt;
  const std::string s(text);
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;
  if (v < range.min || (range.aboveMin && v == range.min) || v > range.max) return std::nullopt;
  return v;
}

std::optional<Size> parseSize(std::string_view text, const SizeRange& range) {
  const auto x = text.find_first_of("xX");
  if (x == std::string_view::npos) return std::nullopt;
  const WholeRange w{range.min.width, range.max.width}, h{range.min.height, range.max.height};
  const auto width = parseWhole(text.substr(0, x), w);
  const auto height = parseWhole(text.substr(x + 1), h);
  if (!width || !height) return std::nullopt;
  return Size{static_cast<int>(*width), static_cast<int>(*height)};
}

std::string wholeRangeMessage(std::string_view name, const WholeRange& range,
                              std::string_view text) {
  return "--" + std::string(name) + " wants a whole number from " + std::to_string(range.min) +
         " to " + std::to_string(range.max) + got(text);
}

std::string seedMessage(std::string_view name, std::string_view text) {
  return "--" + std::string(name) + " wants a whole number from 0 to 18446744073709551615" +
         got(text);
}

std::string numberRangeMessage(std::string_view name, const NumberRange& range,
                               std::string_view text) {
  return "--" + std::string(name) + " wants a number " + (range.aboveMin ? "above " : "from ") +
         numberText(range.min) + (range.aboveMin ? " up to " : " to ") + numberText(range.max) +
         got(text);
}

std::string sizeRangeMessage(std::string_view name, const SizeRange& range, const Size& example,
                             std::string_view text) {
  return "--" + std::string(name) + " wants WxH from " + sizeText(range.min) + " to " +
         sizeText(range.max) + ", e.g. " + sizeText(example) + got(text);
}

std::string sizeText(const Size& size) {
  return std::to_string(size.width) + "x" + std::to_string(size.height);
}

std::string numberText(double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.15g", value);
  return buf;
}

}  // namespace phosphene::cli
