#pragma once
// Writes interleaved float PCM as a 16-bit WAV file: the demo track's audio for ffmpeg to mux,
// and small fixtures for tests.

#include <string>
#include <vector>

namespace phosphene::cli {

/// False with `error` set on failure. Samples are clipped to +-1.
bool writeWav16(const std::string& path, const std::vector<float>& interleaved, int channels,
                int sampleRate, std::string& error);

}  // namespace phosphene::cli
