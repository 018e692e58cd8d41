#pragma once
// Private to the config library: reading and atomically replacing the small text files it owns,
// with every IO failure turned into a ConfigIssue instead of an exception.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "PlayerConfig.hpp"

namespace phosphene::play::detail {

/// Larger files are refused: a config this big is a mistake (a wrong path), and reading it whole
/// would only waste memory.
inline constexpr std::size_t kMaxConfigFileBytes = 1 << 20;

enum class FileState { Missing, Present, Unusable };

/// Missing when nothing is at `path`; Unusable (with an issue) when something is there that is not
/// a regular file or cannot be examined.
FileState examineFile(const std::filesystem::path& path, std::vector<ConfigIssue>& issues);

/// The whole file, or nullopt with an issue.
std::optional<std::string> readTextFile(const std::filesystem::path& path,
                                        std::vector<ConfigIssue>& issues);

/// Atomic replace (temporary file + rename), creating the folders. False with an issue on failure.
bool writeTextFileAtomically(const std::filesystem::path& path, std::string_view content,
                             std::vector<ConfigIssue>& issues);

ConfigIssue fileIssue(const std::filesystem::path& path, std::string message);

}  // namespace phosphene::play::detail
