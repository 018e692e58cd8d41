#pragma once
// The music-like test signal of the differential tool (tools/differential/differential.py
// make_wav: 120 bpm in A minor, a kick on every beat swept 150 -> 45 Hz, high-passed noise hi-hats
// on the off-beat eighths, a low-passed saw bass line, pad chords Am F C G), so the corpus render
// test and the differential check measure presets with the same music. Only the hi-hat noise
// differs sample by sample: it comes from a fixed-seed generator of this file, not numpy's.
//
// The PCM reaches the presets through the engine's own analysis (audio::PcmInput, then
// audio::Analyzer), split into video frames as `phosphene render` splits a file (AudioFeed): no
// spectrum or band level here is made up.

#include <vector>

#include "audio/FrameAudio.hpp"

namespace phosphene::testing {

/// `seconds` of the signal at audio::kAnalysisSampleRate, interleaved stereo, clipped and rounded
/// to 16 bits exactly as make_wav writes its WAV (and as the CLI reads it back: sample / 32768).
std::vector<float> musicSignal(double seconds);

/// What the analysis hands the presets on each of `frames` video frames at a fixed `fps`, frame
/// k having received the samples [round(k*rate/fps), round((k+1)*rate/fps)) of `pcm` (silence
/// past its end). The result depends on nothing else, so one copy serves every preset.
std::vector<audio::FrameAudio> analyseMusic(const std::vector<float>& pcm, double fps, int frames);

}  // namespace phosphene::testing
