#include "PngImage.hpp"

#include <png.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif

#include "Checksums.hpp"
#include "RunLengthDeflate.hpp"

namespace phosphene::platform {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f) std::fclose(f);
  }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

bool validSize(const RgbaImage& image, std::string& error) {
  if (image.width <= 0 || image.height <= 0 ||
      image.pixels.size() != static_cast<std::size_t>(image.width) * image.height * 4) {
    error = "invalid image size";
    return false;
  }
  return true;
}

// ---- PngCompression::Fast: our own PNG writer -------------------------------------------------
// libpng's simplified API (RGBA, its fast flag) cost 20-25 ms of CPU per 640x480 frame, the
// writer below with RunLengthDeflate ~1.7 ms for smaller files (bench/README.md, png_bench). A
// PNG is a signature, an IHDR chunk, the zlib stream of the filtered rows in IDAT chunks and an
// IEND chunk (PNG spec, sections 5 and 11).

bool allOpaque(const RgbaImage& image) {
  const std::uint8_t* p = image.pixels.data();
  const std::uint8_t* end = p + image.pixels.size();
  // An AND over each row's alpha bytes, eight bytes (two pixels) at a time and no branch per
  // pixel: the common all-opaque frame costs ~0.03 ms, and a translucent image stops at the first
  // row that shows it (in storage order: the answer is the same). The mask is built from bytes,
  // so it picks the alpha bytes whatever the machine's byte order.
  constexpr std::uint8_t kAlphaBytes[8] = {0, 0, 0, 255, 0, 0, 0, 255};
  std::uint64_t alphaMask = 0;
  std::memcpy(&alphaMask, kAlphaBytes, 8);
  const std::size_t row = static_cast<std::size_t>(image.width) * 4;
  const std::size_t pairs = row / 8 * 8;
  for (; p < end; p += row) {
    std::uint64_t all = ~std::uint64_t{0};
    for (std::size_t i = 0; i < pairs; i += 8) {
      std::uint64_t v = 0;
      std::memcpy(&v, p + i, 8);
      all &= v;
    }
    std::uint8_t a = 255;
    for (std::size_t i = pairs + 3; i < row; i += 4) a &= p[i];  // an odd width's last pixel
    if ((all & alphaMask) != alphaMask || a != 255) return false;
  }
  return true;
}

// One pixel minus the pixel to its left, four bytewise differences at once (each byte wraps
// modulo 256 on its own): the high bit of every byte is set in the minuend and cleared in the
// subtrahend, so no borrow crosses a byte, and the high bits are fixed up afterwards.
std::uint32_t pixelDifference(std::uint32_t p, std::uint32_t left) {
  constexpr std::uint32_t kHigh = 0x80808080u;
  return ((p | kHigh) - (left & ~kHigh)) ^ ((p ^ ~left) & kHigh);
}

// Every row with filter type 1 ("sub": each byte minus the same channel of the pixel to its
// left). On rendered frames it gave the smallest files of none/sub/up at level 1 and costs a
// fraction of a millisecond; choosing a filter per row (what libpng does) costs more than it saves.
void subFilterRows(const RgbaImage& image, int channels, std::vector<std::uint8_t>& out) {
  const std::size_t w = static_cast<std::size_t>(image.width);
  const std::size_t stride = 1 + w * channels;
  // Every byte is written below; eight bytes of slack let the last pixels store whole words
  // (RGB: a pixel stores four bytes, a pair of pixels eight; the extra bytes are overwritten by
  // the next pixel or row).
  out.resize(stride * image.height + 8);
  for (int y = 0; y < image.height; ++y) {
    const std::uint8_t* src = image.row(y);
    std::uint8_t* dst = out.data() + stride * y;
    *dst++ = 1;  // filter type: sub
    std::size_t x = 0;
    std::uint32_t left = 0;  // a pixel left of the first one counts as 0
    if (w > 0) {
      std::memcpy(&left, src, 4);
      std::memcpy(dst, &left, 4);
      x = 1;
    }
#if defined(__SSE2__) && defined(__x86_64__)
    // Four pixels per step: one bytewise subtraction of the 16 bytes one pixel to the left.
    for (; x + 4 <= w; x += 4) {
      const __m128i cur = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + 4 * x));
      const __m128i prev = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + 4 * x - 4));
      const __m128i d = _mm_sub_epi8(cur, prev);
      if (channels == 4) {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + 4 * x), d);
        continue;
      }
      // RGB: each 8-byte half holds two pixels; dropping their alpha bytes leaves 6 bytes.
      const auto pack = [](std::uint64_t two) {
        return (two & 0xFFFFFFu) | ((two >> 8) & (std::uint64_t{0xFFFFFFu} << 24));
      };
      const std::uint64_t lo = pack(static_cast<std::uint64_t>(_mm_cvtsi128_si64(d)));
      const std::uint64_t hi =
          pack(static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(d, d))));
      std::memcpy(dst + 3 * x, &lo, 8);
      std::memcpy(dst + 3 * x + 6, &hi, 8);
    }
    if (x > 0) std::memcpy(&left, src + 4 * x - 4, 4);
