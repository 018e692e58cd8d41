#include "AudioReport.hpp"

#include <cmath>
#include <cstdio>

namespace phosphene::play {
namespace {

// The waveform's full scale is about +-128 (phosphene_audio_frame); below this RMS a channel is
// called silent (-60 dB), so a quiet room's dither never reports a "loudest frequency".
constexpr double kWaveformFullScale = 128.0;
constexpr double kSilentRms = 1e-3;
// Bin i of the spectrum is i * rate / 1024 Hz (phosphene_core.h).
constexpr double kHzPerBin = PHOSPHENE_ANALYSIS_SAMPLE_RATE / 1024.0;

}  // namespace

ChannelSummary summariseChannel(const phosphene_audio_frame& frame, int channel) {
  ChannelSummary s;
  double sum = 0;
  for (float v : frame.waveform[channel]) sum += static_cast<double>(v) * v;
  s.rms = std::sqrt(sum / PHOSPHENE_WAVEFORM_SAMPLES) / kWaveformFullScale;
  if (s.rms < kSilentRms) return s;
  int loudest = 1;  // bin 0 is the mean, never a tone
  for (int i = 2; i < PHOSPHENE_SPECTRUM_BINS; ++i)
    if (frame.spectrum[channel][i] > frame.spectrum[channel][loudest]) loudest = i;
  s.peakHz = loudest * kHzPerBin;
  return s;
}

std::string describeAudio(const phosphene_audio_frame& frame) {
  std::string text = "audio: frame " + std::to_string(frame.frame);
  const char* names[2] = {"left", "right"};
  for (int c = 0; c < 2; ++c) {
    const ChannelSummary s = summariseChannel(frame, c);
    char part[64];
    if (s.peakHz > 0)
      std::snprintf(part, sizeof part, " %s %.0f Hz rms %.3f", names[c], s.peakHz, s.rms);
    else
      std::snprintf(part, sizeof part, " %s silent", names[c]);
    text += part;
  }
  char levels[64];
  std::snprintf(levels, sizeof levels, " bass %.2f mid %.2f treb %.2f", frame.bass, frame.mid,
                frame.treb);
  return text + levels;
}

}  // namespace phosphene::play
