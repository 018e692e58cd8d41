#pragma once
// Numbers the way MilkDrop 2 reads scalar values: sscanf("%d") / sscanf("%f") in the C locale
// (vis_milk2/state.cpp GetFastInt, GetFastFloat). Leading white space is skipped, the longest
// decimal prefix is taken and anything after it is ignored; no number at all keeps the default.

#include <string_view>

namespace phosphene::milk {

enum class ScanStatus {
  Ok,            // a number and nothing but white space after it
  TrailingText,  // a number followed by other text, which MD2 ignores ("1.0f", "1.000" for %d)
  NotANumber,    // no digits where the number should start: MD2 keeps the default
  OutOfRange,    // does not fit the type: Phosphene keeps the default (MD2's CRT is undefined here)
};

struct IntScan {
  int value = 0;
  ScanStatus status = ScanStatus::NotANumber;
  std::string_view rest;  // text after the number
};

struct FloatScan {
  float value = 0.0f;
  ScanStatus status = ScanStatus::NotANumber;
  std::string_view rest;
};

/// `%d`: [space] [+|-] digits. Decimal only.
IntScan scanInt(std::string_view text);

/// `%f`: [space] [+|-] digits [. digits] [(e|E) [+|-] digits], at least one mantissa digit. Like
/// the MSVC runtime MD2 shipped with, "inf", "nan" and hex floats are not numbers. Values that
/// round to zero become (signed) zero; values beyond float's range are OutOfRange. The decimal
/// text is rounded to float directly (correctly rounded), so writing a float in its shortest
/// form and scanning it back is exact.
FloatScan scanFloat(std::string_view text);

}  // namespace phosphene::milk