#endif
    for (; x < w; ++x) {
      std::uint32_t p = 0;
      std::memcpy(&p, src + 4 * x, 4);
      const std::uint32_t d = pixelDifference(p, left);
      std::memcpy(dst + static_cast<std::size_t>(channels) * x, &d, 4);
      left = p;
    }
  }
  out.resize(stride * image.height);
}

// What one thread reuses from frame to frame. perf on `render --out DIR` showed fresh
// megabyte-sized buffers and compressor state per frame costing as much CPU as the compression
// itself: glibc returns them to the kernel on free, so every page faults again (and is zeroed) on
// the next frame. The buffers keep their size; an unusually large image's memory is released
// after its write (releaseIfHuge).
struct Scratch {
  std::vector<std::uint8_t> rows;  // filtered scanlines
  std::vector<std::uint8_t> idat;  // compressed stream; its size is the bound, not the length
  RunLengthDeflate runLength;

  void releaseIfHuge() {
    constexpr std::size_t kKeep = std::size_t{64} << 20;  // 64 MiB: a 4K frame's buffers fit
    if (rows.capacity() + idat.capacity() > kKeep) {
      std::vector<std::uint8_t>().swap(rows);
      std::vector<std::uint8_t>().swap(idat);
    }
  }
};

Scratch& threadScratch() {
  thread_local Scratch scratch;
  return scratch;
}

void putBigEndian32(std::uint8_t* p, std::uint32_t v) {
  p[0] = static_cast<std::uint8_t>(v >> 24);
  p[1] = static_cast<std::uint8_t>(v >> 16);
  p[2] = static_cast<std::uint8_t>(v >> 8);
  p[3] = static_cast<std::uint8_t>(v);
}

// One chunk: length, type, data, CRC of type and data. Returns false on a short write.
bool writeChunk(std::FILE* f, const char (&type)[5], const std::uint8_t* data, std::size_t size) {
  std::array<std::uint8_t, 8> head{};
  putBigEndian32(head.data(), static_cast<std::uint32_t>(size));
  std::memcpy(head.data() + 4, type, 4);
  std::array<std::uint8_t, 4> tail{};
  putBigEndian32(tail.data(), crc32Of(crc32Of(0, head.data() + 4, 4), data, size));
  return std::fwrite(head.data(), 1, head.size(), f) == head.size() &&
         (size == 0 || std::fwrite(data, 1, size, f) == size) &&
         std::fwrite(tail.data(), 1, tail.size(), f) == tail.size();
}

// The PNG around an already compressed stream: signature, IHDR, IDAT chunk(s), IEND.
bool writeFile(const std::string& path, const RgbaImage& image, bool opaque,
               const std::uint8_t* idat, std::size_t length, std::string& error) {
  std::array<std::uint8_t, 13> ihdr{};
  putBigEndian32(ihdr.data(), static_cast<std::uint32_t>(image.width));
  putBigEndian32(ihdr.data() + 4, static_cast<std::uint32_t>(image.height));
  ihdr[8] = 8;                         // bits per channel
  ihdr[9] = opaque ? 2 : 6;            // colour type: RGB or RGBA
  ihdr[10] = ihdr[11] = ihdr[12] = 0;  // deflate, adaptive filtering, no interlace
  static constexpr std::array<std::uint8_t, 8> kSignature = {0x89, 'P',  'N',  'G',
                                                             '\r', '\n', 0x1a, '\n'};

  File f(std::fopen(path.c_str(), "wb"));
  if (!f) {
    error = "cannot open " + path + " for writing";
    return false;
  }
  bool written =
      std::fwrite(kSignature.data(), 1, kSignature.size(), f.get()) == kSignature.size() &&
      writeChunk(f.get(), "IHDR", ihdr.data(), ihdr.size());
  // A chunk holds at most 2^31 - 1 bytes (PNG spec 5.3); decoders concatenate IDAT chunks.
  constexpr std::size_t kMaxChunk = std::size_t{1} << 30;
  for (std::size_t at = 0; written && at < length; at += kMaxChunk)
    written = writeChunk(f.get(), "IDAT", idat + at, std::min(kMaxChunk, length - at));
  written = written && writeChunk(f.get(), "IEND", nullptr, 0);
  if (!written || std::fflush(f.get()) != 0 || std::ferror(f.get())) {
    error = "write error on " + path;
    return false;
  }
  return true;
}

