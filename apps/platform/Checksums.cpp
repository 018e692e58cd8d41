#include "Checksums.hpp"

#include <zlib.h>
#if PHOSPHENE_HAVE_LIBDEFLATE
#include <libdeflate.h>
#endif

#include <algorithm>

namespace phosphene::platform {
namespace {

// zlib counts in uInt: feed it at most 1 GiB per call.
template <typename Step>
std::uint32_t inZlibSteps(uLong running, const std::uint8_t* data, std::size_t size, Step step) {
  for (std::size_t done = 0; done < size;) {
    const uInt n = static_cast<uInt>(std::min<std::size_t>(size - done, std::size_t{1} << 30));
    running = step(running, data + done, n);
    done += n;
  }
  return static_cast<std::uint32_t>(running);
}

}  // namespace

std::uint32_t crc32Of(std::uint32_t running, const std::uint8_t* data, std::size_t size) {
  // Both libraries return their initial value (0) for a null buffer whatever `running` is, and an
  // empty chunk (IEND) has none: a CRC of 0 there once made every PNG frame unreadable.
  if (size == 0) return running;
#if PHOSPHENE_HAVE_LIBDEFLATE
  return libdeflate_crc32(running, data, size);
#else
  return inZlibSteps(running, data, size,
                     [](uLong r, const Bytef* d, uInt n) { return crc32(r, d, n); });
#endif
}

std::uint32_t adler32Of(const std::uint8_t* data, std::size_t size) {
#if PHOSPHENE_HAVE_LIBDEFLATE
  return libdeflate_adler32(1, data, size);
#else
  return inZlibSteps(1, data, size,
                     [](uLong r, const Bytef* d, uInt n) { return adler32(r, d, n); });
#endif
}

bool checksumsUseLibdeflate() {
  return PHOSPHENE_HAVE_LIBDEFLATE != 0;
}

}  // namespace phosphene::platform
