#pragma once
// Live audio for the visualizer: an SDL capture device whose samples go straight to the engine.
// The default is what the computer is playing (the monitor of the default output), then the
// default input, then silence; every choice is said in one line so the user knows what is heard.
//
// The sound server can go away under a running player (PulseAudio or PipeWire restarted, a
// crash, a logout of another session). SDL then reports the device removed and never reconnects
// by itself: its PulseAudio backend keeps the dead connection until the audio subsystem restarts.
// So a lost device is retried by restarting SDL's audio (on the same driver) about once a
// second until the same choice opens again; meanwhile the engine hears silence.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "SdlAudio.hpp"
#include "phosphene/phosphene.h"

namespace phosphene::play {

class CaptureSource {
 public:
  /// Starts SDL's audio; without a driver the source is silent (open says so).
  explicit CaptureSource(phosphene_engine* engine);
  ~CaptureSource();
  CaptureSource(const CaptureSource&) = delete;
  CaptureSource& operator=(const CaptureSource&) = delete;

  /// `wanted`: "" for the default chain, a device name, or an index into the capture list.
  /// Returns the line to print ("audio: capturing 'Monitor of ...'" / "... silence").
  std::string open(const std::string& wanted);
  /// The next device of the capture list (wrapping); returns the line to show.
  std::string cycle();
  const std::string& deviceName() const { return name_; }

  /// SDL said a capture device went away (SDL_AUDIODEVICEREMOVED): the one open is closed and
  /// retried from now on. Returns the line to show, "" when nothing was open.
  std::string deviceRemoved();
  bool lost() const { return lost_; }
  /// While lost, at most once per second (by `now`, seconds): restarts SDL's audio and opens
  /// the same choice again. The line to show once it is back.
  std::optional<std::string> retry(double now);
  /// While lost, `seconds` of silence to the engine (render thread; no stream is feeding it
  /// then), so the picture shows silence instead of the last window heard, frozen.
  void feedSilenceWhileLost(double seconds);

 private:
  bool tryOpen(const std::string& device, std::string& error);
  bool restartAudio(std::string& error);

  phosphene_engine* engine_;
  std::unique_ptr<platform::SdlAudioSystem> audio_;
  std::unique_ptr<platform::SdlAudioStream> stream_;
  std::string startError_;  // why there is no audio driver
  std::string driver_;      // the driver the first open used: a retry keeps to it
  std::string name_;
  std::string wanted_;        // what open() was asked for, for the retries
  bool gotMonitor_ = false;   // the default chain found a monitor
  bool needMonitor_ = false;  // the lost device was a monitor: only a monitor counts as back
  bool lost_ = false;
  double nextRetry_ = 0;
  std::vector<float> silence_;
};

}  // namespace phosphene::play
