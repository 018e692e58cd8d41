#pragma once
// Image similarity for golden-image tests. Both compare the RGB channels (alpha is ignored: a
// render target's alpha is whatever the blend left there and is never shown).
//
// PSNR = 10 log10(255^2 / MSE) over all RGB samples, in dB; +infinity for identical images.
// Rasterisation differences of a pixel or two along edges land around 35-45 dB; anything wrong
// in content (a missing bar, wrong colour) falls far below 30 dB.
//
// SSIM (Wang, Bovik, Sheikh, Simoncelli 2004) on luma Y = 0.299 R + 0.587 G + 0.114 B, with the
// paper's 11x11 Gaussian window (sigma 1.5), K1 = 0.01, K2 = 0.03, L = 255, averaged over every
// window position that lies fully inside the image (smaller images use one window of their
// size). 1.0 for identical images; structure changes pull it down even when PSNR stays high.

#include <cstdint>

#include "PngImage.hpp"

namespace phosphene::gltest {

using platform::RgbaImage;

/// Both images must have the same size; returns NaN otherwise.
double psnr(const RgbaImage& a, const RgbaImage& b);
double ssim(const RgbaImage& a, const RgbaImage& b);

/// A picture of where two same-size images differ: |a - b| per RGB channel, amplified 4x, on
/// black; opaque. Empty image when the sizes differ.
RgbaImage diffImage(const RgbaImage& a, const RgbaImage& b);

}  // namespace phosphene::gltest
