// Writes the small audio files the `phosphene analyze` CLI tests read, at test time (nothing
// binary is committed): 0.25 s of silence then a 120 BPM kick pattern to 3 s as WAV, FLAC and Ogg
// Vorbis, a truncated copy of the WAV, a file that is not audio, and a WAV header without data.
//   make_test_audio OUTPUT_DIR

#include <sndfile.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace {

std::vector<float> kickPattern(int rate, double seconds) {
  const auto frames = static_cast<std::size_t>(rate * seconds);
  std::vector<float> out(frames * 2);
  for (std::size_t i = 0; i < frames; ++i) {
    const double t = static_cast<double>(i) / rate;
    if (t < 0.25) continue;  // silence, then kicks at 0.25, 0.75, ... s
    const double u = std::fmod(t - 0.25, 0.5);
    const double kick = 0.8 * std::exp(-u / 0.07) *
                        std::sin(2 * M_PI * (45.0 * u + 65.0 * 0.03 * (1 - std::exp(-u / 0.03))));
    const double pad =
        0.05 * std::sin(2 * M_PI * 880.0 * t) + 0.03 * std::sin(2 * M_PI * 5000.0 * t);
    out[2 * i] = static_cast<float>(kick + pad);
    out[2 * i + 1] = static_cast<float>(kick - pad);
  }
  return out;
}

bool write(const std::string& path, int format, const std::vector<float>& pcm, int rate) {
  SF_INFO info{};
  info.samplerate = rate;
  info.channels = 2;
  info.format = format;
  SNDFILE* f = sf_open(path.c_str(), SFM_WRITE, &info);
  if (f == nullptr) {
    std::fprintf(stderr, "make_test_audio: %s: %s\n", path.c_str(), sf_strerror(nullptr));
    return false;
  }
  sf_writef_float(f, pcm.data(), static_cast<sf_count_t>(pcm.size() / 2));
  sf_close(f);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const std::string dir = argv[1];
  const auto pcm = kickPattern(44100, 3.0);
  bool ok =
      write(dir + "/kicks.wav", SF_FORMAT_WAV | SF_FORMAT_PCM_16, pcm, 44100) &&
      write(dir + "/kicks.flac", SF_FORMAT_FLAC | SF_FORMAT_PCM_16, pcm, 44100) &&
      write(dir + "/kicks48k.wav", SF_FORMAT_WAV | SF_FORMAT_FLOAT, kickPattern(48000, 3.0), 48000);
  // Vorbis and MP3 support are optional in libsndfile builds; the test skips what is missing.
  write(dir + "/kicks.ogg", SF_FORMAT_OGG | SF_FORMAT_VORBIS, pcm, 44100);
  write(dir + "/kicks.mp3", SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III, pcm, 44100);

  std::ifstream in(dir + "/kicks.wav", std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::ofstream(dir + "/truncated.wav", std::ios::binary)
      .write(bytes.data(), static_cast<std::streamsize>(bytes.size() / 2));
  std::ofstream(dir + "/header_only.wav", std::ios::binary).write(bytes.data(), 30);
  std::ofstream(dir + "/not_audio.wav") << "This is a text file pretending to be a WAV.\n";
  return ok ? 0 : 1;
}
