#pragma once
// The C boundary of libprojectM-4: a projectm_handle is an Instance made with
// std::make_unique(...).release() in projectm_create and taken back in projectm_destroy. Every
// entry point goes through these helpers: a NULL handle does nothing (the fallback is returned)
// and no exception ever reaches the host.

#include <utility>

#include "Instance.hpp"
#include "LogDispatch.hpp"

namespace phosphene::projectm4 {

inline Instance* instance_of(projectm_handle handle) {
  return reinterpret_cast<Instance*>(handle);
}

template <typename Body>
void with_instance(projectm_handle handle, Body&& body) noexcept {
  if (handle == nullptr) return;
  try {
    std::forward<Body>(body)(*instance_of(handle));
  } catch (...) {
    write_log(PROJECTM_LOG_LEVEL_ERROR, "Phosphene (projectM API): out of memory");
  }
}

template <typename Result, typename Body>
Result with_instance_or(projectm_handle handle, Result fallback, Body&& body) noexcept {
  if (handle == nullptr) return fallback;
  try {
    return std::forward<Body>(body)(*instance_of(handle));
  } catch (...) {
    write_log(PROJECTM_LOG_LEVEL_ERROR, "Phosphene (projectM API): out of memory");
    return fallback;
  }
}

}  // namespace phosphene::projectm4
