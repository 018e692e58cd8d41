#pragma once
// The built-in demo track: a few seconds of generated music, so `phosphene render` shows
// something on a machine with no audio files. Every band of the analysis gets work: a kick on
// each beat (bass, beats), a bass line (bass/mid), a minor chord pad (mid), and off-beat hi-hats
// (treb). Pure arithmetic from a seed: the same seed gives the same samples on every machine.

#include <cstdint>
#include <vector>

namespace phosphene::cli {

struct DemoTrack {
  static constexpr int kSampleRate = 44100;
  static constexpr int kChannels = 2;
  static constexpr double kBpm = 120.0;
  static constexpr double kSeconds = 4.0;  // two bars of 4/4

  std::vector<float> samples;  // interleaved stereo, full scale +-1
  std::int64_t frames() const { return static_cast<std::int64_t>(samples.size()) / kChannels; }
};

/// Synthesises the demo. `seed` only changes the hi-hat noise (and so the bytes), not the music.
DemoTrack makeDemoTrack(std::uint64_t seed);

}  // namespace phosphene::cli
