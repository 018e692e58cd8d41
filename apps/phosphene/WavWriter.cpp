#include "WavWriter.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>

namespace phosphene::cli {
namespace {

void put16(std::vector<unsigned char>& out, std::uint32_t v) {
  out.push_back(static_cast<unsigned char>(v & 0xff));
  out.push_back(static_cast<unsigned char>((v >> 8) & 0xff));
}
void put32(std::vector<unsigned char>& out, std::uint32_t v) {
  put16(out, v & 0xffff);
  put16(out, v >> 16);
}

}  // namespace

bool writeWav16(const std::string& path, const std::vector<float>& interleaved, int channels,
                int sampleRate, std::string& error) {
  const auto dataBytes = static_cast<std::uint32_t>(interleaved.size() * 2);
  std::vector<unsigned char> bytes;
  bytes.reserve(44 + dataBytes);
  for (char c : {'R', 'I', 'F', 'F'}) bytes.push_back(static_cast<unsigned char>(c));
  put32(bytes, 36 + dataBytes);
  for (char c : {'W', 'A', 'V', 'E', 'f', 'm', 't', ' '})
    bytes.push_back(static_cast<unsigned char>(c));
  put32(bytes, 16);
  put16(bytes, 1);  // PCM
  put16(bytes, static_cast<std::uint32_t>(channels));
  put32(bytes, static_cast<std::uint32_t>(sampleRate));
  put32(bytes, static_cast<std::uint32_t>(sampleRate * channels * 2));
  put16(bytes, static_cast<std::uint32_t>(channels * 2));
  put16(bytes, 16);
  for (char c : {'d', 'a', 't', 'a'}) bytes.push_back(static_cast<unsigned char>(c));
  put32(bytes, dataBytes);
  for (float s : interleaved) {
    const float clipped = std::isfinite(s) ? std::clamp(s, -1.0f, 1.0f) : 0.0f;
    const auto v = static_cast<std::int16_t>(std::lround(clipped * 32767.0f));
    put16(bytes, static_cast<std::uint16_t>(v));
  }
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "wb"), &std::fclose);
  if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f.get()) != bytes.size()) {
    error = "cannot write " + path;
    return false;
  }
  return true;
}

}  // namespace phosphene::cli
