#include "LogDispatch.hpp"

#include <mutex>

namespace phosphene::projectm4 {
namespace {

struct Sink {
  projectm_log_callback callback = nullptr;
  void* user_data = nullptr;
  bool has_callback = false;  // thread-local only: a thread's own choice, even "none"
  projectm_log_level level = PROJECTM_LOG_LEVEL_NOTSET;
};

// The process-wide sink, guarded because any thread may set it while another logs.
struct ProcessSink {
  std::mutex mutex;
  Sink sink;
};

ProcessSink& process_sink() {
  static ProcessSink instance;  // projectM's API is global here; see LogDispatch.hpp
  return instance;
}

thread_local Sink thread_sink;

projectm_log_level effective(projectm_log_level level) {
  return level == PROJECTM_LOG_LEVEL_NOTSET ? PROJECTM_LOG_LEVEL_INFO : level;
}

}  // namespace

void set_log_callback(projectm_log_callback callback, bool current_thread_only, void* user_data) {
  if (current_thread_only) {
    // A NULL callback for this thread hands the thread back to the process-wide sink.
    thread_sink.callback = callback;
    thread_sink.user_data = user_data;
    thread_sink.has_callback = callback != nullptr;
    return;
  }
  auto& process = process_sink();
  std::lock_guard lock(process.mutex);
  process.sink.callback = callback;
  process.sink.user_data = user_data;
}

void set_log_level(projectm_log_level level, bool current_thread_only) {
  if (current_thread_only) {
    thread_sink.level = level;  // NOTSET: the process-wide level applies again
    return;
  }
  auto& process = process_sink();
  std::lock_guard lock(process.mutex);
  process.sink.level = level;
}

void write_log(projectm_log_level level, const char* message) noexcept {
  if (message == nullptr) return;
  Sink chosen;
  {
    auto& process = process_sink();
    std::lock_guard lock(process.mutex);
    chosen = process.sink;
  }
  if (thread_sink.has_callback) {
    chosen.callback = thread_sink.callback;
    chosen.user_data = thread_sink.user_data;
  }
  if (thread_sink.level != PROJECTM_LOG_LEVEL_NOTSET) chosen.level = thread_sink.level;
  if (chosen.callback == nullptr || level < effective(chosen.level)) return;
  // The callback is called outside the lock, so it may set callbacks or levels itself.
  chosen.callback(message, level, chosen.user_data);
}

}  // namespace phosphene::projectm4
