// Writes a short 16-bit stereo WAV (a 220 Hz tone on the left, 330 Hz on the right) for the
// dump-state CLI test. Usage: write_test_wav OUT.wav SECONDS
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

void put32(std::vector<unsigned char>& b, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b.push_back(static_cast<unsigned char>(v >> (8 * i)));
}
void put16(std::vector<unsigned char>& b, std::uint16_t v) {
  for (int i = 0; i < 2; ++i) b.push_back(static_cast<unsigned char>(v >> (8 * i)));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  const int rate = 44100;
  const auto frames = static_cast<std::uint32_t>(std::atof(argv[2]) * rate);
  const std::uint32_t dataBytes = frames * 4;
  std::vector<unsigned char> b;
  for (char c : {'R', 'I', 'F', 'F'}) b.push_back(static_cast<unsigned char>(c));
  put32(b, 36 + dataBytes);
  for (char c : {'W', 'A', 'V', 'E', 'f', 'm', 't', ' '})
    b.push_back(static_cast<unsigned char>(c));
  put32(b, 16);
  put16(b, 1);  // PCM
  put16(b, 2);
  put32(b, rate);
  put32(b, rate * 4);
  put16(b, 4);
  put16(b, 16);
  for (char c : {'d', 'a', 't', 'a'}) b.push_back(static_cast<unsigned char>(c));
  put32(b, dataBytes);
  for (std::uint32_t i = 0; i < frames; ++i) {
    const double t = static_cast<double>(i) / rate;
    put16(b, static_cast<std::uint16_t>(
                 static_cast<std::int16_t>(20000 * std::sin(6.2831853 * 220 * t))));
    put16(b, static_cast<std::uint16_t>(
                 static_cast<std::int16_t>(16000 * std::sin(6.2831853 * 330 * t))));
  }
  std::FILE* f = std::fopen(argv[1], "wb");
  if (!f) return 1;
  const bool ok = std::fwrite(b.data(), 1, b.size(), f) == b.size();
  return (std::fclose(f) == 0 && ok) ? 0 : 1;
}