// The fast writer: PngCompression::Fast with `compress` null (RunLengthDeflate), or the compressor
// that detail::writeFastPng was given.
bool writeFast(const std::string& path, const RgbaImage& image, std::string& error,
               const detail::RowCompressor* compress) {
  if (!validSize(image, error)) return false;
  // Dropping alpha when it is 255 everywhere (every rendered frame: the engine draws opaque)
  // compresses a quarter fewer bytes and decodes to the same RGBA.
  const bool opaque = allOpaque(image);
  const int channels = opaque ? 3 : 4;
  Scratch& scratch = threadScratch();
  subFilterRows(image, channels, scratch.rows);
  const std::size_t length =
      compress ? (*compress)(scratch.rows.data(), scratch.rows.size(), channels, scratch.idat)
               : scratch.runLength.compress(scratch.rows.data(), scratch.rows.size(), channels,
                                            scratch.idat);
  if (length == 0) {
    error = "PNG compression failed for " + path;
    scratch.releaseIfHuge();
    return false;
  }
  const bool ok = writeFile(path, image, opaque, scratch.idat.data(), length, error);
  scratch.releaseIfHuge();
  return ok;
}

}  // namespace

namespace detail {

bool writeFastPng(const std::string& path, const RgbaImage& image, std::string& error,
                  const RowCompressor& compress) {
  return writeFast(path, image, error, &compress);
}

}  // namespace detail

bool writePng(const std::string& path, const RgbaImage& image, std::string& error,
              PngCompression compression) {
  if (compression == PngCompression::Fast) return writeFast(path, image, error, nullptr);
  if (!validSize(image, error)) return false;
  // The simplified libpng API keeps setjmp/longjmp out of our code.
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  png.width = static_cast<png_uint_32>(image.width);
  png.height = static_cast<png_uint_32>(image.height);
  png.format = PNG_FORMAT_RGBA;
  File f(std::fopen(path.c_str(), "wb"));
  if (!f) {
    error = "cannot open " + path + " for writing";
    return false;
  }
  // A negative stride tells libpng the rows are stored bottom row first.
  const auto stride = static_cast<png_int_32>(image.width) * 4;
  if (!png_image_write_to_stdio(&png, f.get(), 0, image.pixels.data(),
                                image.bottomUp ? -stride : stride, nullptr)) {
    error = std::string("PNG write failed: ") + png.message;
    return false;
  }
  if (std::fflush(f.get()) != 0 || std::ferror(f.get())) {
    error = "write error on " + path;
    return false;
  }
  return true;
}

bool readPng(const std::string& path, RgbaImage& image, std::string& error) {
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&png, path.c_str())) {
    error = path + ": " + png.message;
    return false;
  }
  png.format = PNG_FORMAT_RGBA;
  RgbaImage out(static_cast<int>(png.width), static_cast<int>(png.height));
  if (!png_image_finish_read(&png, nullptr, out.pixels.data(), 0, nullptr)) {
    error = path + ": " + png.message;
    png_image_free(&png);
    return false;
  }
  image = std::move(out);
  return true;
}

void flipVertically(RgbaImage& image) {
  const std::size_t row = static_cast<std::size_t>(image.width) * 4;
  for (int y = 0; y < image.height / 2; ++y) {
    auto* a = image.pixels.data() + row * y;
    auto* b = image.pixels.data() + row * (image.height - 1 - y);
    std::swap_ranges(a, a + row, b);
  }
}

}  // namespace phosphene::platform
