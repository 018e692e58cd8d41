#pragma once
// The audio side of `phosphene render`: samples from a file (AudioFile, libsndfile) or the
// generated demo track, fed through the public C API exactly as a host would, video frame by
// video frame. Frame k receives the samples [round(k*rate/fps), round((k+1)*rate/fps)): no
// sample is skipped or repeated however fps and rate relate, and the split depends only on the
// inputs, so renders are reproducible.

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
  /// (file missing, not audio, engine creation failed). The engine's warnings go to stderr
  /// prefixed with "phosphene COMMAND:", the command the user ran.
  static std::unique_ptr<AudioFeed> open(const std::string& audioPath, double fps,
                                         std::uint64_t seed, const std::string& command,
                                         std::string& error);
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

  /// Feeds video frame `frame`'s samples (silence past the end of the audio) and analyses.
  /// False with `error` on a read or API failure.
  bool nextFrame(std::int64_t frame, phosphene_audio_frame& out, std::string& error);
  /// Only feeds video frame `frame`'s samples; the caller advances the frame (e.g. with
  /// phosphene_render_frame_to_framebuffer on engine()).
  bool feedFrame(std::int64_t frame, std::string& error);
  /// The engine the samples go to (owned by the feed).
  phosphene_engine* engine() { return engine_; }

 private:
  std::int64_t read(float* out, std::int64_t frames);

  phosphene_engine* engine_ = nullptr;
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
  std::string logPrefix_;  // "phosphene render: ", read by the engine's log callback
};

}  // namespace phosphene::cli
