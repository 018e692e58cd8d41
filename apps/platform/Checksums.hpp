#pragma once
// The two checksums a PNG file carries: CRC-32 per chunk (PNG spec 5.3) and Adler-32 at the end
// of the zlib stream (RFC 1950). libdeflate's SIMD code where the build has it (~0.4 ms less per
// 640x480 frame), zlib's otherwise; both give the same values.

#include <cstddef>
#include <cstdint>

namespace phosphene::platform {

/// CRC-32 of `data` continued from `running` (0 to start). An empty range returns `running`.
std::uint32_t crc32Of(std::uint32_t running, const std::uint8_t* data, std::size_t size);

/// Adler-32 of `data` (the value of a whole zlib stream's input).
std::uint32_t adler32Of(const std::uint8_t* data, std::size_t size);

/// Whether this build computes them with libdeflate (PHOSPHENE_WITH_LIBDEFLATE).
bool checksumsUseLibdeflate();

}  // namespace phosphene::platform
