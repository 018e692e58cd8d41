#pragma once
// What a phosphene_engine handle points to, shared by the C API's entry-point files.

#include <phosphene/phosphene.h>

#include "engine/Engine.hpp"

struct phosphene_engine {
  explicit phosphene_engine(const phosphene::engine::EngineSettings& settings) : engine(settings) {}
  phosphene::engine::Engine engine;
};

namespace phosphene::capi {

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
