#pragma once
// One line describing what the engine heard in a frame: the loudest frequency and the level of
// each channel, and MilkDrop's bass/mid/treb. `--script`'s `audio` action prints it, so a test
// (or a user wondering whether the visualizer hears anything) can tell which sound is analysed
// without looking at the picture.

#include <string>

#include "phosphene/phosphene.h"

namespace phosphene::play {

struct ChannelSummary {
  double peakHz = 0;  // centre of the loudest spectrum bin (0 when the channel is silent)
  double rms = 0;     // of the waveform, 1.0 = full scale
};

/// Channel 0 = left, 1 = right.
ChannelSummary summariseChannel(const phosphene_audio_frame& frame, int channel);

/// "audio: frame 120 left 991 Hz rms 0.250 right 4005 Hz rms 0.125 bass 1.02 mid 0.98 treb
/// 1.10"; a silent channel reads "left silent".
std::string describeAudio(const phosphene_audio_frame& frame);

}  // namespace phosphene::play
