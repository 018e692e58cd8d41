// Engine lifetime, errors, logging, analysis: the controller-side entry points. Every one is
// noexcept and catches at the boundary, so no C++ exception ever reaches a C host.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include "capi/ApiEngine.hpp"

namespace {

#define PHOSPHENE_STR2(x) #x
#define PHOSPHENE_STR(x) PHOSPHENE_STR2(x)
constexpr const char* kVersionString = PHOSPHENE_STR(PHOSPHENE_VERSION_MAJOR) "." PHOSPHENE_STR(
    PHOSPHENE_VERSION_MINOR) "." PHOSPHENE_STR(PHOSPHENE_VERSION_PATCH);

using phosphene::capi::enumValue;
using phosphene::capi::readVersioned;
using phosphene::capi::writeVersioned;

void logTo(phosphene_log_fn fn, void* user, phosphene_log_level level, const char* message) {
  if (fn != nullptr) fn(user, level, message);
}

bool validLevel(int level) {
  return level >= PHOSPHENE_LOG_DEFAULT && level <= PHOSPHENE_LOG_ERROR;
}

phosphene::core::LogLevel fromC(int level) {
  return level == PHOSPHENE_LOG_DEFAULT ? phosphene::core::LogLevel::Info
                                        : static_cast<phosphene::core::LogLevel>(level - 1);
}

void installSink(phosphene::core::Logger& logger, phosphene_log_fn fn, void* user,
                 phosphene_log_level minLevel) {
  if (fn == nullptr) {
    logger.setSink(nullptr);
    return;
  }
  logger.setSink(
      [fn, user](phosphene::core::LogLevel level, std::string_view message) {
        const std::string text(message);  // the C side needs a terminated string
        fn(user, phosphene::capi::toC(level), text.c_str());
      },
      fromC(minLevel));
}

// Copies what the host filled in over the defaults; fails on a struct this library cannot know.
phosphene_result readDesc(const phosphene_engine_desc* given, phosphene_engine_desc& desc,
                          const char*& why) {
  phosphene_engine_desc_init(&desc);
  if (given != nullptr && readVersioned(given, desc) != PHOSPHENE_OK) {
    why =
        "phosphene_engine_desc.struct_size is not one this library knows (use "
        "phosphene_engine_desc_init)";
    return PHOSPHENE_ERROR_ABI_MISMATCH;
  }
  if (desc.api_version != 0 && (desc.api_version >> 16) != PHOSPHENE_VERSION_MAJOR) {
    why = "the host was built for another major version of Phosphene";
    return PHOSPHENE_ERROR_ABI_MISMATCH;
  }
  if (desc.fps == 0.0) desc.fps = PHOSPHENE_DEFAULT_FPS;
  if (!std::isfinite(desc.fps) || desc.fps < PHOSPHENE_MIN_FPS || desc.fps > PHOSPHENE_MAX_FPS) {
    why = "phosphene_engine_desc.fps must be between 1 and 1000 (or 0 for 60)";
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  if (desc.pcm_buffer_frames == 0) desc.pcm_buffer_frames = PHOSPHENE_DEFAULT_PCM_BUFFER_FRAMES;
  if (desc.pcm_buffer_frames < PHOSPHENE_MIN_PCM_BUFFER_FRAMES ||
      desc.pcm_buffer_frames > PHOSPHENE_MAX_PCM_BUFFER_FRAMES) {
    why = "phosphene_engine_desc.pcm_buffer_frames must be between 1024 and 4194304 (or 0)";
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  if ((desc.flags & ~PHOSPHENE_ENGINE_NO_WAVE_ALIGNMENT) != 0) {
    why = "phosphene_engine_desc.flags has bits this library does not know";
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  if (!validLevel(enumValue(desc.log_min_level))) {
    why = "phosphene_engine_desc.log_min_level is not a phosphene_log_level";
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  return PHOSPHENE_OK;
}

}  // namespace

extern "C" {

uint32_t phosphene_version(void) noexcept {
  return PHOSPHENE_VERSION;
}

const char* phosphene_version_string(void) noexcept {
  return kVersionString;
}

const char* phosphene_result_string(phosphene_result result) noexcept {
  switch (result) {
    case PHOSPHENE_OK:
      return "ok";
    case PHOSPHENE_ERROR_INVALID_ARGUMENT:
      return "invalid argument";
    case PHOSPHENE_ERROR_OUT_OF_MEMORY:
      return "out of memory";
    case PHOSPHENE_ERROR_ABI_MISMATCH:
      return "ABI mismatch";
    case PHOSPHENE_ERROR_UNSUPPORTED_FORMAT:
      return "unsupported format";
    case PHOSPHENE_ERROR_INTERNAL:
      return "internal error";
    case PHOSPHENE_ERROR_IO:
      return "I/O error";
    case PHOSPHENE_ERROR_PRESET_INVALID:
      return "invalid preset";
    case PHOSPHENE_ERROR_GL:
      return "OpenGL error";
    case PHOSPHENE_ERROR_NO_CONTEXT:
      return "no current GL context";
    case PHOSPHENE_ERROR_GL_VERSION:
      return "GL version too low";
    case PHOSPHENE_ERROR_NOT_FOUND:
      return "not found";
    case PHOSPHENE_RESULT_FORCE_U32:
      break;
  }
  return "unknown result";
}

phosphene_result phosphene_engine_create(const phosphene_engine_desc* given,
                                         phosphene_engine** out_engine) noexcept {
  if (out_engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  *out_engine = nullptr;
  phosphene_engine_desc desc{};
  const char* why = "";
  const phosphene_result check = readDesc(given, desc, why);
  if (check != PHOSPHENE_OK) {
    if (given != nullptr) logTo(given->log_fn, given->log_user_data, PHOSPHENE_LOG_ERROR, why);
    return check;
  }
  try {
    phosphene::engine::EngineSettings settings;
    settings.fps = desc.fps;
    settings.seed = desc.seed;
    settings.pcmRingFrames = desc.pcm_buffer_frames;
    settings.alignWaves = (desc.flags & PHOSPHENE_ENGINE_NO_WAVE_ALIGNMENT) == 0;
    auto handle = std::make_unique<phosphene_engine>(settings);
    phosphene::capi::initDataDir(*handle);
    installSink(handle->engine.logger(), desc.log_fn, desc.log_user_data,
                static_cast<phosphene_log_level>(enumValue(desc.log_min_level)));
    handle->engine.logger().log(phosphene::core::LogLevel::Debug,
                                std::string("engine created, Phosphene ") + kVersionString);
    *out_engine = handle.release();  // ownership passes to the host until engine_destroy
    return PHOSPHENE_OK;
  } catch (const std::bad_alloc&) {
    logTo(desc.log_fn, desc.log_user_data, PHOSPHENE_LOG_ERROR, "out of memory creating engine");
    return PHOSPHENE_ERROR_OUT_OF_MEMORY;
  } catch (...) {
    logTo(desc.log_fn, desc.log_user_data, PHOSPHENE_LOG_ERROR, "internal error creating engine");
    return PHOSPHENE_ERROR_INTERNAL;
  }
}

void phosphene_engine_destroy(phosphene_engine* engine) noexcept {
  std::unique_ptr<phosphene_engine> owned(engine);  // takes back what create released
  // No context current (a garbage collector, a context destroyed first): deleting GL objects
  // would abort the host inside libepoxy, so they are forgotten instead.
  if (owned && !owned->engine.contextCurrent()) owned->engine.releaseGl();
}

const char* phosphene_engine_last_error(const phosphene_engine* engine) noexcept {
  return engine == nullptr ? "" : engine->engine.lastError().c_str();
}

phosphene_result phosphene_engine_set_log_callback(phosphene_engine* engine, phosphene_log_fn fn,
                                                   void* user_data,
                                                   phosphene_log_level min_level) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (!validLevel(enumValue(min_level))) {
    engine->engine.setLastError("phosphene_engine_set_log_callback: min_level is not a log level");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  try {
    installSink(engine->engine.logger(), fn, user_data, min_level);
    return PHOSPHENE_OK;
  } catch (...) {
    return PHOSPHENE_ERROR_OUT_OF_MEMORY;  // only the std::function copy can fail
  }
}

phosphene_result phosphene_engine_get_audio(const phosphene_engine* engine,
                                            phosphene_audio_frame* out) noexcept {
  // A getter, like the other const calls it leaves the last error alone: the codes say it all.
  if (engine == nullptr || out == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (phosphene::capi::structSize(out) < phosphene::capi::kMinStructSize)
    return PHOSPHENE_ERROR_ABI_MISMATCH;
  const auto& e = engine->engine;
  if (!e.clock().started()) return PHOSPHENE_ERROR_INVALID_ARGUMENT;  // no frame yet
  phosphene_audio_frame full;
  phosphene::capi::fillAudioFrame(e.audio(), e.clock().frame(), e.clock().time(), e.clock().fps(),
                                  full);
  return phosphene::capi::writeVersioned(out, full);
}

}  // extern "C"

namespace phosphene::capi {

void fillAudioFrame(const audio::FrameAudio& a, std::uint64_t frame, double time, double fps,
                    phosphene_audio_frame& out_) {
  phosphene_audio_frame* out = &out_;
  out->frame = frame;
  out->time_s = time;
  out->fps = fps;
  out->bass = a.bass;
  out->mid = a.mid;
  out->treb = a.treb;
  out->bass_att = a.bass_att;
  out->mid_att = a.mid_att;
  out->treb_att = a.treb_att;
  out->vol = a.vol;
  out->vol_att = a.vol_att;
  out->beat = a.beat ? 1 : 0;
  out->hard_cut = a.hard_cut ? 1 : 0;
  for (int ch = 0; ch < 2; ++ch) {
    std::copy(a.waveform[ch].begin(), a.waveform[ch].end(), out->waveform[ch]);
    std::copy(a.spectrum[ch].begin(), a.spectrum[ch].end(), out->spectrum[ch]);
  }
}

}  // namespace phosphene::capi
