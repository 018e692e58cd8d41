#pragma once
// What the C API's handles point to, and the helpers its entry-point files share.

#include <phosphene/phosphene.h>

#include <cstddef>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include "capi/ApiPlaylist.hpp"
#include "engine/Engine.hpp"

/// A preset handle: immutable once made, so any thread may read it.
struct phosphene_preset {
  phosphene::engine::PresetSource source;  // what engines prepare (the text is read already)
  phosphene_result status = PHOSPHENE_OK;
  std::string name, path;
  phosphene::core::Diagnostics diagnostics;
};

struct phosphene_engine {
  explicit phosphene_engine(const phosphene::engine::EngineSettings& settings)
      : engine(settings), playlist(engine, settings.seed) {
    playlist.owner = this;
    playlist.attach();
    engine.setEventListener(
        [this](const phosphene::engine::EngineEvent& e) { playlist.onEvent(e); });
  }
  phosphene_engine(const phosphene_engine&) = delete;
  phosphene_engine& operator=(const phosphene_engine&) = delete;
  phosphene::engine::Engine engine;
  phosphene_playlist playlist;
  // The event phosphene_engine_poll_event handed out last: its strings live until the next poll.
  phosphene::engine::EngineEvent lastEvent;
  std::string lastEventName, lastEventPath;
  // share/phosphene for this engine (phosphene_engine_set_data_dir); its textures/ folder is the
  // default texture search path.
  std::string dataDir;
  // The last sprite load's or launch's diagnostics (phosphene_sprite_diagnostic).
  phosphene::core::Diagnostics spriteDiagnostics;
  // The last milk_msg.ini load's diagnostics (phosphene_engine_message_diagnostic).
  phosphene::core::Diagnostics messageDiagnostics;
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

inline phosphene_result toResult(engine::FrameStatus status) {
  switch (status) {
    case engine::FrameStatus::Ok:
      return PHOSPHENE_OK;
    case engine::FrameStatus::InvalidArgument:
      return PHOSPHENE_ERROR_INVALID_ARGUMENT;
    case engine::FrameStatus::NoContext:
      return PHOSPHENE_ERROR_NO_CONTEXT;
    case engine::FrameStatus::GlVersion:
      return PHOSPHENE_ERROR_GL_VERSION;
    case engine::FrameStatus::GlError:
      return PHOSPHENE_ERROR_GL;
  }
  return PHOSPHENE_ERROR_INTERNAL;
}

inline phosphene_log_level toC(core::LogLevel level) {
  return static_cast<phosphene_log_level>(static_cast<int>(level) + 1);
}

inline phosphene_log_level toC(core::Severity severity) {
  return severity == core::Severity::Error     ? PHOSPHENE_LOG_ERROR
         : severity == core::Severity::Warning ? PHOSPHENE_LOG_WARNING
                                               : PHOSPHENE_LOG_INFO;
}

/// The caller's struct_size, read as bytes: a C host may pass anything there.
template <typename T>
std::uint32_t structSize(const T* s) {
  std::uint32_t size = 0;
  std::memcpy(&size, s, sizeof size);
  return size;
}

/// The least struct_size any caller may pass: struct_size itself and part of a field (0: the
/// caller did not set it).
inline constexpr std::size_t kMinStructSize = sizeof(std::uint32_t) + 1;

/// Writes `value` into a caller's output struct, no more than the caller's struct_size bytes
/// (an older host's struct is smaller). Below `firstVersion` bytes the caller is not one we know.
template <typename T>
phosphene_result writeVersioned(T* out, const T& value, std::size_t firstVersion = kMinStructSize) {
  const std::uint32_t size = structSize(out);
  if (size < firstVersion) return PHOSPHENE_ERROR_ABI_MISMATCH;
  std::memcpy(static_cast<void*>(out), &value, std::min<std::size_t>(size, sizeof(T)));
  std::memcpy(static_cast<void*>(out), &size, sizeof size);  // theirs, not ours
  return PHOSPHENE_OK;
}

/// Reads a caller's description over `out` (which holds the defaults): their struct_size bytes;
/// a larger struct (a newer host) is accepted when the fields this library does not know are 0.
template <typename T>
phosphene_result readVersioned(const T* given, T& out, std::size_t firstVersion = kMinStructSize) {
  const std::uint32_t size = structSize(given);
  if (size < firstVersion) return PHOSPHENE_ERROR_ABI_MISMATCH;
  if (size > sizeof(T)) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(given);
    for (std::size_t i = sizeof(T); i < size; ++i)
      if (bytes[i] != 0) return PHOSPHENE_ERROR_ABI_MISMATCH;
  }
  std::memcpy(static_cast<void*>(&out), given, std::min<std::size_t>(size, sizeof(T)));
  out.struct_size = sizeof(T);
  return PHOSPHENE_OK;
}

/// An enum field of a caller's struct read as the int it is (values outside the enumerators are
/// undefined behaviour through the C++ enum type).
template <typename E>
int enumValue(const E& field) {
  static_assert(sizeof(E) == sizeof(int));
  int value = 0;
  std::memcpy(&value, &field, sizeof value);
  return value;
}

/// A host's transition desc (NULL: the default) as Engine::requestPreset's seconds (negative:
/// the user blend time). On a desc not understood: the error to return, with the last error set.
/// Callers keep it in a named variable, not a structured binding: Clang 14 (the minimal build
/// and Emscripten) cannot capture bindings in the lambdas that follow.
struct TransitionSeconds {
  double seconds = -1.0;
  phosphene_result result = PHOSPHENE_OK;
};
TransitionSeconds readTransition(phosphene_engine& engine, const char* function,
                                 const phosphene_transition_desc* transition);
/// A phosphene_diagnostic view of one of ours (strings stay owned by `d`).
phosphene_diagnostic toC(const core::Diagnostic& d);
/// Writes one of `all` into a caller's struct (INVALID_ARGUMENT past the end).
phosphene_result diagnosticAt(const core::Diagnostics& all, std::uint32_t index,
                              phosphene_diagnostic* out);
/// The audio part of a frame as phosphene_audio_frame (every field but struct_size).
void fillAudioFrame(const audio::FrameAudio& audio, std::uint64_t frame, double time, double fps,
                    phosphene_audio_frame& out);

/// A new engine's data folder (phosphene_default_data_dir) and default texture search path
/// (its textures/ folder). BuildInfoApi.cpp.
void initDataDir(phosphene_engine& handle);

}  // namespace phosphene::capi
