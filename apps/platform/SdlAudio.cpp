#include "SdlAudio.hpp"

#include <cstring>

namespace phosphene::platform {

std::unique_ptr<SdlAudioSystem> SdlAudioSystem::start(std::string& error) {
  // Monitors are the point of a visualizer's capture list (frontend-sdl-cpp #100: PipeWire users
  // saw only microphones); SDL >= 2.0.16 lists them when asked.
  SDL_SetHint(SDL_HINT_AUDIO_INCLUDE_MONITORS, "1");
  if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
    error = std::string("no audio driver: ") + SDL_GetError();
    return nullptr;
  }
  auto system = std::make_unique<SdlAudioSystem>(Private{});
  system->started_ = true;
  return system;
}

SdlAudioSystem::~SdlAudioSystem() {
  if (started_) SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

std::string SdlAudioSystem::driver() const {
  const char* name = SDL_GetCurrentAudioDriver();
  return name ? name : "none";
}

std::vector<AudioDeviceInfo> SdlAudioSystem::captureDevices() const {
  std::vector<AudioDeviceInfo> list;
  const int count = SDL_GetNumAudioDevices(1);
  for (int i = 0; i < count; ++i) {
    const char* name = SDL_GetAudioDeviceName(i, 1);
    if (!name) continue;
    AudioDeviceInfo info;
    info.name = name;
    info.isMonitor = info.name.rfind("Monitor of ", 0) == 0;
    list.push_back(std::move(info));
  }
  return list;
}

std::vector<std::string> SdlAudioSystem::playbackDevices() const {
  std::vector<std::string> list;
  const int count = SDL_GetNumAudioDevices(0);
  for (int i = 0; i < count; ++i)
    if (const char* name = SDL_GetAudioDeviceName(i, 0)) list.emplace_back(name);
  return list;
}

std::string SdlAudioSystem::defaultOutputName() const {
  char* name = nullptr;
  SDL_AudioSpec spec;
  if (SDL_GetDefaultAudioInfo(&name, &spec, 0) != 0 || !name) return {};
  std::string result = name;
  SDL_free(name);
  return result;
}

std::string SdlAudioSystem::defaultMonitor() const {
  const auto devices = captureDevices();
  const std::string output = defaultOutputName();
  if (!output.empty())
    for (const auto& d : devices)
      if (d.name == "Monitor of " + output) return d.name;
  for (const auto& d : devices)
    if (d.isMonitor) return d.name;
  return {};
}

std::unique_ptr<SdlAudioStream> SdlAudioStream::openCapture(const std::string& device,
                                                            CaptureCallback callback,
                                                            std::string& error) {
  auto stream = std::make_unique<SdlAudioStream>(Private{});
  stream->onCapture_ = std::move(callback);
  SDL_AudioSpec want{};
  want.freq = 48000;
  want.format = AUDIO_F32SYS;
  want.channels = 2;
  want.samples = 512;  // ~10 ms: the picture follows the sound closely
  if (!stream->open(device.empty() ? nullptr : device.c_str(), true, want, error)) return nullptr;
  stream->name_ = device.empty() ? "default input" : device;
  return stream;
}

std::unique_ptr<SdlAudioStream> SdlAudioStream::openPlayback(int rate, int channels,
                                                             PlaybackCallback callback,
                                                             std::string& error) {
  auto stream = std::make_unique<SdlAudioStream>(Private{});
  stream->onPlayback_ = std::move(callback);
  SDL_AudioSpec want{};
  want.freq = rate;
  want.format = AUDIO_F32SYS;
  want.channels = static_cast<Uint8>(channels);
  want.samples = 1024;
  if (!stream->open(nullptr, false, want, error)) return nullptr;
  stream->name_ = "default output";
  return stream;
}

bool SdlAudioStream::open(const char* device, bool capture, const SDL_AudioSpec& want,
                          std::string& error) {
  SDL_AudioSpec request = want;
  request.callback = &SdlAudioStream::trampoline;
  request.userdata = this;
  capture_ = capture;
  // Capture takes whatever rate and channels the device has (they are passed on with the
  // samples); playback must keep the file's, so SDL converts to the device instead.
  const int allowed =
      capture ? SDL_AUDIO_ALLOW_FREQUENCY_CHANGE | SDL_AUDIO_ALLOW_CHANNELS_CHANGE : 0;
  device_ = SDL_OpenAudioDevice(device, capture ? 1 : 0, &request, &spec_, allowed);
  if (device_ == 0) {
    error =
        std::string(capture ? "cannot open capture device '" : "cannot open playback device '") +
        (device ? device : "default") + "': " + SDL_GetError();
    return false;
  }
  SDL_PauseAudioDevice(device_, 0);
  return true;
}

SdlAudioStream::~SdlAudioStream() {
  if (device_ != 0) SDL_CloseAudioDevice(device_);  // waits for a running callback
}

void SdlAudioStream::trampoline(void* user, Uint8* bytes, int length) {
  auto* self = static_cast<SdlAudioStream*>(user);
  const int channels = self->spec_.channels;
  const int frames = length / static_cast<int>(sizeof(float)) / channels;
  auto* samples = reinterpret_cast<float*>(bytes);
  if (self->capture_) {
    if (self->onCapture_) self->onCapture_(samples, frames, channels, self->spec_.freq);
  } else if (self->onPlayback_) {
    self->onPlayback_(samples, frames, channels, self->spec_.freq);
  } else {
    std::memset(bytes, 0, static_cast<std::size_t>(length));
  }
}

}  // namespace phosphene::platform
