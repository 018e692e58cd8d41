/*
 * logging.h — where the library's messages go. The callback and the level are kept per thread
 * (current_thread_only) or for the whole process; a thread's own setting wins over the
 * process-wide one. Messages are logged on the thread that calls the API.
 */
#ifndef PROJECTM_LOGGING_H
#define PROJECTM_LOGGING_H

#include "projectM-4/types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  PROJECTM_LOG_LEVEL_NOTSET = 0, /* the default: INFO */
  PROJECTM_LOG_LEVEL_TRACE = 1,
  PROJECTM_LOG_LEVEL_DEBUG = 2,
  PROJECTM_LOG_LEVEL_INFO = 3,
  PROJECTM_LOG_LEVEL_WARN = 4,
  PROJECTM_LOG_LEVEL_ERROR = 5,
  PROJECTM_LOG_LEVEL_FATAL = 6
} projectm_log_level;

/** One message (valid during the call) and its level. */
typedef void (*projectm_log_callback)(const char* message, projectm_log_level log_level,
                                      void* user_data);

/** @brief Sets (NULL: removes) the log callback of this thread or of the process. @since 4.2.0 */
PROJECTM_EXPORT void projectm_set_log_callback(projectm_log_callback callback,
                                               bool current_thread_only,
                                               void* user_data) PROJECTM_NOEXCEPT;

/** @brief Sets the least severe level delivered, for this thread or the process. @since 4.2.0 */
PROJECTM_EXPORT void projectm_set_log_level(projectm_log_level log_level,
                                            bool current_thread_only) PROJECTM_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_LOGGING_H */
