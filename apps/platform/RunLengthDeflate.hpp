#pragma once
// A deflate compressor for filtered image rows: with it the whole PNG frame writer costs 2.4-3.5x
// less CPU than with libdeflate's level 1, for files 1-5% larger (640x480 frames; bench/README.md,
// png_bench). It looks for one thing only: the bytes ahead repeating the byte before them
// (distance 1) or the pixel before them (distance = bytes per pixel). After PNG's "sub" filter,
// flat areas become runs of zeros and linear gradients runs of one pixel; everything else is a
// literal. One dynamic Huffman block codes each 128 KiB (RFC 1951 section 3.2.7), wrapped as a
// zlib stream (RFC 1950), so every PNG decoder reads it.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace phosphene::platform {

class RunLengthDeflate {
 public:
  /// The zlib stream of `data` into `out` (grown as needed, never shrunk; its size is a bound,
  /// not the length). `period` is the second match distance: 3 for RGB rows, 4 for RGBA.
  /// Returns the stream's length in bytes.
  std::size_t compress(const std::uint8_t* data, std::size_t size, int period,
                       std::vector<std::uint8_t>& out);

 private:
  std::vector<std::uint16_t> tokens_;  // reused between images: see PngImage's Scratch
};

}  // namespace phosphene::platform
