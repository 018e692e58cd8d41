// Helpers for the player's session tests, so CMake scripts can make inputs and read screenshots:
//   player_test_tool wav OUT.wav            the CLI's demo track (4 s) with title and artist tags
//   player_test_tool stats FILE.png X0 Y0 X1 Y1
//       prints "pixels=N lit=L bright=B" for the box [X0,X1) x [Y0,Y1) given in percent of the
//       image: lit = pixels with any channel > 24, bright = all channels > 150.

#include <sndfile.h>

#include <cstdio>
#include <cstdlib>
#include <string>

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
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      const auto* p = image.at(x, y);
      ++pixels;
      if (p[0] > 24 || p[1] > 24 || p[2] > 24) ++lit;
      if (p[0] > 150 && p[1] > 150 && p[2] > 150) ++bright;
    }
  std::printf("pixels=%ld lit=%ld bright=%ld width=%d height=%d\n", pixels, lit, bright,
              image.width, image.height);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string cmd = argc > 1 ? argv[1] : "";
  if (cmd == "wav" && argc == 3) return writeWav(argv[2]);
  if (cmd == "stats" && argc == 7)
    return stats(argv[2], std::atoi(argv[3]), std::atoi(argv[4]), std::atoi(argv[5]),
                 std::atoi(argv[6]));
  std::fprintf(stderr, "usage: player_test_tool wav OUT | stats PNG X0 Y0 X1 Y1 (percent)\n");
  return 2;
}
