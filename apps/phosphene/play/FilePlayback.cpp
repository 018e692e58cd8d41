#include "FilePlayback.hpp"

#include <sndfile.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "AudioFile.hpp"

namespace phosphene::play {
namespace {

bool isAudioName(const std::filesystem::path& p) {
  std::string ext = p.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* known : {".wav", ".flac", ".ogg", ".oga", ".opus", ".mp3", ".aiff", ".aif"})
    if (ext == known) return true;
  return false;
}

// Tags through libsndfile directly: AudioFile decodes, it does not read metadata.
std::string tagTitle(const std::string& path) {
  SF_INFO info{};
  SNDFILE* file = sf_open(path.c_str(), SFM_READ, &info);
  if (!file) return {};
  const char* title = sf_get_string(file, SF_STR_TITLE);
  const char* artist = sf_get_string(file, SF_STR_ARTIST);
  std::string result;
  if (title && *title) result = (artist && *artist) ? std::string(artist) + " - " + title : title;
  sf_close(file);
  return result;
}

}  // namespace

std::unique_ptr<DecodedTrack> decodeTrack(const std::string& path, std::string& error) {
  auto file = cli::AudioFile::open(path, error);
  if (!file) return nullptr;
  auto track = std::make_unique<DecodedTrack>();
  track->path = path;
  track->rate = file->sampleRate();
  track->channels = file->channels();
  track->title = tagTitle(path);
  if (track->title.empty()) track->title = std::filesystem::path(path).stem().string();
  std::vector<float> chunk(static_cast<std::size_t>(4096) * track->channels);
  for (;;) {
    const std::int64_t got = file->read(chunk.data(), 4096);
    if (got < 0) {
      error = file->error();
      return nullptr;
    }
    if (got == 0) break;
    track->samples.insert(track->samples.end(), chunk.begin(),
                          chunk.begin() + static_cast<std::ptrdiff_t>(got * track->channels));
  }
  if (track->rate < PHOSPHENE_MIN_SAMPLE_RATE || track->rate > PHOSPHENE_MAX_SAMPLE_RATE) {
    error = path + ": sample rate " + std::to_string(track->rate) + " Hz is not supported";
    return nullptr;
  }
  return track;
}

std::vector<std::string> expandAudioArguments(const std::vector<std::string>& args,
                                              std::vector<std::string>& problems) {
  std::vector<std::string> files;
  for (const auto& arg : args) {
    std::error_code ec;
    if (std::filesystem::is_directory(arg, ec)) {
      std::vector<std::string> found;
      for (const auto& entry : std::filesystem::recursive_directory_iterator(
               arg, std::filesystem::directory_options::skip_permission_denied, ec))
        if (entry.is_regular_file(ec) && isAudioName(entry.path())) found.push_back(entry.path());
      std::sort(found.begin(), found.end());
      if (found.empty()) problems.push_back(arg + ": no audio files in this folder");
      files.insert(files.end(), found.begin(), found.end());
    } else if (std::filesystem::exists(arg, ec)) {
      files.push_back(arg);
    } else {
      problems.push_back(arg + ": no such file or folder");
    }
  }
  return files;
}

FilePlayback::FilePlayback(phosphene_engine* engine, platform::SdlAudioSystem* audio,
                           std::vector<std::string> files, bool paced)
    : engine_(engine),
      audio_(audio),
      files_(std::move(files)),
      paced_(paced || !audio),
      fixedClock_(paced) {
  output_ = fixedClock_ ? "fixed clock: samples fed per frame, not played aloud"
            : !audio_   ? "no audio driver: silent, paced by the frame clock"
                        : "";
}

FilePlayback::~FilePlayback() {
  stream_.reset();
}  // stop the callback before the track goes

std::string FilePlayback::install(std::unique_ptr<DecodedTrack> track) {
  const int channels = std::min(track->channels, 2);
  if (!paced_ && (!stream_ || streamRate_ != track->rate || streamChannels_ != channels)) {
    stream_.reset();
    std::string why;
    stream_ = platform::SdlAudioStream::openPlayback(
        track->rate, channels,
        [this](float* out, int frames, int ch, int) { fill(out, frames, ch); }, why);
    if (!stream_) {
      paced_ = true;
      output_ = "no output device (" + why + "): silent, paced by the frame clock";
    } else {
      streamRate_ = track->rate;
      streamChannels_ = channels;
      output_ = "SDL output (" + (audio_ ? audio_->driver() : std::string("?")) + ")";
    }
  }
  if (stream_) stream_->lock();
  track_ = std::move(track);
  position_ = 0;
  ended_ = false;
  if (stream_) stream_->unlock();
  return "playing: " + track_->title;
}

void FilePlayback::fill(float* out, int frames, int channels) {
  // SDL's audio thread. The track only changes under SDL_LockAudioDevice.
  std::memset(out, 0, sizeof(float) * static_cast<std::size_t>(frames) * channels);
  if (!track_ || paused_ || ended_) return;
  const std::int64_t pos = position_.load();
  const std::int64_t n = std::min<std::int64_t>(frames, track_->frames() - pos);
  if (n <= 0) {
    ended_ = true;
    return;
  }
  const int inCh = track_->channels;
  const float* src = track_->samples.data() + pos * inCh;
  for (std::int64_t f = 0; f < n; ++f)
    for (int c = 0; c < channels; ++c)
      out[f * channels + c] = src[f * inCh + std::min(c, inCh - 1)];
  phosphene_engine_add_pcm_float(engine_, out, static_cast<std::size_t>(n), channels, track_->rate);
  position_ = pos + n;
}

std::string FilePlayback::update(double dt) {
  std::string message;
  if (ended_ && !decoding_.valid() && next_ < files_.size()) {
    // Decoding a long song takes a while: off the render thread, so the picture never stalls.
    std::string path = files_[next_++];
    decoding_ = std::async(std::launch::async, [path] {
      Decoded d;
      d.track = decodeTrack(path, d.error);
      return d;
    });
    if (fixedClock_) decoding_.wait();  // a fixed clock must not depend on the decoder's speed
  }
  if (decoding_.valid() &&
      decoding_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    Decoded d = decoding_.get();
    message = d.track ? install(std::move(d.track)) : d.error;  // a failure: the next file next
  }
  if (!paced_ || !track_ || paused_ || ended_) return message;
  pacedCarry_ += dt * track_->rate;
  const auto want = static_cast<std::int64_t>(pacedCarry_);
  pacedCarry_ -= static_cast<double>(want);
  const std::int64_t pos = position_.load();
  const std::int64_t n = std::min(want, track_->frames() - pos);
  if (n > 0)
    phosphene_engine_add_pcm_float(engine_, track_->samples.data() + pos * track_->channels,
                                   static_cast<std::size_t>(n), track_->channels, track_->rate);
  position_ = pos + std::max<std::int64_t>(n, 0);
  if (position_ >= track_->frames()) ended_ = true;
  return message;
}

void FilePlayback::togglePause() {
  paused_ = !paused_;
}

void FilePlayback::seek(double seconds) {
  if (!track_) return;
  const auto delta = static_cast<std::int64_t>(seconds * track_->rate);
  if (stream_) stream_->lock();  // the callback also moves the position
  position_ = std::clamp<std::int64_t>(position_.load() + delta, 0, track_->frames());
  if (stream_) stream_->unlock();
}

double FilePlayback::positionSeconds() const {
  return track_ && track_->rate > 0 ? static_cast<double>(position_.load()) / track_->rate : 0.0;
}

}  // namespace phosphene::play
