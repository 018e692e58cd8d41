#pragma once
// The engine's one error channel for frames: a status the C API maps to its result codes, and
// every diagnostic behind it (lastError() keeps the first one's message).

#include <utility>

#include "core/Diagnostic.hpp"

namespace phosphene::engine {

/// Why a frame call failed, from the failure itself (the C API's result codes map from it).
enum class FrameStatus { Ok, InvalidArgument, NoContext, GlVersion, GlError };

/// A frame call's outcome: true when it went well; lastError() says more otherwise.
struct FrameResult {
  FrameResult(FrameStatus s = FrameStatus::Ok, core::Diagnostics d = {})  // NOLINT: implicit
      : status(s), diagnostics(std::move(d)) {}
  FrameStatus status = FrameStatus::Ok;
  core::Diagnostics diagnostics;  // every problem the call met, not only the first
  explicit operator bool() const { return status == FrameStatus::Ok; }
};

}  // namespace phosphene::engine
