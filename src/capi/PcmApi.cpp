// PCM entry points: the producer side. No allocation, no locks, no logging, no last-error
// writes (that string belongs to the controller thread); the result code is the whole report.
// Nothing here can throw, but each entry is noexcept so a future change cannot leak one.

#include "capi/ApiEngine.hpp"

using phosphene::capi::toResult;

extern "C" {

phosphene_result phosphene_engine_add_pcm_float(phosphene_engine* engine, const float* samples,
                                                size_t frame_count, int channels,
                                                int sample_rate) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return toResult(engine->engine.pcm().addFloat(samples, frame_count, channels, sample_rate));
}

phosphene_result phosphene_engine_add_pcm_int16(phosphene_engine* engine, const int16_t* samples,
                                                size_t frame_count, int channels,
                                                int sample_rate) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return toResult(engine->engine.pcm().addInt16(samples, frame_count, channels, sample_rate));
}

phosphene_result phosphene_engine_add_pcm_uint8(phosphene_engine* engine, const uint8_t* samples,
                                                size_t frame_count, int channels,
                                                int sample_rate) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  return toResult(engine->engine.pcm().addUint8(samples, frame_count, channels, sample_rate));
}

uint64_t phosphene_engine_dropped_pcm_frames(const phosphene_engine* engine) noexcept {
  return engine == nullptr ? 0 : engine->engine.pcm().droppedFrames();
}

}  // extern "C"
