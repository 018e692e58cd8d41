#include "playlist/AtomicFile.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <system_error>

#ifdef _WIN32
#include <fstream>
#else
#include <fcntl.h>
#include <unistd.h>
#endif

namespace phosphene::playlist {
namespace {

namespace fs = std::filesystem;

bool fail(core::Diagnostics* diagnostics, const fs::path& path, const std::string& why) {
  if (diagnostics != nullptr) {
    diagnostics->push_back(core::makeDiagnostic(core::DiagnosticId::IoWriteFailed,
                                                "cannot write " + path.string() + ": " + why));
  }
  return false;
}

// A name no other writer uses at the same moment: our pid, the clock and the attempt number. The
// leading dot keeps it out of ordinary listings; O_EXCL below still refuses any collision.
fs::path temporaryName(const fs::path& target, unsigned attempt) {
  const auto ticks = std::chrono::steady_clock::now().time_since_epoch().count();
#ifdef _WIN32
  const long pid = 0;
#else
  const long pid = static_cast<long>(::getpid());
#endif
  return target.parent_path() / ("." + target.filename().string() + ".tmp." + std::to_string(pid) +
                                 "." + std::to_string(ticks) + "." + std::to_string(attempt));
}

#ifndef _WIN32
bool writeAll(int fd, std::string_view content) {
  while (!content.empty()) {
    const ssize_t n = ::write(fd, content.data(), content.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    content.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// Makes the rename itself durable; best effort, since some file systems refuse fsync on folders.
void syncFolder(const fs::path& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  (void)::fsync(fd);
  (void)::close(fd);
}
#endif

}  // namespace

bool writeFileAtomically(const fs::path& path, std::string_view content,
                         core::Diagnostics* diagnostics) {
  const fs::path target = path.has_parent_path() ? path : fs::path(".") / path;
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  if (ec) return fail(diagnostics, path, "cannot create folder: " + ec.message());

#ifdef _WIN32
  // No fsync in the standard library; the rename still keeps readers from seeing a partial file.
  const fs::path temp = temporaryName(target, 0);
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    if (!out) {
      out.close();
      fs::remove(temp, ec);
      return fail(diagnostics, path, "write failed");
    }
  }
#else
  fs::path temp;
  int fd = -1;
  for (unsigned attempt = 0; attempt < 16 && fd < 0; ++attempt) {
    temp = temporaryName(target, attempt);
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0)
    return fail(diagnostics, path,
                std::string("cannot create temporary file: ") + std::strerror(errno));
  // The data must be on disk before the rename publishes it, or a crash could leave an empty file.
  int err = writeAll(fd, content) ? 0 : errno;
  if (err == 0 && ::fsync(fd) != 0) err = errno;
  if (::close(fd) != 0 && err == 0) err = errno;
  if (err != 0) {
    ::unlink(temp.c_str());
    return fail(diagnostics, path, std::string("write failed: ") + std::strerror(err));
  }
#endif

  fs::rename(temp, target, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temp, ignored);
    return fail(diagnostics, path, "cannot replace the file: " + ec.message());
  }
#ifndef _WIN32
  syncFolder(target.parent_path());
#endif
  return true;
}

}  // namespace phosphene::playlist
