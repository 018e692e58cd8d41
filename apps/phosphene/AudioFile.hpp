#pragma once
// Audio files for the CLI (analyze, render): libsndfile decoding of WAV, FLAC, OGG/Vorbis, Opus
// and MP3 (libsndfile >= 1.1) into interleaved float frames, read in chunks so a long song never
// has to fit in memory.

#include <cstdint>
#include <memory>
#include <string>

namespace phosphene::cli {

class AudioFile {
 public:
  /// Opens `path`. On failure returns nullptr and sets `error` to a sentence naming the file and
  /// the reason, prefixed with the diagnostic ID (IO001 missing/unreadable, AUD001 not audio).
  static std::unique_ptr<AudioFile> open(const std::string& path, std::string& error);

  struct Private {};  // only open() constructs
  explicit AudioFile(Private);
  ~AudioFile();
  AudioFile(const AudioFile&) = delete;
  AudioFile& operator=(const AudioFile&) = delete;

  int sampleRate() const { return sampleRate_; }
  int channels() const { return channels_; }
  /// Frames the decoder says it can deliver (for a truncated file: what is actually present).
  std::int64_t frames() const { return frames_; }
  double durationSeconds() const {
    return sampleRate_ > 0 ? static_cast<double>(frames_) / sampleRate_ : 0.0;
  }
  /// Non-empty when the file is cut short (its header promises more data than it holds): the
  /// AUD002 warning text. Reading still delivers what is there.
  const std::string& truncationWarning() const { return truncation_; }

  /// Reads up to `frameCount` interleaved frames (channels() floats each, full scale +-1.0) into
  /// `out`. Returns frames read, 0 at the end, -1 on a read error (see error()).
  std::int64_t read(float* out, std::int64_t frameCount);
  const std::string& error() const { return error_; }

 private:
  struct Handle;
  std::unique_ptr<Handle> handle_;
  std::string path_;
  int sampleRate_ = 0;
  int channels_ = 0;
  std::int64_t frames_ = 0;
  std::string truncation_;
  std::string error_;
};

}  // namespace phosphene::cli
