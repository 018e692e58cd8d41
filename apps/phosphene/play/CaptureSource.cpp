#include "CaptureSource.hpp"

#include <algorithm>
#include <cctype>

namespace phosphene::play {

CaptureSource::CaptureSource(phosphene_engine* engine, platform::SdlAudioSystem* audio)
    : engine_(engine), audio_(audio) {}

CaptureSource::~CaptureSource() {
  stream_.reset();
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
  if (!audio_) {
    name_.clear();
    return "audio: no audio driver; visualising silence";
  }
  const auto devices = audio_->captureDevices();
  std::string error;
  if (!wanted.empty()) {
    std::string name = wanted;
    if (std::all_of(wanted.begin(), wanted.end(),
                    [](unsigned char c) { return std::isdigit(c) != 0; }) &&
        wanted.size() < 6) {
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
    if (tryOpen(monitor, error))
      return "audio: capturing '" + name_ + "' (what the computer plays)";
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
  if (tryOpen(devices[next].name, error)) return "audio: capturing '" + name_ + "'";
  return "audio: " + error;
}

}  // namespace phosphene::play
