/*
 * playlist_memory.h — freeing what the playlist returns.
 */
#ifndef PROJECTM_PLAYLIST_MEMORY_H
#define PROJECTM_PLAYLIST_MEMORY_H

#include "projectM-4/playlist_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Frees a string from projectm_playlist_item; NULL is ignored. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT void projectm_playlist_free_string(char* string)
    PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Frees a NULL-terminated array from projectm_playlist_items / _get_filter and its
 *  strings; NULL is ignored. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT void projectm_playlist_free_string_array(char** array)
    PROJECTM_PLAYLIST_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_PLAYLIST_MEMORY_H */
