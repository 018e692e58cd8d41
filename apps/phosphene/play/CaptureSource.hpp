#pragma once
// Live audio for the visualizer: an SDL capture device whose samples go straight to the engine.
// The default is what the computer is playing (the monitor of the default output), then the
// default input, then silence; every choice is said in one line so the user knows what is heard.

#include <memory>
#include <string>

#include "SdlAudio.hpp"
#include "phosphene/phosphene.h"

namespace phosphene::play {

class CaptureSource {
 public:
  /// `audio` may be null: no audio driver, silence.
  CaptureSource(phosphene_engine* engine, platform::SdlAudioSystem* audio);
  ~CaptureSource();
  CaptureSource(const CaptureSource&) = delete;
  CaptureSource& operator=(const CaptureSource&) = delete;

  /// `wanted`: "" for the default chain, a device name, or an index into the capture list.
  /// Returns the line to print ("audio: capturing 'Monitor of ...'" / "... silence").
  std::string open(const std::string& wanted);
  /// The next device of the capture list (wrapping); returns the line to show.
  std::string cycle();
  const std::string& deviceName() const { return name_; }

 private:
  bool tryOpen(const std::string& device, std::string& error);

  phosphene_engine* engine_;
  platform::SdlAudioSystem* audio_;
  std::unique_ptr<platform::SdlAudioStream> stream_;
  std::string name_;
};

}  // namespace phosphene::play
