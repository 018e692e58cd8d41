#pragma once
// Atomic replacement of a small file: the content goes to a fresh temporary file in the same
// folder, is flushed to disk (fsync), and is renamed over the target. A crash or a failed write at
// any point leaves either the old file or the new one, never a half-written mix, and no temporary
// file stays behind on failure. The folder is created when missing.

#include <filesystem>
#include <string_view>

#include "core/Diagnostic.hpp"

namespace phosphene::playlist {

/// True when `path` now holds `content`. On failure appends an IoWriteFailed diagnostic to
/// `diagnostics` (when given) and leaves any existing file at `path` as it was.
bool writeFileAtomically(const std::filesystem::path& path, std::string_view content,
                         core::Diagnostics* diagnostics = nullptr);

}  // namespace phosphene::playlist
