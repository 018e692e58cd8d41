#pragma once
// The compressors render's PNG frame writer was measured against, on that writer's own rows and
// chunks (platform::detail::writeFastPng): png_bench times them beside RunLengthDeflate and
// tests/unit/image checks that their files decode. No program ships them.

#include <string>

#include "PngImage.hpp"

namespace phosphene::bench {

/// Libdeflate: libdeflate's level 1, the fast writer's compressor until RunLengthDeflate. Zlib:
/// zlib's run-length strategy, what a build without libdeflate would have used.
enum class ReferenceCompressor { Libdeflate, Zlib };

/// Writes `image` as PngCompression::Fast does, compressed by `compressor` instead of
/// RunLengthDeflate; Libdeflate is Zlib in a build without libdeflate (PHOSPHENE_WITH_LIBDEFLATE).
/// On failure returns false and sets `error`, as writePng does.
bool writeReferencePng(const std::string& path, const platform::RgbaImage& image,
                       std::string& error, ReferenceCompressor compressor);

/// Whether ReferenceCompressor::Libdeflate is libdeflate in this build.
bool referenceHasLibdeflate();

}  // namespace phosphene::bench
