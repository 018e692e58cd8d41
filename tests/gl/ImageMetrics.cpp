#include "ImageMetrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace phosphene::gltest {
namespace {

bool sameSize(const RgbaImage& a, const RgbaImage& b) {
  return a.width == b.width && a.height == b.height && a.width > 0 && a.height > 0 &&
         a.pixels.size() == b.pixels.size();
}

std::vector<double> luma(const RgbaImage& img) {
  std::vector<double> y(static_cast<std::size_t>(img.width) * img.height);
  for (std::size_t i = 0; i < y.size(); ++i) {
    const auto* p = &img.pixels[i * 4];
    y[i] = 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
  }
  return y;
}

// Separable weighted sum over a window of `k` taps, keeping only the positions where the window
// fits ("valid" convolution). Output is (w - k + 1) x (h - k + 1).
std::vector<double> filterValid(const std::vector<double>& in, int w, int h,
                                const std::vector<double>& kx, const std::vector<double>& ky) {
  const int kw = static_cast<int>(kx.size()), kh = static_cast<int>(ky.size());
  const int ow = w - kw + 1, oh = h - kh + 1;
  std::vector<double> rows(static_cast<std::size_t>(ow) * h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < ow; ++x) {
      double s = 0;
      for (int i = 0; i < kw; ++i) s += kx[i] * in[static_cast<std::size_t>(y) * w + x + i];
      rows[static_cast<std::size_t>(y) * ow + x] = s;
    }
  std::vector<double> out(static_cast<std::size_t>(ow) * oh);
  for (int y = 0; y < oh; ++y)
    for (int x = 0; x < ow; ++x) {
      double s = 0;
      for (int i = 0; i < kh; ++i) s += ky[i] * rows[static_cast<std::size_t>(y + i) * ow + x];
      out[static_cast<std::size_t>(y) * ow + x] = s;
    }
  return out;
}

std::vector<double> gaussian(int taps, double sigma) {
  std::vector<double> k(static_cast<std::size_t>(taps));
  double sum = 0;
  for (int i = 0; i < taps; ++i) {
    const double d = i - (taps - 1) / 2.0;
    k[i] = std::exp(-d * d / (2 * sigma * sigma));
    sum += k[i];
  }
  for (auto& v : k) v /= sum;
  return k;
}

}  // namespace

double psnr(const RgbaImage& a, const RgbaImage& b) {
  if (!sameSize(a, b)) return std::numeric_limits<double>::quiet_NaN();
  double sum = 0;
  std::size_t n = 0;
  for (std::size_t i = 0; i < a.pixels.size(); i += 4)
    for (int c = 0; c < 3; ++c) {
      const double d = double(a.pixels[i + c]) - double(b.pixels[i + c]);
      sum += d * d;
      ++n;
    }
  if (sum == 0) return std::numeric_limits<double>::infinity();
  return 10.0 * std::log10(255.0 * 255.0 / (sum / static_cast<double>(n)));
}

double ssim(const RgbaImage& a, const RgbaImage& b) {
  if (!sameSize(a, b)) return std::numeric_limits<double>::quiet_NaN();
  const int w = a.width, h = a.height;
  const auto kx = gaussian(std::min(11, w), 1.5);
  const auto ky = gaussian(std::min(11, h), 1.5);
  const auto x = luma(a), y = luma(b);
  std::vector<double> xx(x.size()), yy(x.size()), xy(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    xx[i] = x[i] * x[i];
    yy[i] = y[i] * y[i];
    xy[i] = x[i] * y[i];
  }
  const auto mx = filterValid(x, w, h, kx, ky), my = filterValid(y, w, h, kx, ky);
  const auto sxx = filterValid(xx, w, h, kx, ky), syy = filterValid(yy, w, h, kx, ky);
  const auto sxy = filterValid(xy, w, h, kx, ky);
  const double c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255);
  double total = 0;
  for (std::size_t i = 0; i < mx.size(); ++i) {
    const double vx = sxx[i] - mx[i] * mx[i], vy = syy[i] - my[i] * my[i];
    const double cxy = sxy[i] - mx[i] * my[i];
    total += ((2 * mx[i] * my[i] + c1) * (2 * cxy + c2)) /
             ((mx[i] * mx[i] + my[i] * my[i] + c1) * (vx + vy + c2));
  }
  return total / static_cast<double>(mx.size());
}

RgbaImage diffImage(const RgbaImage& a, const RgbaImage& b) {
  if (!sameSize(a, b)) return {};
  RgbaImage out(a.width, a.height);
  for (std::size_t i = 0; i < a.pixels.size(); i += 4) {
    for (int c = 0; c < 3; ++c) {
      const int d = std::abs(int(a.pixels[i + c]) - int(b.pixels[i + c]));
      out.pixels[i + c] = static_cast<std::uint8_t>(std::min(255, d * 4));
    }
    out.pixels[i + 3] = 255;
  }
  return out;
}

}  // namespace phosphene::gltest
