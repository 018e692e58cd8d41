#include "GoldenImage.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>

#include <unistd.h>

#include "ImageMetrics.hpp"

namespace phosphene::gltest {
namespace {

bool approving() {
  const char* v = std::getenv("PHOSPHENE_APPROVE_GOLDENS");
  return v && *v && std::strcmp(v, "0") != 0;
}

std::string fmt(double v) {
  if (std::isinf(v)) return "inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  return buf;
}

}  // namespace

std::string goldenDir() {
  return std::string(PHOSPHENE_SOURCE_DIR) + "/tests/gl/golden";
}
std::string goldenOutputDir() {
  return std::string(PHOSPHENE_BINARY_DIR) + "/tests/gl/golden-out";
}

platform::RgbaImage readFramebuffer(const gl::Framebuffer& fb) {
  platform::RgbaImage image(fb.width(), fb.height());
  fb.readRgba8(image.pixels);
  platform::flipVertically(image);
  return image;
}

GoldenResult compareWithGolden(const std::string& name, const platform::RgbaImage& actual,
                               const GoldenTolerance& tolerance) {
  GoldenResult r;
  const std::string goldenPath = goldenDir() + "/" + name + ".png";
  std::string error;
  if (approving()) {
    std::filesystem::create_directories(goldenDir());
    // Write-then-rename: the GL 3.3 and ES variants of a test approve the same golden, possibly
    // at the same time under `ctest -j`; a reader never sees a half-written file.
    const std::string temp = goldenPath + ".tmp" + std::to_string(::getpid());
    std::error_code ec;
    if (!platform::writePng(temp, actual, error) ||
        (std::filesystem::rename(temp, goldenPath, ec), ec)) {
      std::filesystem::remove(temp, ec);
      r.message = "approving " + goldenPath + " failed: " + (error.empty() ? ec.message() : error);
      return r;
    }
    r.passed = r.approved = true;
    r.psnr = std::numeric_limits<double>::infinity();
    r.ssim = 1.0;
    r.message = "approved " + goldenPath;
    return r;
  }

  platform::RgbaImage golden;
  const bool haveGolden = platform::readPng(goldenPath, golden, error);
  if (haveGolden) {
    if (golden.width != actual.width || golden.height != actual.height) {
      error = "size differs: golden " + std::to_string(golden.width) + "x" +
              std::to_string(golden.height) + ", actual " + std::to_string(actual.width) + "x" +
              std::to_string(actual.height);
    } else {
      r.psnr = psnr(golden, actual);
      r.ssim = ssim(golden, actual);
      r.passed = r.psnr >= tolerance.minPsnr && r.ssim >= tolerance.minSsim;
      if (r.passed) return r;
      error = "PSNR " + fmt(r.psnr) + " dB (need >= " + fmt(tolerance.minPsnr) + "), SSIM " +
              fmt(r.ssim) + " (need >= " + fmt(tolerance.minSsim) + ")";
    }
  }

  std::filesystem::create_directories(goldenOutputDir());
  const std::string actualPath = goldenOutputDir() + "/" + name + ".actual.png";
  const std::string diffPath = goldenOutputDir() + "/" + name + ".diff.png";
  std::string writeError;
  platform::writePng(actualPath, actual, writeError);
  r.message = "golden '" + name + "' mismatch: " + error + "\n  actual: " + actualPath;
  if (haveGolden && golden.width == actual.width && golden.height == actual.height) {
    platform::writePng(diffPath, diffImage(golden, actual), writeError);
    r.message += "\n  diff:   " + diffPath;
  }
  r.message += "\n  golden: " + goldenPath +
               "\n  approve (after looking at the actual image): PHOSPHENE_APPROVE_GOLDENS=1 "
               "ctest -R gl_  (or scripts/approve-goldens.sh)";
  return r;
}

}  // namespace phosphene::gltest
