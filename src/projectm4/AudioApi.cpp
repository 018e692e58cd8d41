// projectM's audio.h over Phosphene's PCM input. projectM takes 44.1 kHz samples, `count` per
// channel; Phosphene analyses every sample exactly as MilkDrop 2 does.
#include <phosphene/phosphene.h>

#include "HandleAccess.hpp"

namespace {

// MilkDrop's analysis window; projectM reports the same number.
constexpr unsigned int kMaxSamplesPerChannel = PHOSPHENE_WAVEFORM_SAMPLES;
constexpr int kSampleRate = 44100;

// projectM accepts only its two layouts; anything else is ignored (logged once).
bool accepted(projectm_handle instance, projectm_channels channels) {
  if (channels == PROJECTM_MONO || channels == PROJECTM_STEREO) return true;
  phosphene::projectm4::with_instance(instance, [](phosphene::projectm4::Instance& self) {
    // An atomic flag, not notice_once: this runs on the audio thread.
    if (self.pcm_channels_noticed.exchange(true)) return;
    phosphene::projectm4::write_log(PROJECTM_LOG_LEVEL_WARN,
                                    "Phosphene (projectM API): PCM with a channel count other "
                                    "than PROJECTM_MONO or PROJECTM_STEREO is ignored");
  });
  return false;
}

}  // namespace

extern "C" {

unsigned int projectm_pcm_get_max_samples(void) noexcept {
  return kMaxSamplesPerChannel;
}

void projectm_pcm_add_float(projectm_handle instance, const float* samples, unsigned int count,
                            projectm_channels channels) noexcept {
  if (instance == nullptr || samples == nullptr || !accepted(instance, channels)) return;
  phosphene_engine_add_pcm_float(phosphene::projectm4::instance_of(instance)->engine(), samples,
                                 count, static_cast<int>(channels), kSampleRate);
}

void projectm_pcm_add_int16(projectm_handle instance, const int16_t* samples, unsigned int count,
                            projectm_channels channels) noexcept {
  if (instance == nullptr || samples == nullptr || !accepted(instance, channels)) return;
  phosphene_engine_add_pcm_int16(phosphene::projectm4::instance_of(instance)->engine(), samples,
                                 count, static_cast<int>(channels), kSampleRate);
}

void projectm_pcm_add_uint8(projectm_handle instance, const uint8_t* samples, unsigned int count,
                            projectm_channels channels) noexcept {
  if (instance == nullptr || samples == nullptr || !accepted(instance, channels)) return;
  phosphene_engine_add_pcm_uint8(phosphene::projectm4::instance_of(instance)->engine(), samples,
                                 count, static_cast<int>(channels), kSampleRate);
}

}  // extern "C"
