#pragma once
// PNG files in and out for apps and tests (frames, plots, golden images). RGBA, 8 bits per
// channel; rows top to bottom in the file, in memory either way (RgbaImage::bottomUp).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace phosphene::platform {

struct RgbaImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  // width * height * 4, top row first unless bottomUp
  // Rows stored bottom row first, as glReadPixels returns them: rendered frames keep GL's order
  // and every writer (PNG, raw, video) reads them top-down through row(), so no copy flips them.
  bool bottomUp = false;

  RgbaImage() = default;
  RgbaImage(int w, int h) : width(w), height(h), pixels(static_cast<std::size_t>(w) * h * 4, 0) {}
  /// Row y counted from the top of the picture, whatever the storage order.
  std::uint8_t* row(int y) { return pixels.data() + rowOffset(y); }
  const std::uint8_t* row(int y) const { return pixels.data() + rowOffset(y); }
  std::uint8_t* at(int x, int y) { return row(y) + static_cast<std::size_t>(x) * 4; }
  const std::uint8_t* at(int x, int y) const { return row(y) + static_cast<std::size_t>(x) * 4; }

 private:
  std::size_t rowOffset(int y) const {
    return static_cast<std::size_t>(bottomUp ? height - 1 - y : y) * width * 4;
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

/// Reverses the order of the rows in `pixels` (GL reads bottom row first); bottomUp is left as it
/// is. Frames that only go to the writers need no flip: set bottomUp instead.
void flipVertically(RgbaImage& image);

namespace detail {
/// A fast PNG's compressor: the zlib stream (RFC 1950) of the `size` filtered bytes at `rows` into
/// `out` (grown as needed, never shrunk; its size is a bound, not the length), `period` being the
/// bytes per pixel (3 for RGB, 4 for RGBA). Returns the stream's length, 0 on failure.
using RowCompressor = std::function<std::size_t(const std::uint8_t* rows, std::size_t size,
                                                int period, std::vector<std::uint8_t>& out)>;
/// PngCompression::Fast's writer with `compress` in place of RunLengthDeflate: the seam through
/// which bench/image/reference puts the compressors it was chosen against (libdeflate, zlib) on
/// the very same rows and chunks, for png_bench and the tests.
bool writeFastPng(const std::string& path, const RgbaImage& image, std::string& error,
                  const RowCompressor& compress);
}  // namespace detail

}  // namespace phosphene::platform
