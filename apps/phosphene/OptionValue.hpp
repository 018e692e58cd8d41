#pragma once
// What a typed option of the CLI accepts: the conversions from the command line's text to
// numbers, sizes and choices, each with its allowed range, and the one wording of the message
// when a value is refused ("--fps wants a number from 1 to 1000 (got '0')"). ArgParser applies
// them; commands only declare the range.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace phosphene::cli {

/// A closed range of whole numbers.
struct WholeRange {
  long long min = 0, max = 0;
};
/// Seeds take every 64-bit value; nothing else needs more than long long.
struct SeedRange {};

/// A range of real numbers; `aboveMin` excludes `min` itself (a positive duration).
struct NumberRange {
  double min = 0, max = 0;
  bool aboveMin = false;
};

/// A width x height pair, as "WxH" on the command line.
struct Size {
  int width = 0, height = 0;
  bool operator==(const Size&) const = default;
};
/// Both dimensions from `min` to `max`, each.
struct SizeRange {
  Size min, max;
};

/// Each returns the value, or nothing when `text` is not one (trailing junk, out of range).
std::optional<long long> parseWhole(std::string_view text, const WholeRange& range);
std::optional<std::uint64_t> parseSeed(std::string_view text);
std::optional<double> parseNumber(std::string_view text, const NumberRange& range);
std::optional<Size> parseSize(std::string_view text, const SizeRange& range);

/// The messages for a refused value of option `name`: "--NAME wants ... (got 'TEXT')".
std::string wholeRangeMessage(std::string_view name, const WholeRange& range,
                              std::string_view text);
std::string seedMessage(std::string_view name, std::string_view text);
std::string numberRangeMessage(std::string_view name, const NumberRange& range,
                               std::string_view text);
/// `example` (the option's default) shows the spelling.
std::string sizeRangeMessage(std::string_view name, const SizeRange& range, const Size& example,
                             std::string_view text);

/// "640x480".
std::string sizeText(const Size& size);
/// A number as the messages print it: 1000, 0.5, 86400 (no exponent, no trailing zeros).
std::string numberText(double value);

}  // namespace phosphene::cli
