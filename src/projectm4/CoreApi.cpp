// projectM's core.h, callbacks.h, logging.h and memory.h over Phosphene (docs/projectm-compat.md).
#include <cstdlib>
#include <cstring>
#include <string>

#include "HandleAccess.hpp"

using phosphene::projectm4::Instance;
using phosphene::projectm4::Notice;
using phosphene::projectm4::with_instance;

namespace {

char* copy_to_new_string(const std::string& text) noexcept {
  char* copy = static_cast<char*>(std::malloc(text.size() + 1));
  if (copy != nullptr) std::memcpy(copy, text.c_str(), text.size() + 1);
  return copy;
}

}  // namespace

extern "C" {

projectm_handle projectm_create(void) noexcept {
  try {
    return reinterpret_cast<projectm_handle>(Instance::create().release());
  } catch (...) {
    return nullptr;
  }
}

projectm_handle projectm_create_with_opengl_load_proc(projectm_load_proc load_proc,
                                                      void* /*user_data*/) noexcept {
  projectm_handle handle = projectm_create();
  with_instance(handle, [&](Instance& self) {
    if (load_proc != nullptr) {
      self.notice_once(Notice::load_proc_unused, PROJECTM_LOG_LEVEL_INFO,
                       "Phosphene resolves GL functions itself (libepoxy); the load_proc given "
                       "to projectm_create_with_opengl_load_proc is not used");
    }
  });
  return handle;
}

void projectm_destroy(projectm_handle instance) noexcept {
  std::unique_ptr<Instance> owned(phosphene::projectm4::instance_of(instance));
}

void projectm_load_preset_file(projectm_handle instance, const char* filename,
                               bool smooth_transition) noexcept {
  with_instance(instance, [&](Instance& self) { self.load_file(filename, smooth_transition); });
}

void projectm_load_preset_data(projectm_handle instance, const char* data,
                               bool smooth_transition) noexcept {
  with_instance(instance, [&](Instance& self) { self.load_data(data, smooth_transition); });
}

void projectm_reset_textures(projectm_handle instance) noexcept {
  with_instance(instance, [](Instance& self) { self.reset_textures(); });
}

void projectm_get_version_components(int* major, int* minor, int* patch) noexcept {
  if (major != nullptr) *major = PROJECTM_VERSION_MAJOR;
  if (minor != nullptr) *minor = PROJECTM_VERSION_MINOR;
  if (patch != nullptr) *patch = PROJECTM_VERSION_PATCH;
}

char* projectm_get_version_string(void) noexcept {
  return copy_to_new_string(PROJECTM_VERSION_STRING);
}

char* projectm_get_vcs_version_string(void) noexcept {
  try {
    return copy_to_new_string(std::string("phosphene-") + phosphene_version_string());
  } catch (...) {
    return nullptr;
  }
}

char* projectm_alloc_string(unsigned int length) noexcept {
  return static_cast<char*>(std::calloc(length > 0 ? length : 1, 1));
}

void projectm_free_string(const char* str) noexcept {
  std::free(const_cast<char*>(str));  // allocated by malloc/calloc above
}

void projectm_set_preset_switch_requested_event_callback(
    projectm_handle instance, projectm_preset_switch_requested_event callback,
    void* user_data) noexcept {
  with_instance(instance, [&](Instance& self) {
    self.switch_requested = callback;
    self.switch_requested_data = callback != nullptr ? user_data : nullptr;
  });
}

void projectm_set_preset_switch_failed_event_callback(projectm_handle instance,
                                                      projectm_preset_switch_failed_event callback,
                                                      void* user_data) noexcept {
  with_instance(instance, [&](Instance& self) {
    self.switch_failed = callback;
    self.switch_failed_data = callback != nullptr ? user_data : nullptr;
  });
}

void projectm_set_texture_load_event_callback(projectm_handle instance,
                                              projectm_texture_load_event callback,
                                              void* user_data) noexcept {
  with_instance(instance, [&](Instance& self) { self.set_texture_load(callback, user_data); });
}

void projectm_set_log_callback(projectm_log_callback callback, bool current_thread_only,
                               void* user_data) noexcept {
  phosphene::projectm4::set_log_callback(callback, current_thread_only, user_data);
}

void projectm_set_log_level(projectm_log_level log_level, bool current_thread_only) noexcept {
  if (log_level < PROJECTM_LOG_LEVEL_NOTSET || log_level > PROJECTM_LOG_LEVEL_FATAL) return;
  phosphene::projectm4::set_log_level(log_level, current_thread_only);
}

}  // extern "C"
