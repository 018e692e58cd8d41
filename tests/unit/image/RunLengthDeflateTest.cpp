// RunLengthDeflate: every stream inflates (zlib's own decoder, not ours) to exactly the input,
// for the inputs where an encoder is most likely to slip: empty and tiny inputs, runs just under,
// at and over the longest match (258), pixel repeats of both periods, incompressible noise and a
// byte distribution whose plain Huffman code would be deeper than deflate's 15 bits.

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>
#include <zlib.h>

#include "RunLengthDeflate.hpp"

namespace phosphene::platform {
namespace {

std::vector<std::uint8_t> inflated(const std::vector<std::uint8_t>& stream, std::size_t length,
                                   std::size_t expectedSize) {
  std::vector<std::uint8_t> out(expectedSize + 16);
  uLongf size = static_cast<uLongf>(out.size());
  const int rc = uncompress(out.data(), &size, stream.data(), static_cast<uLong>(length));
  EXPECT_EQ(rc, Z_OK) << "zlib refused the stream";
  out.resize(rc == Z_OK ? size : 0);
  return out;
}

void expectRoundTrip(const std::vector<std::uint8_t>& data, int period) {
  SCOPED_TRACE("size " + std::to_string(data.size()) + ", period " + std::to_string(period));
  RunLengthDeflate deflate;
  std::vector<std::uint8_t> stream;
  const std::size_t length = deflate.compress(data.data(), data.size(), period, stream);
  ASSERT_GT(length, 0u);
  ASSERT_LE(length, stream.size());
  EXPECT_TRUE(inflated(stream, length, data.size()) == data);
}

TEST(RunLengthDeflate, TinyInputsInflateToThemselves) {
  for (std::size_t n = 0; n <= 9; ++n) {
    std::vector<std::uint8_t> same(n, 7), counting(n);
    for (std::size_t i = 0; i < n; ++i) counting[i] = static_cast<std::uint8_t>(i);
    expectRoundTrip(same, 3);
    expectRoundTrip(counting, 4);
  }
}

TEST(RunLengthDeflate, RunsAroundTheLongestMatch) {
  for (std::size_t run : {2u, 3u, 4u, 257u, 258u, 259u, 261u, 516u, 517u, 100000u}) {
    std::vector<std::uint8_t> data = {1, 2, 3};
    data.insert(data.end(), run, 0);
    data.push_back(9);
    data.insert(data.end(), run, 9);  // a run of the byte before it
    expectRoundTrip(data, 3);
  }
}

TEST(RunLengthDeflate, PixelRepeatsOfBothPeriods) {
  for (int period : {3, 4}) {
    std::vector<std::uint8_t> data;
    for (int i = 0; i < 5000; ++i) data.push_back(static_cast<std::uint8_t>((i % period) * 40 + 1));
    for (int i = 0; i < 300; ++i) data.push_back(static_cast<std::uint8_t>(i));
    for (int i = 0; i < 700; ++i)
      data.push_back(static_cast<std::uint8_t>(i % period == 0 ? 5 : 0));
    expectRoundTrip(data, period);
  }
}

TEST(RunLengthDeflate, NoiseAndMixedContent) {
  std::mt19937 rng(3);
  std::vector<std::uint8_t> noise(200000);
  for (auto& b : noise) b = static_cast<std::uint8_t>(rng());
  expectRoundTrip(noise, 3);
  std::vector<std::uint8_t> mixed;
  for (int block = 0; block < 200; ++block) {
    const std::size_t n = rng() % 600;
    if (block % 3 == 0)
      mixed.insert(mixed.end(), n, static_cast<std::uint8_t>(rng()));
    else
      for (std::size_t i = 0; i < n; ++i) mixed.push_back(static_cast<std::uint8_t>(rng() % 4));
  }
  expectRoundTrip(mixed, 4);
}

// Fibonacci frequencies make Huffman's tree a chain: 26 symbols would need codes 25 bits long.
TEST(RunLengthDeflate, SkewedBytesKeepCodesWithinFifteenBits) {
  std::vector<std::uint8_t> data;
  std::uint32_t a = 1, b = 1;
  for (int symbol = 0; symbol < 26; ++symbol) {
    data.insert(data.end(), a, static_cast<std::uint8_t>(symbol * 9));
    const std::uint32_t next = a + b;
    a = b;
    b = next;
  }
  std::mt19937 rng(5);
  std::shuffle(data.begin(), data.end(), rng);  // few runs: nearly every byte is a literal
  expectRoundTrip(data, 3);
}

TEST(RunLengthDeflate, TheSameInputGivesTheSameStream) {
  std::vector<std::uint8_t> data(5000);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i / 7 % 13);
  RunLengthDeflate one, two;
  std::vector<std::uint8_t> a, b;
  const std::size_t la = one.compress(data.data(), data.size(), 3, a);
  one.compress(data.data() + 100, 1000, 4, b);  // another image in between must not leak into it
  const std::size_t lb = one.compress(data.data(), data.size(), 3, b);
  EXPECT_TRUE(std::equal(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(la), b.begin(),
                         b.begin() + static_cast<std::ptrdiff_t>(lb)));
  std::vector<std::uint8_t> c;
  const std::size_t lc = two.compress(data.data(), data.size(), 3, c);
  EXPECT_EQ(la, lc);
}

}  // namespace
}  // namespace phosphene::platform
