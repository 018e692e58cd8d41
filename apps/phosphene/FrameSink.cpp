#include "FrameSink.hpp"

#include <cstdio>
#include <filesystem>
#include <system_error>

namespace phosphene::cli {
namespace {

class PngDirectory final : public FrameSink {
 public:
  explicit PngDirectory(std::string dir) : dir_(std::move(dir)) {}
  bool write(const platform::RgbaImage& frame, std::int64_t index, std::string& error) override {
    // Frame sequences are intermediate files: favour speed (libpng's fast filter choice).
    return platform::writePng(dir_ + "/" + pngFrameName(index), frame, error,
                              platform::PngCompression::Fast);
  }
  bool finish(std::string&) override { return true; }
  std::string where() const override { return dir_ + "/"; }

 private:
  std::string dir_;
};

class RawStdout final : public FrameSink {
 public:
  bool write(const platform::RgbaImage& frame, std::int64_t, std::string& error) override {
    if (std::fwrite(frame.pixels.data(), 1, frame.pixels.size(), stdout) != frame.pixels.size()) {
      error = "writing to stdout failed";
      return false;
    }
    return true;
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
