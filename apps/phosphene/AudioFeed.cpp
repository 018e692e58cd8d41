#include "AudioFeed.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "AudioFile.hpp"
#include "DemoTrack.hpp"

namespace phosphene::cli {
namespace {

// user_data is the feed's prefix: the feed owns the engine, so it outlives every call.
void logToStderr(void* prefix, phosphene_log_level level, const char* message) {
  if (level >= PHOSPHENE_LOG_WARNING)
    std::fprintf(stderr, "%s%s\n", static_cast<const std::string*>(prefix)->c_str(), message);
}

}  // namespace

std::unique_ptr<AudioFeed> AudioFeed::open(const std::string& audioPath, double fps,
                                           std::uint64_t seed, const std::string& command,
                                           std::string& error) {
  auto feed = std::make_unique<AudioFeed>(Private{});
  feed->logPrefix_ = "phosphene " + command + ": ";
  feed->fps_ = fps;
  if (audioPath.empty()) {
    DemoTrack demo = makeDemoTrack(seed);
    feed->demo_ = std::move(demo.samples);
    feed->sampleRate_ = DemoTrack::kSampleRate;
    feed->channels_ = DemoTrack::kChannels;
    feed->totalFrames_ = static_cast<std::int64_t>(feed->demo_.size()) / DemoTrack::kChannels;
  } else {
    feed->file_ = AudioFile::open(audioPath, error);
    if (!feed->file_) return nullptr;
    feed->sampleRate_ = feed->file_->sampleRate();
    feed->channels_ = feed->file_->channels();
    feed->totalFrames_ = feed->file_->frames();
    feed->warning_ = feed->file_->truncationWarning();
  }

  phosphene_engine_desc desc = phosphene_engine_desc_default();
  desc.fps = fps;
  desc.seed = seed;
  // Room for a whole video frame of audio even at 1 fps (the ring counts 44.1 kHz frames).
  desc.pcm_buffer_frames = 1u << 17;
  desc.log_fn = &logToStderr;
  desc.log_user_data = &feed->logPrefix_;
  desc.log_min_level = PHOSPHENE_LOG_WARNING;
  const phosphene_result rc = phosphene_engine_create(&desc, &feed->engine_);
  if (rc != PHOSPHENE_OK) {
    error = std::string("cannot create the engine: ") + phosphene_result_string(rc);
    return nullptr;
  }
  return feed;
}

AudioFeed::AudioFeed(Private) {}

AudioFeed::~AudioFeed() {
  phosphene_engine_destroy(engine_);
}

double AudioFeed::durationSeconds() const {
  return sampleRate_ > 0 ? static_cast<double>(totalFrames_) / sampleRate_ : 0.0;
}

std::int64_t AudioFeed::read(float* out, std::int64_t frames) {
  if (file_) return file_->read(out, frames);
  const std::int64_t n = std::min(frames, totalFrames_ - demoPos_);
  if (n <= 0) return 0;
  std::memcpy(out, demo_.data() + demoPos_ * channels_,
              static_cast<std::size_t>(n * channels_) * sizeof(float));
  demoPos_ += n;
  return n;
}

bool AudioFeed::nextFrame(std::int64_t frame, phosphene_audio_frame& out, std::string& error) {
  if (!feedFrame(frame, error)) return false;
  const phosphene_result rc = phosphene_audio_analyze(engine_, 0.0, &out);
  if (rc != PHOSPHENE_OK) {
    error = std::string("phosphene_audio_analyze: ") + phosphene_engine_last_error(engine_);
    return false;
  }
  return true;
}

bool AudioFeed::feedFrame(std::int64_t frame, std::string& error) {
  // Integer-exact when rate/fps is, and never drifting otherwise: the boundary is recomputed from
  // the frame index, not accumulated.
  const auto end =
      static_cast<std::int64_t>(std::llround(static_cast<double>(frame + 1) * sampleRate_ / fps_));
  const std::int64_t want = std::max<std::int64_t>(0, end - fed_);
  chunk_.assign(static_cast<std::size_t>(want * channels_), 0.0f);
  std::int64_t got = 0;
  while (got < want) {
    const std::int64_t n = read(chunk_.data() + got * channels_, want - got);
    if (n < 0) {
      error = file_ ? file_->error() : "audio read failed";
      return false;
    }
    if (n == 0) break;  // past the end: the rest of the chunk stays silent
    got += n;
  }
  if (want > 0) {
    const phosphene_result rc = phosphene_engine_add_pcm_float(
        engine_, chunk_.data(), static_cast<std::size_t>(want), channels_, sampleRate_);
    if (rc != PHOSPHENE_OK) {
      error = std::string("phosphene_engine_add_pcm_float: ") + phosphene_result_string(rc);
      return false;
    }
  }
  fed_ += want;
  return true;
}

}  // namespace phosphene::cli
