/*
 * playlist_playback.h — moving through a playlist. Every move loads the item into the connected
 * instance (smooth unless hard_cut) and returns the new position (0 for an empty list). The
 * history remembers the last 1000 items played.
 */
#ifndef PROJECTM_PLAYLIST_PLAYBACK_H
#define PROJECTM_PLAYLIST_PLAYBACK_H

#include "projectM-4/playlist_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Shuffle: next and previous pick random items (false). @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT void projectm_playlist_set_shuffle(
    projectm_playlist_handle instance, bool shuffle) PROJECTM_PLAYLIST_NOEXCEPT;
PROJECTM_PLAYLIST_EXPORT bool projectm_playlist_get_shuffle(projectm_playlist_handle instance)
    PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Items tried after a failed load before the failure is reported (5; 0: report at
 *  once). @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT void projectm_playlist_set_retry_count(
    projectm_playlist_handle instance, uint32_t retry_count) PROJECTM_PLAYLIST_NOEXCEPT;
PROJECTM_PLAYLIST_EXPORT uint32_t
projectm_playlist_get_retry_count(projectm_playlist_handle instance) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Plays item new_position (out of range: item 0), whatever the shuffle. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT uint32_t
projectm_playlist_set_position(projectm_playlist_handle instance, uint32_t new_position,
                               bool hard_cut) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief The current position (0 for an empty list). @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT uint32_t projectm_playlist_get_position(projectm_playlist_handle instance)
    PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief The next item (shuffle: a random one; at the end: item 0). @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT uint32_t projectm_playlist_play_next(
    projectm_playlist_handle instance, bool hard_cut) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief The previous item (shuffle: a random one; before 0: the last). @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT uint32_t projectm_playlist_play_previous(
    projectm_playlist_handle instance, bool hard_cut) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Back in the history; with none, as play_previous without recording it.
 *  @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT uint32_t projectm_playlist_play_last(
    projectm_playlist_handle instance, bool hard_cut) PROJECTM_PLAYLIST_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_PLAYLIST_PLAYBACK_H */
