#pragma once
// SDL2 audio devices for the player: the list of capture and playback devices, a capture stream
// and a playback stream, each delivering float samples to a callback on SDL's audio thread.
// Owns the SDL audio subsystem for its lifetime (RAII), so devices close before SDL stops.

#include <SDL.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace phosphene::platform {

struct AudioDeviceInfo {
  std::string name;
  bool isMonitor = false;  // PulseAudio/PipeWire "Monitor of ...": what an output is playing
};

/// The SDL audio subsystem. Asks SDL to list PulseAudio monitor sources among capture devices
/// (SDL hides them by default), so "what the computer plays" can be captured.
class SdlAudioSystem {
 public:
  /// nullptr + `error` when SDL has no audio driver at all.
  static std::unique_ptr<SdlAudioSystem> start(std::string& error);
  struct Private {};
  explicit SdlAudioSystem(Private) {}
  ~SdlAudioSystem();
  SdlAudioSystem(const SdlAudioSystem&) = delete;
  SdlAudioSystem& operator=(const SdlAudioSystem&) = delete;

  std::string driver() const;
  std::vector<AudioDeviceInfo> captureDevices() const;
  std::vector<std::string> playbackDevices() const;
  /// The default output's name ("" when SDL cannot tell), to find its monitor.
  std::string defaultOutputName() const;
  /// The monitor of the default output, else any monitor; "" when there is none.
  std::string defaultMonitor() const;

 private:
  bool started_ = false;
};

/// Samples handed over by SDL: `frames` interleaved frames of `channels` floats.
using CaptureCallback =
    std::function<void(const float* samples, int frames, int channels, int rate)>;
/// Fill `frames` interleaved frames of `channels` floats (write silence when there is nothing).
using PlaybackCallback = std::function<void(float* out, int frames, int channels, int rate)>;

class SdlAudioStream {
 public:
  /// Opens a capture device by name ("" = SDL's default input) and starts it.
  static std::unique_ptr<SdlAudioStream> openCapture(const std::string& device,
                                                     CaptureCallback callback, std::string& error);
  /// Opens the default playback device at `rate` / `channels` (SDL converts when the device
  /// differs) and starts it.
  static std::unique_ptr<SdlAudioStream> openPlayback(int rate, int channels,
                                                      PlaybackCallback callback,
                                                      std::string& error);
  struct Private {};
  explicit SdlAudioStream(Private) {}
  ~SdlAudioStream();
  SdlAudioStream(const SdlAudioStream&) = delete;
  SdlAudioStream& operator=(const SdlAudioStream&) = delete;

  int sampleRate() const { return spec_.freq; }
  int channels() const { return spec_.channels; }
  const std::string& deviceName() const { return name_; }
  /// Holds SDL's audio thread out while the caller changes what the callback reads.
  void lock() { SDL_LockAudioDevice(device_); }
  void unlock() { SDL_UnlockAudioDevice(device_); }

 private:
  static void trampoline(void* user, Uint8* bytes, int length);
  bool open(const char* device, bool capture, const SDL_AudioSpec& want, std::string& error);

  SDL_AudioDeviceID device_ = 0;
  SDL_AudioSpec spec_{};
  bool capture_ = false;
  std::string name_;
  CaptureCallback onCapture_;
  PlaybackCallback onPlayback_;
};

}  // namespace phosphene::platform
