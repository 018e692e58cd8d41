#pragma once
// PNG files in and out for apps and tests (frames, plots, golden images). RGBA, 8 bits per
// channel, rows top to bottom.

#include <cstdint>
#include <string>
#include <vector>

namespace phosphene::platform {

struct RgbaImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  // width * height * 4, top row first

  RgbaImage() = default;
  RgbaImage(int w, int h) : width(w), height(h), pixels(static_cast<std::size_t>(w) * h * 4, 0) {}
  std::uint8_t* at(int x, int y) { return &pixels[(static_cast<std::size_t>(y) * width + x) * 4]; }
  const std::uint8_t* at(int x, int y) const {
    return &pixels[(static_cast<std::size_t>(y) * width + x) * 4];
  }
};

/// Default: libpng's best general settings (screenshots, plots, golden-test images). Fast: our
/// own writer for rendered frame sequences, about a tenth of the CPU of libpng's fast mode (640x480
/// frames; bench/README.md): RGB when every alpha is 255 (else RGBA), the "sub" filter on every
/// row, compressed by RunLengthDeflate (runs and pixel repeats, one Huffman block). Both decode to
/// exactly the input pixels and are deterministic.
enum class PngCompression { Default, Fast };

/// Writes `image` as a PNG; on failure returns false and sets `error`.
bool writePng(const std::string& path, const RgbaImage& image, std::string& error,
              PngCompression compression = PngCompression::Default);
/// Reads any PNG (palette, grey, 16-bit are converted) into RGBA8; false + `error` on failure.
bool readPng(const std::string& path, RgbaImage& image, std::string& error);

/// Flips rows in place (GL reads bottom row first).
void flipVertically(RgbaImage& image);

namespace detail {
/// The compressor of a fast PNG: RunLength is PngCompression::Fast's; libdeflate's level 1 and
/// zlib's run-length strategy are the references the tests and bench/image/png_bench compare it
/// with (Libdeflate in a build without libdeflate falls back to Zlib).
enum class Deflater { RunLength, Libdeflate, Zlib };
bool writeFastPng(const std::string& path, const RgbaImage& image, std::string& error,
                  Deflater deflater);
/// Whether this build compresses fast PNGs with libdeflate.
bool haveLibdeflate();
}  // namespace detail

}  // namespace phosphene::platform
