#pragma once
// The engine of an offline run (`render`, `bench`), made through the public C API as a host makes
// one: a fixed clock at the run's frame rate, the run's seed, room for a whole video frame of
// audio, and its warnings on stderr as "phosphene COMMAND: ...". An engine that has drawn deletes
// its GL objects when destroyed, so it is made after the GL context and destroyed before it:
// declared after the context, it needs no ordering guard.

#include <phosphene/phosphene.h>

#include <cstdint>
#include <memory>
#include <string>

namespace phosphene::cli {

class OfflineEngine {
 public:
  /// Null with `error` when the library refuses.
  static std::unique_ptr<OfflineEngine> create(double fps, std::uint64_t seed,
                                               const std::string& command, std::string& error);
  ~OfflineEngine();
  OfflineEngine(const OfflineEngine&) = delete;
  OfflineEngine& operator=(const OfflineEngine&) = delete;

  phosphene_engine* get() const { return engine_; }
  /// The message of the engine's last failed call.
  std::string lastError() const { return phosphene_engine_last_error(engine_); }

 private:
  OfflineEngine() = default;
  phosphene_engine* engine_ = nullptr;
  std::string logPrefix_;  // "phosphene render: ", read by the log callback while engine_ lives
};

}  // namespace phosphene::cli
