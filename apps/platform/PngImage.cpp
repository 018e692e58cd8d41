#include "PngImage.hpp"

#include <png.h>

#include <algorithm>
#include <cstdio>
#include <memory>

namespace phosphene::platform {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f) std::fclose(f);
  }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

}  // namespace

bool writePng(const std::string& path, const RgbaImage& image, std::string& error,
              PngCompression compression) {
  if (image.width <= 0 || image.height <= 0 ||
      image.pixels.size() != static_cast<std::size_t>(image.width) * image.height * 4) {
    error = "invalid image size";
    return false;
  }
  // The simplified libpng API keeps setjmp/longjmp out of our code.
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  png.width = static_cast<png_uint_32>(image.width);
  png.height = static_cast<png_uint_32>(image.height);
  png.format = PNG_FORMAT_RGBA;
  if (compression == PngCompression::Fast) png.flags |= PNG_IMAGE_FLAG_FAST;
  File f(std::fopen(path.c_str(), "wb"));
  if (!f) {
    error = "cannot open " + path + " for writing";
    return false;
  }
  if (!png_image_write_to_stdio(&png, f.get(), 0, image.pixels.data(), 0, nullptr)) {
    error = std::string("PNG write failed: ") + png.message;
    return false;
  }
  if (std::fflush(f.get()) != 0 || std::ferror(f.get())) {
    error = "write error on " + path;
    return false;
  }
  return true;
}

bool readPng(const std::string& path, RgbaImage& image, std::string& error) {
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&png, path.c_str())) {
    error = path + ": " + png.message;
    return false;
  }
  png.format = PNG_FORMAT_RGBA;
  RgbaImage out(static_cast<int>(png.width), static_cast<int>(png.height));
  if (!png_image_finish_read(&png, nullptr, out.pixels.data(), 0, nullptr)) {
    error = path + ": " + png.message;
    png_image_free(&png);
    return false;
  }
  image = std::move(out);
  return true;
}

void flipVertically(RgbaImage& image) {
  const std::size_t row = static_cast<std::size_t>(image.width) * 4;
  for (int y = 0; y < image.height / 2; ++y) {
    auto* a = image.pixels.data() + row * y;
    auto* b = image.pixels.data() + row * (image.height - 1 - y);
    std::swap_ranges(a, a + row, b);
  }
}

}  // namespace phosphene::platform
