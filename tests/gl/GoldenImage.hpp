#pragma once
// Golden-image comparison for GL tests.
//
// A test renders into an FBO, reads it back (readFramebuffer) and calls expectMatchesGolden(name,
// image, tolerance). The stored image is tests/gl/golden/<name>.png in the source tree. The test
// passes when PSNR >= tolerance.minPsnr AND SSIM >= tolerance.minSsim (ImageMetrics.hpp). On a
// mismatch (or a missing golden) it writes <name>.actual.png and <name>.diff.png under
// <build>/tests/gl/golden-out/ and prints both paths with the measured PSNR/SSIM.
//
// Approving images (after looking at the .actual.png!): run the GL tests with
// PHOSPHENE_APPROVE_GOLDENS=1, e.g.
//     PHOSPHENE_APPROVE_GOLDENS=1 ctest --test-dir build -R gl_
// or scripts/approve-goldens.sh [build dir] [ctest -R regex], which does the same. Every
// compared image is then written to tests/gl/golden/ and the comparison passes. Review the new
// PNGs in the diff before committing them. See tests/gl/README.md.

#include <string>

#include "PngImage.hpp"
#include "gl/Framebuffer.hpp"

namespace phosphene::gltest {

struct GoldenTolerance {
  double minPsnr = 40.0;  // dB
  double minSsim = 0.98;
};

struct GoldenResult {
  bool passed = false;
  bool approved = false;  // written as the new golden (approval mode)
  double psnr = 0;
  double ssim = 0;
  std::string message;  // what happened, with paths; empty when it simply matched
};

/// Reads `fb` back as a top-row-first RGBA image.
platform::RgbaImage readFramebuffer(const gl::Framebuffer& fb);

/// Compares (or, under PHOSPHENE_APPROVE_GOLDENS=1, approves) as described above.
GoldenResult compareWithGolden(const std::string& name, const platform::RgbaImage& actual,
                               const GoldenTolerance& tolerance);

/// Where stored goldens and mismatch outputs live.
std::string goldenDir();
std::string goldenOutputDir();

}  // namespace phosphene::gltest
