// projectm_write_debug_image_on_next_frame as projectM documents it: after the next frame, the
// "main texture" (the canvas the next frame warps, before the composite) is written as a .bmp,
// to the file given or to frame_texture_contents-YYYY-mm-dd-HH:MM:SS-<frame>.bmp in the current
// directory. The pixels come from phosphene_engine_read_canvas; the file is a 24-bit BMP.
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "Instance.hpp"
#include "LogDispatch.hpp"

namespace phosphene::projectm4 {
namespace {

void put16(std::vector<uint8_t>& out, uint32_t v) {
  out.push_back(static_cast<uint8_t>(v));
  out.push_back(static_cast<uint8_t>(v >> 8));
}

void put32(std::vector<uint8_t>& out, uint32_t v) {
  put16(out, v & 0xffffu);
  put16(out, v >> 16);
}

// A BITMAPINFOHEADER BMP, 24 bits, rows bottom first, each padded to 4 bytes.
std::vector<uint8_t> encode_bmp(const std::vector<uint8_t>& rgba_top_first, int width, int height) {
  const uint32_t row = (static_cast<uint32_t>(width) * 3 + 3) & ~3u;
  const uint32_t image = row * static_cast<uint32_t>(height);
  std::vector<uint8_t> out;
  out.reserve(54 + image);
  out.push_back('B');
  out.push_back('M');
  put32(out, 54 + image);
  put32(out, 0);
  put32(out, 54);
  put32(out, 40);
  put32(out, static_cast<uint32_t>(width));
  put32(out, static_cast<uint32_t>(height));
  put16(out, 1);
  put16(out, 24);
  put32(out, 0);  // BI_RGB
  put32(out, image);
  put32(out, 2835);  // 72 dpi
  put32(out, 2835);
  put32(out, 0);
  put32(out, 0);
  for (int y = height - 1; y >= 0; --y) {
    const uint8_t* px = rgba_top_first.data() + static_cast<size_t>(y) * width * 4;
    for (int x = 0; x < width; ++x, px += 4) {
      out.push_back(px[2]);
      out.push_back(px[1]);
      out.push_back(px[0]);
    }
    for (uint32_t pad = static_cast<uint32_t>(width) * 3; pad < row; ++pad) out.push_back(0);
  }
  return out;
}

std::string default_name(uint64_t frame) {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d-%H:%M:%S", &local);
  return std::string("frame_texture_contents-") + stamp + "-" + std::to_string(frame) + ".bmp";
}

struct FileCloser {
  void operator()(std::FILE* file) const noexcept { std::fclose(file); }
};

}  // namespace

void Instance::request_debug_image(const char* file) {
  debug_image_pending_ = true;
  debug_image_file_ = file != nullptr ? file : "";
}

void Instance::write_debug_image() {
  debug_image_pending_ = false;
  int width = 0, height = 0;
  std::vector<uint8_t> pixels;
  if (phosphene_engine_read_canvas(engine(), nullptr, 0, &width, &height) == PHOSPHENE_OK &&
      width > 0 && height > 0) {
    pixels.resize(static_cast<size_t>(width) * static_cast<size_t>(height) * 4);
    if (phosphene_engine_read_canvas(engine(), pixels.data(), pixels.size(), &width, &height) !=
        PHOSPHENE_OK) {
      pixels.clear();
    }
  }
  if (pixels.empty()) {
    write_log(PROJECTM_LOG_LEVEL_ERROR, "debug image: the canvas could not be read");
    return;
  }
  const std::string file =
      debug_image_file_.empty() ? default_name(frames_drawn_) : debug_image_file_;
  const std::vector<uint8_t> bmp = encode_bmp(pixels, width, height);
  std::unique_ptr<std::FILE, FileCloser> out(std::fopen(file.c_str(), "wb"));
  bool written = out != nullptr && std::fwrite(bmp.data(), 1, bmp.size(), out.get()) == bmp.size();
  written = out != nullptr && std::fclose(out.release()) == 0 && written;
  write_log(written ? PROJECTM_LOG_LEVEL_INFO : PROJECTM_LOG_LEVEL_ERROR,
            (std::string(written ? "debug image written to " : "debug image not written: ") + file)
                .c_str());
}

}  // namespace phosphene::projectm4
