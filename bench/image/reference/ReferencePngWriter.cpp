#include "ReferencePngWriter.hpp"

#include <zlib.h>
#if PHOSPHENE_HAVE_LIBDEFLATE
#include <libdeflate.h>
#endif

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace phosphene::bench {
namespace {

#if PHOSPHENE_HAVE_LIBDEFLATE
// RunLengthDeflate costs 2.4-3.5x less CPU than this on 640x480 frames, for files 1-5% larger;
// levels 2-6 cost 1.4-2.7x the time of level 1 for 1-4% less again (bench/README.md).
class LibdeflateLevel1 {
 public:
  std::size_t compress(const std::uint8_t* rows, std::size_t size, std::vector<std::uint8_t>& out) {
    if (!compressor_) compressor_.reset(libdeflate_alloc_compressor(1));
    if (!compressor_) return 0;
    const std::size_t bound = libdeflate_zlib_compress_bound(compressor_.get(), size);
    if (out.size() < bound) out.resize(bound);
    return libdeflate_zlib_compress(compressor_.get(), rows, size, out.data(), out.size());
  }

 private:
  struct Free {
    void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
  };
  std::unique_ptr<libdeflate_compressor, Free> compressor_;
};
#endif

// zlib's run-length strategy (distance-1 matches only), ~1.4x faster than zlib's level 1 on
// sub-filtered frames and no larger. One stream, set up once and reset per image.
class ZlibRunLength {
 public:
  ZlibRunLength() { ok_ = deflateInit2(&z_, 1, Z_DEFLATED, 15, 8, Z_RLE) == Z_OK; }
  ~ZlibRunLength() {
    if (ok_) deflateEnd(&z_);
  }
  ZlibRunLength(const ZlibRunLength&) = delete;
  ZlibRunLength& operator=(const ZlibRunLength&) = delete;

  std::size_t compress(const std::uint8_t* rows, std::size_t size, std::vector<std::uint8_t>& out) {
    if (!ok_ || deflateReset(&z_) != Z_OK) return 0;
    z_stream* z = &z_;
    const std::size_t bound = deflateBound(z, static_cast<uLong>(size));
    if (out.size() < bound) out.resize(bound);
    // zlib counts in uInt: feed and drain at most 1 GiB per call.
    constexpr std::size_t kStep = std::size_t{1} << 30;
    std::size_t inPos = 0;
    for (;;) {
      const std::size_t inLeft = size - inPos;
      const std::size_t outLeft = out.size() - z->total_out;
      if (outLeft == 0) return 0;  // deflateBound was wrong: never loop without room
      // next_in is const only under ZLIB_CONST; deflate never writes through it.
      z->next_in = const_cast<std::uint8_t*>(rows) + inPos;
      z->avail_in = static_cast<uInt>(std::min(inLeft, kStep));
      z->next_out = out.data() + z->total_out;
      z->avail_out = static_cast<uInt>(std::min(outLeft, kStep));
      const uInt fed = z->avail_in;
      const uLong before = z->total_out;
      const int rc = deflate(z, inLeft <= kStep ? Z_FINISH : Z_NO_FLUSH);
      inPos += fed - z->avail_in;
      if (rc == Z_STREAM_END) break;
      // Z_BUF_ERROR only says this call could not progress; no progress at all would loop forever.
      if ((rc != Z_OK && rc != Z_BUF_ERROR) || (fed == z->avail_in && before == z->total_out))
        return 0;
    }
    return z->total_out;
  }

 private:
  z_stream z_{};
  bool ok_ = false;
};

}  // namespace

bool writeReferencePng(const std::string& path, const platform::RgbaImage& image,
                       std::string& error, [[maybe_unused]] ReferenceCompressor compressor) {
  // One compressor per thread, made on first use and kept, as the fast writer keeps its buffers:
  // png_bench times the compression, not setting it up.
#if PHOSPHENE_HAVE_LIBDEFLATE
  if (compressor == ReferenceCompressor::Libdeflate) {
    thread_local LibdeflateLevel1 libdeflate;
    return platform::detail::writeFastPng(
        path, image, error,
        [](const std::uint8_t* rows, std::size_t size, int, std::vector<std::uint8_t>& out) {
          return libdeflate.compress(rows, size, out);
        });
  }
#endif
  thread_local ZlibRunLength zlib;
  return platform::detail::writeFastPng(
      path, image, error,
      [](const std::uint8_t* rows, std::size_t size, int, std::vector<std::uint8_t>& out) {
        return zlib.compress(rows, size, out);
      });
}

bool referenceHasLibdeflate() {
  return PHOSPHENE_HAVE_LIBDEFLATE != 0;
}

}  // namespace phosphene::bench
