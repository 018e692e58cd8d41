// RunLengthDeflate: every stream inflates (zlib's own decoder, not ours) to exactly the input,
// for the inputs where an encoder is most likely to slip: empty and tiny inputs, runs just under,
// at and over the longest match (258), pixel repeats of both periods, incompressible noise and a
// byte distribution whose plain Huffman code would be deeper than deflate's 15 bits; matches at
// every offset of the encoder's 32-position scan and inputs that span several 128 KiB blocks.

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

// The encoder tests 32 positions at once and copies the literals before the first match: a run
// (distance 1) or a pixel repeat starting at each offset of that window, and near the input's end
// where the scalar loop takes over, must still inflate to the input.
TEST(RunLengthDeflate, MatchesAtEveryOffsetOfTheScan) {
  std::mt19937 rng(11);
  for (int period : {3, 4}) {
    for (std::size_t offset = 0; offset < 70; ++offset) {
      std::vector<std::uint8_t> data(offset + 120);
      for (auto& b : data) b = static_cast<std::uint8_t>(rng());
      const std::size_t at = std::min(data.size() - 8, offset + 4);
      std::fill(data.begin() + static_cast<std::ptrdiff_t>(at),
                data.begin() + static_cast<std::ptrdiff_t>(at + 3), std::uint8_t{42});
      const std::size_t repeat = data.size() - 1 - offset % 40;
      for (std::size_t i = repeat; i + static_cast<std::size_t>(period) < data.size() &&
                                   i < repeat + 3 * static_cast<std::size_t>(period);
           ++i)
        data[i + static_cast<std::size_t>(period)] = data[i];
      expectRoundTrip(data, period);
    }
  }
}

// One dynamic block per 128 KiB of input: block ends cut matches, a last block can be 1-3 bytes
// long (too short for the match test), and every block has its own codes.
TEST(RunLengthDeflate, InputsSpanningSeveralBlocks) {
  constexpr std::size_t kBlock = std::size_t{128} << 10;
  std::mt19937 rng(13);
  for (std::size_t size : {kBlock - 1, kBlock, kBlock + 1, kBlock + 2, kBlock + 3, kBlock + 4,
                           2 * kBlock + 17, std::size_t{700000}}) {
    std::vector<std::uint8_t> data(size);
    for (std::size_t i = 0; i < size; ++i)
      data[i] = static_cast<std::uint8_t>(i / 50000 % 2 == 0 ? rng() % 7 : (i % 3) * 60);
    // A run across the first block boundary.
    const std::size_t runStart = std::min(size, kBlock - 100);
    std::fill(data.begin() + static_cast<std::ptrdiff_t>(runStart),
              data.begin() + static_cast<std::ptrdiff_t>(std::min(size, kBlock + 400)),
              std::uint8_t{200});
    expectRoundTrip(data, 3);
  }
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
