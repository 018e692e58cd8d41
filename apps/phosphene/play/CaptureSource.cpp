#include "CaptureSource.hpp"

#include <algorithm>
#include <cctype>

namespace phosphene::play {
namespace {

constexpr double kRetrySeconds = 1.0;

bool isIndex(const std::string& s) {
  return !s.empty() && s.size() < 6 &&
         std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

}  // namespace

CaptureSource::CaptureSource(phosphene_engine* engine) : engine_(engine) {
  audio_ = platform::SdlAudioSystem::start(startError_);
  if (audio_) driver_ = audio_->driver();
}

CaptureSource::~CaptureSource() {
  stream_.reset();  // the callback feeding the engine stops before SDL's audio does
  audio_.reset();
}

bool CaptureSource::tryOpen(const std::string& device, std::string& error) {
  // One producer at a time (the C API's rule): the old device's callback has stopped when
  // reset() returns.
  stream_.reset();
  phosphene_engine* engine = engine_;
  stream_ = platform::SdlAudioStream::openCapture(
      device,
      [engine](const float* samples, int frames, int channels, int rate) {
        phosphene_engine_add_pcm_float(engine, samples, static_cast<std::size_t>(frames), channels,
                                       rate);
      },
      error);
  if (!stream_) return false;
  name_ = stream_->deviceName();
  return true;
}

std::string CaptureSource::open(const std::string& wanted) {
  wanted_ = wanted;
  gotMonitor_ = false;
  if (!audio_) {
    name_.clear();
    return "audio: " + startError_ + "; visualising silence";
  }
  const auto devices = audio_->captureDevices();
  std::string error;
  if (!wanted.empty()) {
    std::string name = wanted;
    if (isIndex(wanted)) {
      const auto index = static_cast<std::size_t>(std::stoul(wanted));
      if (index >= devices.size())
        return "audio: no capture device #" + wanted + " (" + std::to_string(devices.size()) +
               " listed; see --list-devices); visualising silence";
      name = devices[index].name;
    }
    if (tryOpen(name, error)) return "audio: capturing '" + name_ + "'";
    return "audio: " + error + "; visualising silence";
  }
  const std::string monitor = audio_->defaultMonitor();
  std::string reasons;
  if (!monitor.empty()) {
    if (tryOpen(monitor, error)) {
      gotMonitor_ = true;
      return "audio: capturing '" + name_ + "' (what the computer plays)";
    }
    reasons = error + "; ";
  } else {
    reasons = "no monitor of an output is listed; ";
  }
  if (tryOpen("", error))
    return "audio: capturing the default input (" + reasons + "using " + audio_->driver() + ")";
  name_.clear();
  return "audio: " + reasons + error + "; visualising silence";
}

std::string CaptureSource::cycle() {
  if (!audio_) return "audio: no audio driver";
  const auto devices = audio_->captureDevices();
  if (devices.empty()) return "audio: no capture devices listed";
  std::size_t next = 0;
  for (std::size_t i = 0; i < devices.size(); ++i)
    if (devices[i].name == name_) next = (i + 1) % devices.size();
  std::string error;
  if (tryOpen(devices[next].name, error)) {
    wanted_ = name_;  // a retry after a loss comes back to the device chosen here
    gotMonitor_ = false;
    return "audio: capturing '" + name_ + "'";
  }
  return "audio: " + error;
}

std::string CaptureSource::deviceRemoved() {
  // The player opens one capture device at a time, and SDL reports removals only for opened
  // devices, so a capture removal is always this one.
  if (!stream_) return {};
  stream_.reset();
  lost_ = true;
  needMonitor_ = gotMonitor_;
  nextRetry_ = 0;
  return "audio: lost '" + name_ + "' (the sound server went away?); visualising silence, " +
         "retrying every second";
}

bool CaptureSource::restartAudio(std::string& error) {
  stream_.reset();
  audio_.reset();
  // Pinned to the driver that worked, so a dead PulseAudio is not silently replaced by ALSA's
  // default device; SDL reads the hint when its audio starts.
  const bool pin = !driver_.empty() && driver_ != "none";
  if (pin) SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, driver_.c_str(), SDL_HINT_OVERRIDE);
  audio_ = platform::SdlAudioSystem::start(error);
  if (pin) SDL_ResetHint(SDL_HINT_AUDIODRIVER);
  return audio_ != nullptr;
}

std::optional<std::string> CaptureSource::retry(double now) {
  if (!lost_ || now < nextRetry_) return std::nullopt;
  nextRetry_ = now + kRetrySeconds;
  std::string error;
  if (!restartAudio(error)) return std::nullopt;
  const std::string line = open(wanted_);
  // Back only when the same kind of source opened: the default chain lost a monitor and must find
  // a monitor again, not fall back to a microphone.
  const bool back = needMonitor_ ? gotMonitor_ : stream_ != nullptr;
  if (!back) {
    stream_.reset();
    return std::nullopt;
  }
  lost_ = false;
  return line + " again";
}

void CaptureSource::feedSilenceWhileLost(double seconds) {
  if (!lost_ || seconds <= 0) return;
  const auto frames = static_cast<std::size_t>(seconds * PHOSPHENE_ANALYSIS_SAMPLE_RATE);
  silence_.assign(frames * 2, 0.0f);
  phosphene_engine_add_pcm_float(engine_, silence_.data(), frames, 2,
                                 PHOSPHENE_ANALYSIS_SAMPLE_RATE);
}

}  // namespace phosphene::play
