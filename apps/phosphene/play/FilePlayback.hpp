#pragma once
// Songs from files: decoded with libsndfile (the formats `phosphene render` reads), played through
// SDL's default output, and the very samples SDL plays are handed to the engine from the same
// callback, so picture and sound stay in sync. Without an output device (a headless box, or
// --fixed-fps) the samples are fed from the render loop at the pace of its clock, silently.

#include <atomic>
#include <cstdint>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "SdlAudio.hpp"
#include "phosphene/phosphene.h"

namespace phosphene::play {

struct DecodedTrack {
  std::string path, title;
  int rate = 0, channels = 0;
  std::vector<float> samples;  // interleaved
  std::int64_t frames() const {
    return channels > 0 ? static_cast<std::int64_t>(samples.size()) / channels : 0;
  }
};

/// Decodes a whole file; title from its tags ("Artist - Title") or the file name.
std::unique_ptr<DecodedTrack> decodeTrack(const std::string& path, std::string& error);

/// Audio files given on the command line: a file, or a folder (its audio files, sorted).
std::vector<std::string> expandAudioArguments(const std::vector<std::string>& args,
                                              std::vector<std::string>& problems);

class FilePlayback {
 public:
  /// `audio` may be null (no audio driver); `paced` forces feeding from the render loop.
  FilePlayback(phosphene_engine* engine, platform::SdlAudioSystem* audio,
               std::vector<std::string> files, bool paced);
  ~FilePlayback();
  FilePlayback(const FilePlayback&) = delete;
  FilePlayback& operator=(const FilePlayback&) = delete;

  /// Render thread, once per frame: starts the next song when one ended, feeds samples when
  /// paced. `dt` is the frame's clock step. Returns a message when a song started or failed.
  std::string update(double dt);
  void togglePause();
  bool paused() const { return paused_.load(); }
  void seek(double seconds);  // relative
  std::string title() const { return track_ ? track_->title : std::string(); }
  double positionSeconds() const;
  /// "SDL output (pulseaudio)" or "no output device: silent, paced by the frame clock".
  const std::string& outputDescription() const { return output_; }

 private:
  struct Decoded {
    std::unique_ptr<DecodedTrack> track;
    std::string error;
  };
  void fill(float* out, int frames, int channels);
  std::string install(std::unique_ptr<DecodedTrack> track);

  phosphene_engine* engine_;
  platform::SdlAudioSystem* audio_;
  std::vector<std::string> files_;
  std::size_t next_ = 0;
  bool paced_;
  bool fixedClock_;
  int streamRate_ = 0, streamChannels_ = 0;
  std::future<Decoded> decoding_;
  std::string output_;
  std::unique_ptr<DecodedTrack> track_;
  std::unique_ptr<platform::SdlAudioStream> stream_;
  std::atomic<std::int64_t> position_{0};
  std::atomic<bool> paused_{false};
  std::atomic<bool> ended_{true};
  double pacedCarry_ = 0;  // fractional frames owed by the paced feed
};

}  // namespace phosphene::play
