#include "core/Logger.hpp"

namespace phosphene::core {

void Logger::setSink(Sink sink, LogLevel minimum) {
  std::lock_guard lock(mutex_);
  sink_ = std::move(sink);
  minimum_ = minimum;
}

bool Logger::enabled(LogLevel level) const {
  std::lock_guard lock(mutex_);
  return sink_ && level >= minimum_;
}

void Logger::log(LogLevel level, std::string_view message) const {
  std::lock_guard lock(mutex_);
  if (sink_ && level >= minimum_) sink_(level, message);
}

}  // namespace phosphene::core
