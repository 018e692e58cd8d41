// PngImage's writers: whatever the encoder (libpng's default, the fast frame writer with
// RunLengthDeflate, or with the reference compressors png_bench measures it against: libdeflate,
// zlib), the file decodes to exactly the pixels written, for odd sizes and 1x1, opaque and
// translucent; the fast writer drops alpha only when it is 255 everywhere; failures are reported
// with the path and leave no file behind where none could be opened.

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <zlib.h>

#include "PngImage.hpp"
#include "ReferencePngWriter.hpp"
#include "unit/TempDir.hpp"

namespace phosphene::platform {
namespace {

namespace fs = std::filesystem;
using bench::ReferenceCompressor;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// Noise plus smooth gradients, like a rendered frame: both long matches and incompressible runs.
RgbaImage frameLike(int w, int h, bool opaque, std::uint32_t seed) {
  RgbaImage image(w, h);
  std::mt19937 rng(seed);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      std::uint8_t* p = image.at(x, y);
      const bool noisy = (x / 8 + y / 8) % 3 == 0;
      p[0] = static_cast<std::uint8_t>(noisy ? rng() : x * 7 + y);
      p[1] = static_cast<std::uint8_t>(noisy ? rng() : y * 3);
      p[2] = static_cast<std::uint8_t>(noisy ? rng() : 200);
      p[3] = opaque ? 255 : static_cast<std::uint8_t>(rng());
    }
  return image;
}

struct Encoder {
  const char* name;
  PngCompression compression;
  std::optional<ReferenceCompressor> reference;  // Fast with this compressor, not RunLengthDeflate
};
constexpr std::array<Encoder, 4> kEncoders = {{
    {"default (libpng)", PngCompression::Default, std::nullopt},
    {"fast, run-length", PngCompression::Fast, std::nullopt},
    {"fast, libdeflate", PngCompression::Fast, ReferenceCompressor::Libdeflate},
    {"fast, zlib", PngCompression::Fast, ReferenceCompressor::Zlib},
}};

bool write(const Encoder& e, const fs::path& path, const RgbaImage& image, std::string& error) {
  if (e.reference) return bench::writeReferencePng(path.string(), image, error, *e.reference);
  return writePng(path.string(), image, error, e.compression);
}

// The IHDR colour type: byte 25 of a PNG (8 signature + 8 chunk head + 9 into the data).
int colourType(const fs::path& png) {
  const std::string bytes = slurp(png);
  return bytes.size() > 25 ? static_cast<unsigned char>(bytes[25]) : -1;
}

void expectRoundTrip(const RgbaImage& image, const fs::path& dir) {
  for (const Encoder& e : kEncoders) {
    SCOPED_TRACE(std::string(e.name) + " " + std::to_string(image.width) + "x" +
                 std::to_string(image.height));
    const fs::path path = dir / "image.png";
    std::string error;
    ASSERT_TRUE(write(e, path, image, error)) << error;
    RgbaImage back;
    ASSERT_TRUE(readPng(path.string(), back, error)) << error;
    EXPECT_EQ(back.width, image.width);
    EXPECT_EQ(back.height, image.height);
    EXPECT_TRUE(back.pixels == image.pixels) << "decoded pixels differ";
  }
}

TEST(PngImage, OpaqueImagesDecodeToTheSamePixelsAtAnySize) {
  test::TempDir dir;
  const std::array<std::array<int, 2>, 8> sizes = {
      {{1, 1}, {2, 1}, {1, 3}, {3, 2}, {7, 5}, {37, 21}, {641, 3}, {320, 240}}};
  std::uint32_t seed = 1;
  for (const auto& [w, h] : sizes) expectRoundTrip(frameLike(w, h, true, seed++), dir.path());
}

TEST(PngImage, TranslucentImagesKeepTheirAlpha) {
  test::TempDir dir;
  expectRoundTrip(frameLike(1, 1, false, 7), dir.path());
  expectRoundTrip(frameLike(33, 17, false, 8), dir.path());
  // One translucent pixel, the very last one, is enough to keep the alpha channel.
  RgbaImage lastPixel = frameLike(19, 11, true, 9);
  lastPixel.at(18, 10)[3] = 254;
  expectRoundTrip(lastPixel, dir.path());
}

// The same picture stored top-down and bottom-up (as `render` hands GL's readback to the writers
// without flipping it) must give every encoder the same file.
TEST(PngImage, BottomUpStorageWritesTheSamePicture) {
  test::TempDir dir;
  for (const bool opaque : {true, false}) {
    const RgbaImage topDown = frameLike(37, 21, opaque, 11);
    RgbaImage bottomUp = topDown;
    flipVertically(bottomUp);
    bottomUp.bottomUp = true;
    EXPECT_TRUE(std::equal(topDown.at(0, 3), topDown.at(0, 3) + 37 * 4, bottomUp.row(3)));
    for (const Encoder& e : kEncoders) {
      SCOPED_TRACE(std::string(e.name) + (opaque ? " opaque" : " translucent"));
      std::string error;
      ASSERT_TRUE(write(e, dir.path() / "top.png", topDown, error)) << error;
      ASSERT_TRUE(write(e, dir.path() / "bottom.png", bottomUp, error)) << error;
      EXPECT_EQ(slurp(dir.path() / "top.png"), slurp(dir.path() / "bottom.png"));
      RgbaImage back;
      ASSERT_TRUE(readPng((dir.path() / "bottom.png").string(), back, error)) << error;
      EXPECT_FALSE(back.bottomUp);
      EXPECT_TRUE(back.pixels == topDown.pixels) << "decoded pixels differ";
    }
  }
}

TEST(PngImage, UniformAndExtremeImagesRoundTrip) {
  test::TempDir dir;
  RgbaImage black(500, 300);  // all zero, alpha 0: long runs, the smallest stream
  expectRoundTrip(black, dir.path());
  RgbaImage white(257, 129);
  std::fill(white.pixels.begin(), white.pixels.end(), std::uint8_t{255});
  expectRoundTrip(white, dir.path());
  // Every byte differing from its left neighbour by 128: the sub filter's wrap-around.
  RgbaImage stripes(64, 2);
  for (std::size_t i = 0; i < stripes.pixels.size(); ++i)
    stripes.pixels[i] = static_cast<std::uint8_t>(((i / 4) % 2) * 128 + 3);
  expectRoundTrip(stripes, dir.path());
}

// Every chunk's CRC (PNG spec 5.3: over type and data), checked with zlib's crc32 rather than a
// decoder: libpng's simplified reader stops after the image data and never looks at IEND's CRC,
// while ImageMagick and browsers refuse the file (the fast writer once wrote IEND's CRC as 0:
// libdeflate_crc32 returns 0 for a null buffer, whatever the running value).
TEST(PngImage, EveryChunkCarriesTheRightCrc) {
  test::TempDir dir;
  const RgbaImage image = frameLike(23, 9, true, 11);
  for (const Encoder& e : kEncoders) {
    SCOPED_TRACE(e.name);
    const fs::path path = dir.path() / "crc.png";
    std::string error;
    ASSERT_TRUE(write(e, path, image, error)) << error;
    const std::string bytes = slurp(path);
    const auto* b = reinterpret_cast<const unsigned char*>(bytes.data());
    const auto be32 = [&](std::size_t at) {
      return std::uint32_t{b[at]} << 24 | std::uint32_t{b[at + 1]} << 16 |
             std::uint32_t{b[at + 2]} << 8 | std::uint32_t{b[at + 3]};
    };
    std::vector<std::string> types;
    std::size_t at = 8;  // after the signature
    while (at + 12 <= bytes.size()) {
      const std::uint32_t length = be32(at);
      ASSERT_LE(at + 12 + length, bytes.size());
      types.push_back(bytes.substr(at + 4, 4));
      const auto expected = static_cast<std::uint32_t>(crc32(0, b + at + 4, length + 4));
      EXPECT_EQ(be32(at + 8 + length), expected) << "chunk " << types.back();
      at += 12 + length;
    }
    EXPECT_EQ(at, bytes.size());
    ASSERT_GE(types.size(), 3u);
    EXPECT_EQ(types.front(), "IHDR");
    EXPECT_EQ(types.back(), "IEND");
  }
}

TEST(PngImage, FastWriterDropsAlphaOnlyWhenEveryPixelIsOpaque) {
  test::TempDir dir;
  std::string error;
  RgbaImage image = frameLike(40, 30, true, 3);
  const fs::path opaque = dir.path() / "opaque.png";
  ASSERT_TRUE(writePng(opaque.string(), image, error, PngCompression::Fast)) << error;
  EXPECT_EQ(colourType(opaque), 2);  // RGB
  image.at(20, 15)[3] = 0;
  const fs::path translucent = dir.path() / "translucent.png";
  ASSERT_TRUE(writePng(translucent.string(), image, error, PngCompression::Fast)) << error;
  EXPECT_EQ(colourType(translucent), 6);  // RGBA
}

// The opacity test reads two pixels at a time and the filter four: a translucent pixel in any
// column of any narrow width (pairs, an odd width's last pixel, the first pixel) keeps alpha.
TEST(PngImage, FastWriterSeesATranslucentPixelInAnyColumn) {
  test::TempDir dir;
  for (int w = 1; w <= 9; ++w) {
    for (int x = 0; x < w; ++x) {
      SCOPED_TRACE(std::to_string(w) + " wide, column " + std::to_string(x));
      RgbaImage image = frameLike(w, 3, true, static_cast<std::uint32_t>(w * 16 + x));
      image.at(x, 2)[3] = 128;
      const fs::path path = dir.path() / "column.png";
      std::string error;
      ASSERT_TRUE(writePng(path.string(), image, error, PngCompression::Fast)) << error;
      EXPECT_EQ(colourType(path), 6);  // RGBA
      RgbaImage back;
      ASSERT_TRUE(readPng(path.string(), back, error)) << error;
      EXPECT_TRUE(back.pixels == image.pixels);
    }
  }
}

TEST(PngImage, FastWriterIsDeterministic) {
  test::TempDir dir;
  std::string error;
  const RgbaImage image = frameLike(101, 57, true, 4);
  for (const Encoder& e : kEncoders) {
    if (e.compression != PngCompression::Fast) continue;
    SCOPED_TRACE(e.name);
    ASSERT_TRUE(write(e, dir.path() / "a.png", image, error)) << error;
    ASSERT_TRUE(write(e, dir.path() / "b.png", image, error)) << error;
    EXPECT_EQ(slurp(dir.path() / "a.png"), slurp(dir.path() / "b.png"));
  }
}

TEST(PngImage, LibdeflateReferenceIsLibdeflateWhenBuiltWithIt) {
  test::TempDir dir;
  std::string error;
  const RgbaImage image = frameLike(200, 100, true, 5);
  ASSERT_TRUE(bench::writeReferencePng((dir.path() / "d.png").string(), image, error,
                                       ReferenceCompressor::Libdeflate));
  ASSERT_TRUE(bench::writeReferencePng((dir.path() / "z.png").string(), image, error,
                                       ReferenceCompressor::Zlib));
  // Two different compressors give different streams; without libdeflate both are zlib's.
  EXPECT_EQ(slurp(dir.path() / "d.png") != slurp(dir.path() / "z.png"),
            bench::referenceHasLibdeflate());
}

TEST(PngImage, UnwritablePathIsAClearErrorAndLeavesNoFile) {
  test::TempDir dir;
  const fs::path path = dir.path() / "missing-folder" / "frame.png";
  const RgbaImage image = frameLike(4, 4, true, 6);
  for (const Encoder& e : kEncoders) {
    SCOPED_TRACE(e.name);
    std::string error;
    EXPECT_FALSE(write(e, path, image, error));
    EXPECT_EQ(error, "cannot open " + path.string() + " for writing");
    EXPECT_FALSE(fs::exists(path.parent_path()));
  }
}

TEST(PngImage, FullDiskIsAWriteError) {
  // /dev/full accepts the open and fails every write with ENOSPC, like a full disk.
  ASSERT_TRUE(fs::exists("/dev/full"));
  const RgbaImage image = frameLike(64, 64, false, 7);
  for (const Encoder& e : kEncoders) {
    SCOPED_TRACE(e.name);
    std::string error;
    EXPECT_FALSE(write(e, "/dev/full", image, error));
    EXPECT_FALSE(error.empty());
    if (e.compression == PngCompression::Fast) {
      EXPECT_EQ(error, "write error on /dev/full");
    }
  }
}

TEST(PngImage, InvalidImagesAreRefusedBeforeTheFileIsCreated) {
  test::TempDir dir;
  const fs::path path = dir.path() / "bad.png";
  RgbaImage wrongSize(4, 4);
  wrongSize.pixels.pop_back();
  const RgbaImage empty;
  for (const Encoder& e : kEncoders)
    for (const RgbaImage* image : std::array<const RgbaImage*, 2>{&wrongSize, &empty}) {
      SCOPED_TRACE(e.name);
      std::string error;
      EXPECT_FALSE(write(e, path, *image, error));
      EXPECT_EQ(error, "invalid image size");
      EXPECT_FALSE(fs::exists(path));
    }
}

}  // namespace
}  // namespace phosphene::platform
