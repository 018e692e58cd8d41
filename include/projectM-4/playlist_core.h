/*
 * playlist_core.h — creating a playlist and connecting it to an instance. A connected playlist
 * takes over the instance's switch-requested and switch-failed callbacks.
 */
#ifndef PROJECTM_PLAYLIST_CORE_H
#define PROJECTM_PLAYLIST_CORE_H

#include "projectM-4/playlist_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A new, empty playlist connected to projectm_instance (NULL: none yet).
 *  @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT projectm_playlist_handle
projectm_playlist_create(projectm_handle projectm_instance) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Destroys a playlist and disconnects it. NULL is ignored. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT void projectm_playlist_destroy(projectm_playlist_handle instance)
    PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Connects to another instance (NULL: none), disconnecting from the previous one.
 *  @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT void projectm_playlist_connect(projectm_playlist_handle instance,
                                                        projectm_handle projectm_instance)
    PROJECTM_PLAYLIST_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_PLAYLIST_CORE_H */
