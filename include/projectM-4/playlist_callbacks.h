/*
 * playlist_callbacks.h — what a playlist tells its host. The callbacks run on the rendering
 * thread; the switched and failed callbacks must not switch presets (recursion).
 */
#ifndef PROJECTM_PLAYLIST_CALLBACKS_H
#define PROJECTM_PLAYLIST_CALLBACKS_H

#include "projectM-4/playlist_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The playlist switched to item `index`. */
typedef void (*projectm_playlist_preset_switched_event)(bool is_hard_cut, unsigned int index,
                                                        void* user_data);
/** Loading failed retry_count times in a row; the strings are valid during the call only. */
typedef void (*projectm_playlist_preset_switch_failed_event)(const char* preset_filename,
                                                             const char* message, void* user_data);
/** Asked before the playlist loads item `index`: return true when the host loaded it itself. */
typedef bool (*projectm_playlist_preset_load_event)(unsigned int index, const char* filename,
                                                    bool hard_cut, void* user_data);

/** @brief Sets (NULL: removes) the switched callback. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT void projectm_playlist_set_preset_switched_event_callback(
    projectm_playlist_handle instance, projectm_playlist_preset_switched_event callback,
    void* user_data) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Sets (NULL: removes) the failed callback. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT void projectm_playlist_set_preset_switch_failed_event_callback(
    projectm_playlist_handle instance, projectm_playlist_preset_switch_failed_event callback,
    void* user_data) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Sets (NULL: removes) the load callback. @since 4.2.0 */
PROJECTM_PLAYLIST_EXPORT void projectm_playlist_set_preset_load_event_callback(
    projectm_playlist_handle instance, projectm_playlist_preset_load_event callback,
    void* user_data) PROJECTM_PLAYLIST_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_PLAYLIST_CALLBACKS_H */
