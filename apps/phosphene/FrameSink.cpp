#include "FrameSink.hpp"

#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <vector>

namespace phosphene::cli {
namespace {

// Each frame is encoded into "<name>.part" and renamed when published, so the directory never
// holds a half-written frame_*.png (a failed or interrupted run leaves complete frames only), and
// frames appear in order although several are encoded at once.
class PngDirectory final : public FrameSink {
 public:
  explicit PngDirectory(std::string dir) : dir_(std::move(dir)) {}
  bool write(const platform::RgbaImage& frame, std::int64_t index, std::string& error) override {
    // Frame sequences are intermediate files: favour speed (our fast writer, PngImage.hpp).
    if (platform::writePng(partPath(index), frame, error, platform::PngCompression::Fast))
      return true;
    // The user asked for frame_*.png; the temporary name is ours, so messages name the frame.
    const std::string part = partPath(index);
    if (const auto at = error.find(part); at != std::string::npos)
      error.replace(at, part.size(), finalPath(index));
    return false;
  }
  int concurrency() const override { return 64; }  // frames are independent files
  bool publish(std::int64_t index, std::string& error) override {
    std::error_code ec;
    std::filesystem::rename(partPath(index), finalPath(index), ec);
    if (!ec) return true;
    error = "cannot write " + finalPath(index) + ": " + ec.message();
    return false;
  }
  void discard(std::int64_t index) override {
    std::error_code ec;
    std::filesystem::remove(partPath(index), ec);  // nothing to do if it was never created
  }
  bool finish(std::string&) override { return true; }
  std::string where() const override { return dir_ + "/"; }

 private:
  std::string finalPath(std::int64_t index) const { return dir_ + "/" + pngFrameName(index); }
  std::string partPath(std::int64_t index) const { return finalPath(index) + ".part"; }
  std::string dir_;
};

class RawStdout final : public FrameSink {
 public:
  bool write(const platform::RgbaImage& frame, std::int64_t, std::string& error) override {
    if (writeTopDown(STDOUT_FILENO, frame)) return true;
    error = "writing to stdout failed (" + std::string(std::strerror(errno)) + ")";
    return false;
  }
  bool finish(std::string& error) override {
    if (std::fflush(stdout) != 0) {
      error = "writing to stdout failed";
      return false;
    }
    return true;
  }
  std::string where() const override { return "stdout (raw RGBA)"; }
};

}  // namespace

bool writeTopDown(int fd, const platform::RgbaImage& frame) {
  const std::size_t rowBytes = static_cast<std::size_t>(frame.width) * 4;
  std::vector<iovec> rows(static_cast<std::size_t>(std::max(frame.height, 0)));
  for (int y = 0; y < frame.height; ++y)
    rows[static_cast<std::size_t>(y)] = {const_cast<std::uint8_t*>(frame.row(y)), rowBytes};
  std::size_t next = 0;  // the first row not completely written
  while (next < rows.size()) {
    const int count = static_cast<int>(std::min<std::size_t>(rows.size() - next, IOV_MAX));
    ssize_t n = ::writev(fd, rows.data() + next, count);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      return false;
    }
    // Skip what went out: whole rows, then the written part of a partly written row.
    while (n > 0) {
      iovec& row = rows[next];
      const std::size_t done = std::min(row.iov_len, static_cast<std::size_t>(n));
      row.iov_base = static_cast<std::uint8_t*>(row.iov_base) + done;
      row.iov_len -= done;
      n -= static_cast<ssize_t>(done);
      if (row.iov_len == 0) ++next;
    }
  }
  return true;
}

std::string pngFrameName(std::int64_t index) {
  char name[32];
  std::snprintf(name, sizeof name, "frame_%06lld.png", static_cast<long long>(index + 1));
  return name;
}

std::unique_ptr<FrameSink> openPngDirectory(const std::string& dir, std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir)) {
    error = "cannot create output directory " + dir + (ec ? ": " + ec.message() : "");
    return nullptr;
  }
  return std::make_unique<PngDirectory>(dir);
}

std::unique_ptr<FrameSink> openRawStdout() {
  return std::make_unique<RawStdout>();
}

}  // namespace phosphene::cli
