/*
 * debug.h — writing a frame to a file for debugging.
 */
#ifndef PROJECTM_DEBUG_H
#define PROJECTM_DEBUG_H

#include "projectM-4/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Asks for the next frame to be written to output_file (NULL: a default name). Not
 *  available in Phosphene yet: checked and logged once. @since 4.0.0 */
PROJECTM_EXPORT void projectm_write_debug_image_on_next_frame(
    projectm_handle instance, const char* output_file) PROJECTM_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_DEBUG_H */
