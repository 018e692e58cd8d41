#pragma once
// projectM's logging model: one callback and level for the whole process, and optionally one per
// thread that wins over it. This is the compat layer's only global state, because projectM's API
// has no handle in projectm_set_log_callback; Phosphene's engines log through their own per-engine
// sinks, which every instance forwards here (on the thread that called the API, so a thread's own
// sink sees the messages of the calls it makes, as projectM does).

#include "projectM-4/logging.h"

namespace phosphene::projectm4 {

void set_log_callback(projectm_log_callback callback, bool current_thread_only, void* user_data);
void set_log_level(projectm_log_level level, bool current_thread_only);
/// Delivers `message` when `level` is at or above the effective level and a callback is set.
void write_log(projectm_log_level level, const char* message) noexcept;

}  // namespace phosphene::projectm4
