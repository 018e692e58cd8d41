/*
 * memory.h — strings that cross the projectM API. Strings the library returns belong to the
 * caller, who frees them with projectm_free_string.
 */
#ifndef PROJECTM_MEMORY_H
#define PROJECTM_MEMORY_H

#include "projectM-4/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A zero-filled buffer of `length` bytes (at least 1) for a string handed to the
 *  library; NULL when memory ran out. Free with projectm_free_string. @since 4.0.0 */
PROJECTM_EXPORT char* projectm_alloc_string(unsigned int length) PROJECTM_NOEXCEPT;

/** @brief Frees a string from projectm_alloc_string or one the library returned; NULL is
 *  ignored. @since 4.0.0 */
PROJECTM_EXPORT void projectm_free_string(const char* str) PROJECTM_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_MEMORY_H */
