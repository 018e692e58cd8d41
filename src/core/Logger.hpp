#pragma once
// A per-engine logger: the host installs a callback (C API) and every stage of that engine logs
// through it. No global state: two engines in one process log independently.

#include <functional>
#include <mutex>
#include <string_view>

namespace phosphene::core {

enum class LogLevel : int { Debug = 0, Info = 1, Warning = 2, Error = 3 };

class Logger {
 public:
  using Sink = std::function<void(LogLevel, std::string_view)>;

  void setSink(Sink sink, LogLevel minimum = LogLevel::Info);
  void log(LogLevel level, std::string_view message) const;
  bool enabled(LogLevel level) const;

 private:
  mutable std::mutex mutex_;  // the sink may be replaced while the render thread logs
  Sink sink_;
  LogLevel minimum_ = LogLevel::Info;
};

}  // namespace phosphene::core
