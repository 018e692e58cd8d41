#include "AudioFeed.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "AudioFile.hpp"
#include "DemoTrack.hpp"

namespace phosphene::cli {
std::unique_ptr<AudioFeed> AudioFeed::open(const std::string& audioPath, double fps,
                                           std::uint64_t seed, std::string& error) {
  auto feed = std::make_unique<AudioFeed>(Private{});
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

  return feed;
}

AudioFeed::AudioFeed(Private) {}

AudioFeed::~AudioFeed() = default;

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

bool AudioFeed::feedFrame(std::int64_t frame, phosphene_engine* engine, std::string& error) {
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
        engine, chunk_.data(), static_cast<std::size_t>(want), channels_, sampleRate_);
    if (rc != PHOSPHENE_OK) {
      error = std::string("phosphene_engine_add_pcm_float: ") + phosphene_result_string(rc);
      return false;
    }
  }
  fed_ += want;
  return true;
}

}  // namespace phosphene::cli
