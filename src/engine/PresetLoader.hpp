#pragma once
// Prepares presets (PreparedPreset: read, parse, compile, translate) on a worker thread, so the
// render thread never stalls on a load: it asks, keeps drawing, and takes the result when it is
// ready. One worker per engine, started on the first request and joined by the destructor; the
// engine's eel::Globals and its TranslationCache (thread-safe) are shared with it.
//
// Requests are served in order. A newer request does not cancel an older one: the engine decides
// what to do with each result (it keeps only the newest it is waiting for).
//
// Without threads (WebAssembly built without pthreads, which needs no cross-origin isolation)
// there is no worker: the render thread prepares the front request in slices
// (PresetPreparation::step), one slice per take(), i.e. one per frame, so a shader preset costs a
// few frames a little each instead of one frame seconds long. The choice is made at compile time.

#if !defined(PHOSPHENE_LOADER_THREAD)
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define PHOSPHENE_LOADER_THREAD 0
#else
#define PHOSPHENE_LOADER_THREAD 1
#endif
#endif

#include <cstdint>
#include <deque>
#include <optional>
#include <utility>
#include <vector>
#if PHOSPHENE_LOADER_THREAD
#include <condition_variable>
#include <mutex>
#include <thread>
#endif

#include "engine/PreparedPreset.hpp"

namespace phosphene::engine {

class PresetLoader {
 public:
  PresetLoader(eel::Globals& globals, shader::TranslationCache& translations);
  ~PresetLoader();
  PresetLoader(const PresetLoader&) = delete;
  PresetLoader& operator=(const PresetLoader&) = delete;

  /// Queues a preparation; returns its ticket (never 0).
  std::uint64_t request(PresetSource source, shader::Dialect dialect,
                        std::vector<std::filesystem::path> textureSearchPath = {});
  /// The result of `ticket` when it is ready (once), else nothing. Never blocks (without threads:
  /// does one slice of the front request first).
  std::optional<PreparedPreset> take(std::uint64_t ticket);
  /// Blocks until `ticket` is ready and returns it (offline rendering: the fixed clock waits for
  /// the incoming preset so the output is the same for the same options).
  PreparedPreset wait(std::uint64_t ticket);
  /// Prepares on the calling thread (synchronous loads), with the same rules.
  PreparedPreset prepareNow(const PresetSource& source, shader::Dialect dialect,
                            const std::vector<std::filesystem::path>& textureSearchPath = {});
  /// Requests queued or in preparation.
  std::size_t pending() const;

 private:
  struct Job {
    std::uint64_t ticket = 0;
    PresetSource source;
    shader::Dialect dialect = shader::Dialect::Glsl330;
    std::vector<std::filesystem::path> textureSearchPath;
  };
  void finish(std::uint64_t ticket, PreparedPreset prepared);
  std::optional<PreparedPreset> takeReady(std::uint64_t ticket);  // and forget it
  bool queued(std::uint64_t ticket) const;                        // waiting in jobs_
  static PreparedPreset unknownTicket();

  eel::Globals& globals_;
  shader::TranslationCache& translations_;
  std::deque<Job> jobs_;
  std::deque<std::pair<std::uint64_t, PreparedPreset>> ready_;
  std::uint64_t nextTicket_ = 1;
#if PHOSPHENE_LOADER_THREAD
  void run();

  mutable std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::uint64_t working_ = 0;  // ticket in preparation, 0 when idle
  bool stop_ = false;
  std::thread worker_;
#else
  /// One slice of the front request; false when there was nothing to do.
  bool sliceFront();

  std::uint64_t workingTicket_ = 0;  // the request `working_` prepares
  std::optional<PresetPreparation> working_;
#endif
};

}  // namespace phosphene::engine
