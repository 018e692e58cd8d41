/*
 * playlist_filter.h — gitignore-like filters. Each rule is a glob, optionally prefixed with "+"
 * (keep) or "-" (drop; also the meaning without a prefix). `?` and `*` stay within one folder
 * name, `**` followed by a separator spans folders, a leading separator anchors the glob at the
 * start of the path, and a glob without a separator matches the file name only. The first rule
 * that matches decides; no match keeps the file. New rules apply to files added afterwards;
 * projectm_playlist_apply_filter applies them to the list.
 */
#ifndef PROJECTM_PLAYLIST_FILTER_H
#define PROJECTM_PLAYLIST_FILTER_H

#include "projectM-4/playlist_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Replaces the rules (NULL entries skipped). @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT void projectm_playlist_set_filter(projectm_playlist_handle instance,
                                                           const char** filter_list,
                                                           size_t count) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief The rules, a NULL-terminated array (free with projectm_playlist_free_string_array);
 *  *count receives their number. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT char** projectm_playlist_get_filter(
    projectm_playlist_handle instance, size_t* count) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Removes the items the rules drop; the number removed. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT size_t projectm_playlist_apply_filter(projectm_playlist_handle instance)
    PROJECTM_PLAYLIST_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_PLAYLIST_FILTER_H */
