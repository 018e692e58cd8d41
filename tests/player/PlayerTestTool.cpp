// Helpers for the player's session tests, so CMake scripts can make inputs and read screenshots:
//   player_test_tool wav OUT.wav            the CLI's demo track (4 s) with title and artist tags
//   player_test_tool tone OUT.wav SECONDS LEFT_HZ RIGHT_HZ
//       a sine of LEFT_HZ on the left channel and RIGHT_HZ on the right, 44.1 kHz, 16 bits, at
//       half (left) and a quarter (right) of full scale: a sound no other source makes
//   player_test_tool stats FILE.png X0 Y0 X1 Y1
//       prints "pixels=N lit=L bright=B width=W height=H red=R green=G blue=B" for the box
//       [X0,X1) x [Y0,Y1) given in percent of the image: lit = pixels with any channel > 24,
//       bright = all channels > 150; red/green/blue = the mean of each channel (0..255).

#include <sndfile.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <string>
#include <vector>

#include "DemoTrack.hpp"
#include "PngImage.hpp"

namespace {

int writeWav(const std::string& path) {
  const auto track = phosphene::cli::makeDemoTrack(1);
  SF_INFO info{};
  info.samplerate = phosphene::cli::DemoTrack::kSampleRate;
  info.channels = phosphene::cli::DemoTrack::kChannels;
  info.format = SF_FORMAT_WAV | SF_FORMAT_PCM_16;
  SNDFILE* f = sf_open(path.c_str(), SFM_WRITE, &info);
  if (!f) {
    std::fprintf(stderr, "cannot write %s: %s\n", path.c_str(), sf_strerror(nullptr));
    return 1;
  }
  sf_set_string(f, SF_STR_TITLE, "Two Bars of Demo");
  sf_set_string(f, SF_STR_ARTIST, "Phosphene Test Band");
  sf_writef_float(f, track.samples.data(), track.frames());
  sf_close(f);
  return 0;
}

int writeTone(const std::string& path, double seconds, double leftHz, double rightHz) {
  constexpr int kRate = 44100;
  SF_INFO info{};
  info.samplerate = kRate;
  info.channels = 2;
  info.format = SF_FORMAT_WAV | SF_FORMAT_PCM_16;
  SNDFILE* f = sf_open(path.c_str(), SFM_WRITE, &info);
  if (!f) {
    std::fprintf(stderr, "cannot write %s: %s\n", path.c_str(), sf_strerror(nullptr));
    return 1;
  }
  const auto frames = static_cast<sf_count_t>(seconds * kRate);
  std::vector<float> samples(static_cast<std::size_t>(frames) * 2);
  for (sf_count_t i = 0; i < frames; ++i) {
    const double t = static_cast<double>(i) / kRate;
    samples[2 * i] = static_cast<float>(0.5 * std::sin(2 * std::numbers::pi * leftHz * t));
    samples[2 * i + 1] = static_cast<float>(0.25 * std::sin(2 * std::numbers::pi * rightHz * t));
  }
  sf_writef_float(f, samples.data(), frames);
  sf_close(f);
  return 0;
}

int stats(const std::string& path, int x0p, int y0p, int x1p, int y1p) {
  phosphene::platform::RgbaImage image;
  std::string error;
  if (!phosphene::platform::readPng(path, image, error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  const int x0 = image.width * x0p / 100, x1 = image.width * x1p / 100;
  const int y0 = image.height * y0p / 100, y1 = image.height * y1p / 100;
  long pixels = 0, lit = 0, bright = 0;
  double sum[3] = {0, 0, 0};
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      const auto* p = image.at(x, y);
      ++pixels;
      for (int c = 0; c < 3; ++c) sum[c] += p[c];
      if (p[0] > 24 || p[1] > 24 || p[2] > 24) ++lit;
      if (p[0] > 150 && p[1] > 150 && p[2] > 150) ++bright;
    }
  const double n = pixels > 0 ? static_cast<double>(pixels) : 1.0;
  std::printf("pixels=%ld lit=%ld bright=%ld width=%d height=%d red=%.0f green=%.0f blue=%.0f\n",
              pixels, lit, bright, image.width, image.height, sum[0] / n, sum[1] / n, sum[2] / n);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string cmd = argc > 1 ? argv[1] : "";
  if (cmd == "wav" && argc == 3) return writeWav(argv[2]);
  if (cmd == "tone" && argc == 6)
    return writeTone(argv[2], std::atof(argv[3]), std::atof(argv[4]), std::atof(argv[5]));
  if (cmd == "stats" && argc == 7)
    return stats(argv[2], std::atoi(argv[3]), std::atoi(argv[4]), std::atoi(argv[5]),
                 std::atoi(argv[6]));
  std::fprintf(stderr,
               "usage: player_test_tool wav OUT | tone OUT SECONDS LEFT_HZ RIGHT_HZ | stats PNG X0 "
               "Y0 X1 Y1 (percent)\n");
  return 2;
}
