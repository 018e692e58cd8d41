#pragma once
// The audio side of `phosphene render` and `bench`: samples from a file (AudioFile, libsndfile) or
// the generated demo track, fed to an engine through the public C API exactly as a host would,
// video frame by video frame. Frame k receives the samples [round(k*rate/fps),
// round((k+1)*rate/fps)): no sample is skipped or repeated however fps and rate relate, and the
// split depends only on the inputs, so renders are reproducible.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "phosphene/phosphene.h"

namespace phosphene::cli {

class AudioFile;

class AudioFeed {
 public:
  /// `audioPath` empty: the demo track generated from `seed`. Null with `error` on failure
  /// (file missing, not audio). Nothing here needs an engine or GL, so a bad file is reported
  /// before either is made.
  static std::unique_ptr<AudioFeed> open(const std::string& audioPath, double fps,
                                         std::uint64_t seed, std::string& error);
  struct Private {};  // only open() constructs
  explicit AudioFeed(Private);
  ~AudioFeed();
  AudioFeed(const AudioFeed&) = delete;
  AudioFeed& operator=(const AudioFeed&) = delete;

  /// Length of the audio in seconds.
  double durationSeconds() const;
  int sampleRate() const { return sampleRate_; }
  int channels() const { return channels_; }
  /// The demo track as interleaved float, empty when reading a file (for muxing into video).
  const std::vector<float>& demoSamples() const { return demo_; }
  /// Non-empty: a warning to print once (e.g. a truncated file).
  const std::string& warning() const { return warning_; }

  /// Adds video frame `frame`'s samples (silence past the end of the audio) to `engine`; the
  /// caller then advances the engine. Frames are fed in order, from 0, to one engine. False with
  /// `error` on a read or API failure.
  bool feedFrame(std::int64_t frame, phosphene_engine* engine, std::string& error);

 private:
  std::int64_t read(float* out, std::int64_t frames);

  std::unique_ptr<AudioFile> file_;
  std::vector<float> demo_;
  std::int64_t demoPos_ = 0;
  std::vector<float> chunk_;
  int sampleRate_ = 0;
  int channels_ = 0;
  std::int64_t totalFrames_ = 0;
  std::int64_t fed_ = 0;  // sample frames handed to the engine so far
  double fps_ = 60;
  std::string warning_;
};

}  // namespace phosphene::cli
