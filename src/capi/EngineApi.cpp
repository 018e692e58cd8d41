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

constexpr double kMinFps = 1.0;
constexpr double kMaxFps = 1000.0;
constexpr uint32_t kMinRingFrames = 1024;
constexpr uint32_t kMaxRingFrames = 4194304;

void logTo(phosphene_log_fn fn, void* user, phosphene_log_level level, const char* message) {
  if (fn != nullptr) fn(user, level, message);
}

bool validLevel(int level) {
  return level >= PHOSPHENE_LOG_DEBUG && level <= PHOSPHENE_LOG_ERROR;
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
        fn(user, static_cast<phosphene_log_level>(level), text.c_str());
      },
      static_cast<phosphene::core::LogLevel>(minLevel));
}

// Copies what the host filled in over the defaults; fails on a struct this library cannot know.
phosphene_result readDesc(const phosphene_engine_desc* given, phosphene_engine_desc& desc,
                          const char*& why) {
  desc = phosphene_engine_desc_default();
  if (given == nullptr) return PHOSPHENE_OK;
  const uint32_t size =
      given->struct_size == 0 ? sizeof(phosphene_engine_desc) : given->struct_size;
  if (size > sizeof(phosphene_engine_desc) || size < offsetof(phosphene_engine_desc, fps)) {
    why = "phosphene_engine_desc.struct_size is not one this library knows";
    return PHOSPHENE_ERROR_ABI_MISMATCH;
  }
  std::memcpy(&desc, given, size);
  desc.struct_size = sizeof(phosphene_engine_desc);
  if (given->api_version != 0 && (given->api_version >> 16) != PHOSPHENE_VERSION_MAJOR) {
    why = "the host was built for another major version of Phosphene";
    return PHOSPHENE_ERROR_ABI_MISMATCH;
  }
  if (desc.fps == 0.0) desc.fps = 60.0;
  if (!std::isfinite(desc.fps) || desc.fps < kMinFps || desc.fps > kMaxFps) {
    why = "phosphene_engine_desc.fps must be between 1 and 1000 (or 0 for 60)";
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  if (desc.pcm_buffer_frames == 0) desc.pcm_buffer_frames = 65536;
  if (desc.pcm_buffer_frames < kMinRingFrames || desc.pcm_buffer_frames > kMaxRingFrames) {
    why = "phosphene_engine_desc.pcm_buffer_frames must be between 1024 and 4194304 (or 0)";
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  if ((desc.flags & ~PHOSPHENE_ENGINE_NO_WAVE_ALIGNMENT) != 0) {
    why = "phosphene_engine_desc.flags has bits this library does not know";
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  if (!validLevel(desc.log_min_level)) {
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
    case PHOSPHENE_ERROR_NO_PRESET:
      return "no preset loaded";
    case PHOSPHENE_ERROR_GL:
      return "OpenGL error";
  }
  return "unknown result";
}

phosphene_engine_desc phosphene_engine_desc_default(void) noexcept {
  phosphene_engine_desc desc{};
  desc.struct_size = sizeof(phosphene_engine_desc);
  desc.api_version = PHOSPHENE_VERSION;
  desc.fps = 60.0;
  desc.seed = 0;
  desc.pcm_buffer_frames = 65536;
  desc.log_fn = nullptr;
  desc.log_user_data = nullptr;
  desc.log_min_level = PHOSPHENE_LOG_INFO;
  desc.flags = 0;
  return desc;
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
    installSink(handle->engine.logger(), desc.log_fn, desc.log_user_data, desc.log_min_level);
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
}

const char* phosphene_last_error(const phosphene_engine* engine) noexcept {
  return engine == nullptr ? "" : engine->engine.lastError().c_str();
}

phosphene_result phosphene_set_log_callback(phosphene_engine* engine, phosphene_log_fn fn,
                                            void* user_data,
                                            phosphene_log_level min_level) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  if (!validLevel(min_level)) {
    engine->engine.setLastError("phosphene_set_log_callback: min_level is not a log level");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  try {
    installSink(engine->engine.logger(), fn, user_data, min_level);
    return PHOSPHENE_OK;
  } catch (...) {
    return PHOSPHENE_ERROR_OUT_OF_MEMORY;  // only the std::function copy can fail
  }
}

phosphene_result phosphene_audio_analyze(phosphene_engine* engine, double dt_s,
                                         phosphene_audio_frame* out) noexcept {
  if (engine == nullptr) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  auto& e = engine->engine;
  if (out == nullptr) {
    e.setLastError("phosphene_audio_analyze: out is NULL");
    return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  }
  try {
    if (!e.analyzeFrame(dt_s)) return PHOSPHENE_ERROR_INVALID_ARGUMENT;
  } catch (...) {
    e.setLastError("phosphene_audio_analyze: internal error");
    return PHOSPHENE_ERROR_INTERNAL;
  }
  const auto& a = e.audio();
  const auto& c = e.clock();
  out->frame = c.frame();
  out->time_s = c.time();
  out->fps = c.fps();
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
  return PHOSPHENE_OK;
}

}  // extern "C"
