#pragma once
// What a phosphene_engine handle points to, shared by the C API's entry-point files.

#include <phosphene/phosphene.h>

#include <deque>
#include <new>
#include <string>

#include "engine/Engine.hpp"

struct phosphene_engine {
  explicit phosphene_engine(const phosphene::engine::EngineSettings& settings) : engine(settings) {}
  phosphene::engine::Engine engine;
  // phosphene_poll_event hands events out one by one; the message of the last one lives here.
  std::deque<phosphene::engine::EngineEvent> events;
  std::string eventMessage;
};

namespace phosphene::capi {

/// Runs `body` (returning a phosphene_result) so that no exception crosses the C boundary: out of
/// memory and anything else become result codes with the engine's last error set.
template <typename F>
phosphene_result guarded(phosphene_engine* engine, const char* what, F&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    engine->engine.setLastError(std::string(what) + ": out of memory");
    return PHOSPHENE_ERROR_OUT_OF_MEMORY;
  } catch (...) {
    engine->engine.setLastError(std::string(what) + ": internal error");
    return PHOSPHENE_ERROR_INTERNAL;
  }
}

inline phosphene_result toResult(audio::PcmStatus status) {
  switch (status) {
    case audio::PcmStatus::Ok:
      return PHOSPHENE_OK;
    case audio::PcmStatus::InvalidArgument:
      return PHOSPHENE_ERROR_INVALID_ARGUMENT;
    case audio::PcmStatus::UnsupportedFormat:
      return PHOSPHENE_ERROR_UNSUPPORTED_FORMAT;
  }
  return PHOSPHENE_ERROR_INTERNAL;
}

}  // namespace phosphene::capi
