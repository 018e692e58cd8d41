/*
 * audio.h — PCM input. Samples are taken as 44.1 kHz audio, `count` samples per channel, and may
 * come from any one thread at a time (typically the audio thread) while another renders.
 */
#ifndef PROJECTM_AUDIO_H
#define PROJECTM_AUDIO_H

#include "projectM-4/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Samples per channel one frame looks at (576, MilkDrop's window). Adding more per
 *  call is fine: every sample is analysed. @since 4.0.0 */
PROJECTM_EXPORT unsigned int projectm_pcm_get_max_samples(void) PROJECTM_NOEXCEPT;

/** @brief Adds float samples, full scale -1..1; `count` per channel, interleaved when
 *  channels is PROJECTM_STEREO. @since 4.0.0 */
PROJECTM_EXPORT void projectm_pcm_add_float(projectm_handle instance, const float* samples,
                                            unsigned int count,
                                            projectm_channels channels) PROJECTM_NOEXCEPT;

/** @brief Adds signed 16-bit samples, full scale -32768..32767. @since 4.0.0 */
PROJECTM_EXPORT void projectm_pcm_add_int16(projectm_handle instance, const int16_t* samples,
                                            unsigned int count,
                                            projectm_channels channels) PROJECTM_NOEXCEPT;

/** @brief Adds unsigned 8-bit samples, 128 = silence. @since 4.0.0 */
PROJECTM_EXPORT void projectm_pcm_add_uint8(projectm_handle instance, const uint8_t* samples,
                                            unsigned int count,
                                            projectm_channels channels) PROJECTM_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_AUDIO_H */
