#include "ConfigFileIo.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>
#include <utility>

#include "core/Diagnostic.hpp"
#include "playlist/AtomicFile.hpp"

namespace phosphene::play::detail {

ConfigIssue fileIssue(const std::filesystem::path& path, std::string message) {
  ConfigIssue issue;
  issue.file = path.string();
  issue.severity = IssueSeverity::Error;
  issue.message = std::move(message);
  return issue;
}

FileState examineFile(const std::filesystem::path& path, std::vector<ConfigIssue>& issues) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (status.type() == std::filesystem::file_type::not_found) return FileState::Missing;
  if (ec) {
    issues.push_back(fileIssue(path, "cannot examine the file: " + ec.message()));
    return FileState::Unusable;
  }
  if (status.type() != std::filesystem::file_type::regular) {
    issues.push_back(fileIssue(path, status.type() == std::filesystem::file_type::directory
                                         ? "is a folder, not a file"
                                         : "is not a regular file"));
    return FileState::Unusable;
  }
  return FileState::Present;
}

std::optional<std::string> readTextFile(const std::filesystem::path& path,
                                        std::vector<ConfigIssue>& issues) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    // errno is what the failed open left; ifstream does not say more.
    issues.push_back(fileIssue(path, std::string("cannot open: ") + std::strerror(errno)));
    return std::nullopt;
  }
  std::string text;
  char buffer[16384];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxConfigFileBytes) {
      issues.push_back(fileIssue(path, "larger than " + std::to_string(kMaxConfigFileBytes) +
                                           " bytes; not a configuration file"));
      return std::nullopt;
    }
  }
  if (in.bad()) {
    issues.push_back(fileIssue(path, "read error"));
    return std::nullopt;
  }
  return text;
}

bool writeTextFileAtomically(const std::filesystem::path& path, std::string_view content,
                             std::vector<ConfigIssue>& issues) {
  core::Diagnostics diagnostics;
  if (playlist::writeFileAtomically(path, content, &diagnostics)) return true;
  // The diagnostic names the path again ("cannot write PATH: why"); the issue already has it.
  std::string message = diagnostics.empty() ? "cannot write" : diagnostics.front().message;
  const std::string prefix = "cannot write " + path.string() + ": ";
  if (message.compare(0, prefix.size(), prefix) == 0)
    message = "cannot write: " + message.substr(prefix.size());
  issues.push_back(fileIssue(path, std::move(message)));
  return false;
}

}  // namespace phosphene::play::detail
