// Scalar values are read with sscanf("%d") / sscanf("%f") in the C locale
// (vis_milk2/state.cpp GetFastInt, GetFastFloat).

#include <gtest/gtest.h>

#include <cmath>

#include "milk/NumberScan.hpp"

namespace phosphene::milk {
namespace {

TEST(NumberScan, FloatPlainForms) {
  EXPECT_EQ(scanFloat("0.98").value, 0.98f);
  EXPECT_EQ(scanFloat("0.98").status, ScanStatus::Ok);
  EXPECT_EQ(scanFloat("  -1.5").value, -1.5f);  // %f skips leading white space
  EXPECT_EQ(scanFloat("+2").value, 2.0f);
  EXPECT_EQ(scanFloat(".5").value, 0.5f);
  EXPECT_EQ(scanFloat("5.").value, 5.0f);
  EXPECT_EQ(scanFloat("1e-3").value, 1e-3f);
  EXPECT_EQ(scanFloat("2.5E+2").value, 250.0f);
  EXPECT_EQ(scanFloat("1.0\t ").status, ScanStatus::Ok);
}

TEST(NumberScan, FloatTrailingTextIsIgnoredLikeSscanf) {
  const auto f = scanFloat("1.0f");
  EXPECT_EQ(f.value, 1.0f);
  EXPECT_EQ(f.status, ScanStatus::TrailingText);
  EXPECT_EQ(f.rest, "f");
  // A corpus file has "fRating=3.000000.500000": sscanf stops at the second point.
  EXPECT_EQ(scanFloat("3.000000.500000").value, 3.0f);
  // An exponent marker without digits is not part of the number.
  const auto e = scanFloat("2e");
  EXPECT_EQ(e.value, 2.0f);
  EXPECT_EQ(e.rest, "e");
  EXPECT_EQ(scanFloat("4e+x").value, 4.0f);
  // No hex floats: "0x10" reads the 0.
  EXPECT_EQ(scanFloat("0x10").value, 0.0f);
}

// "nan"/"inf" are not numbers for the VS2008-era runtime MD2 2.x shipped with (C99 forms came to
// MSVC's scanf with the VS2015 UCRT, which MilkDrop3 uses); a non-finite value would poison every
// later frame, so Phosphene keeps the default as that runtime did. MSVC printed infinity as
// "1.#INF00", which the old scanf reads as 1.
TEST(NumberScan, FloatWithoutDigitsIsNotANumber) {
  EXPECT_EQ(scanFloat("1.#INF00").value, 1.0f);
  for (const char* s : {"", "-", "=1.0", "= 1.0", "abc", ".", "nan", "inf", "-inf", "NaN", "e5"})
    EXPECT_EQ(scanFloat(s).status, ScanStatus::NotANumber) << s;
}

TEST(NumberScan, FloatRange) {
  EXPECT_EQ(scanFloat("1e39").status, ScanStatus::OutOfRange);
  EXPECT_EQ(scanFloat("-1e400").status, ScanStatus::OutOfRange);
  const auto tiny = scanFloat("1e-60");  // rounds to zero, as strtod/sscanf do
  EXPECT_EQ(tiny.status, ScanStatus::Ok);
  EXPECT_EQ(tiny.value, 0.0f);
  const auto negTiny = scanFloat("-1e-400");
  EXPECT_EQ(negTiny.value, 0.0f);
  EXPECT_TRUE(std::signbit(negTiny.value));
  EXPECT_EQ(scanFloat("3.4028234e38").status, ScanStatus::Ok);
}

TEST(NumberScan, IntReadsTheIntegerPrefix) {
  EXPECT_EQ(scanInt("201").value, 201);
  EXPECT_EQ(scanInt(" -3").value, -3);
  EXPECT_EQ(scanInt("+7").value, 7);
  // "%d" on "1.000" yields 1 (spec §1.1); the rest is trailing text.
  const auto i = scanInt("1.000");
  EXPECT_EQ(i.value, 1);
  EXPECT_EQ(i.status, ScanStatus::TrailingText);
  EXPECT_EQ(i.rest, ".000");
  EXPECT_EQ(scanInt("0.9").value, 0);
  EXPECT_EQ(scanInt("-0.9").value, 0);
  EXPECT_EQ(scanInt("12abc").value, 12);
}

TEST(NumberScan, IntFailures) {
  for (const char* s : {"", "-", ".5", "x1", "= 1"})
    EXPECT_EQ(scanInt(s).status, ScanStatus::NotANumber) << s;
  EXPECT_EQ(scanInt("2147483647").value, 2147483647);
  EXPECT_EQ(scanInt("-2147483648").value, -2147483647 - 1);
  EXPECT_EQ(scanInt("2147483648").status, ScanStatus::OutOfRange);
  EXPECT_EQ(scanInt("99999999999999999999999").status, ScanStatus::OutOfRange);
}

}  // namespace
}  // namespace phosphene::milk
