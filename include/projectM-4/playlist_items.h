/*
 * playlist_items.h — the items of a playlist: preset file names, in order. Changing the items
 * clears the playback history.
 */
#ifndef PROJECTM_PLAYLIST_ITEMS_H
#define PROJECTM_PLAYLIST_ITEMS_H

#include "projectM-4/playlist_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Number of items. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT uint32_t projectm_playlist_size(projectm_playlist_handle instance)
    PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Removes every item. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT void projectm_playlist_clear(projectm_playlist_handle instance)
    PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Items start .. start + count - 1 (fewer at the end), NULL-terminated; free with
 *  projectm_playlist_free_string_array. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT char** projectm_playlist_items(projectm_playlist_handle instance,
                                                        uint32_t start,
                                                        uint32_t count) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Item `index` (free with projectm_playlist_free_string); NULL when out of range.
 *  @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT char* projectm_playlist_item(projectm_playlist_handle instance,
                                                      uint32_t index) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Appends the .milk files of a folder (sub-folders too with recurse_subdirs; symbolic
 *  links not followed) that pass the filters; the number added. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT uint32_t
projectm_playlist_add_path(projectm_playlist_handle instance, const char* path,
                           bool recurse_subdirs, bool allow_duplicates) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief As add_path, inserted at `index` (past the end: appended). @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT uint32_t projectm_playlist_insert_path(
    projectm_playlist_handle instance, const char* path, uint32_t index, bool recurse_subdirs,
    bool allow_duplicates) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Appends one file (not checked for existence); false for a duplicate that is not
 *  allowed or a file the filters drop. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT bool projectm_playlist_add_preset(
    projectm_playlist_handle instance, const char* filename,
    bool allow_duplicates) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief As add_preset, inserted at `index` (past the end: appended). @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT bool projectm_playlist_insert_preset(
    projectm_playlist_handle instance, const char* filename, uint32_t index,
    bool allow_duplicates) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Appends `count` files; the number added. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT uint32_t
projectm_playlist_add_presets(projectm_playlist_handle instance, const char** filenames,
                              uint32_t count, bool allow_duplicates) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Inserts `count` files at `index`, in their order; the number added. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT uint32_t projectm_playlist_insert_presets(
    projectm_playlist_handle instance, const char** filenames, uint32_t count, unsigned int index,
    bool allow_duplicates) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Removes item `index`; false when out of range. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT bool projectm_playlist_remove_preset(
    projectm_playlist_handle instance, uint32_t index) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Removes up to `count` items from `index`; the number removed. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT uint32_t projectm_playlist_remove_presets(
    projectm_playlist_handle instance, uint32_t index, uint32_t count) PROJECTM_PLAYLIST_NOEXCEPT;

/** @brief Sorts items start_index .. start_index + count - 1 (clipped to the list), byte-wise
 *  (case-sensitive), by full path or file name, ascending or descending; unknown predicate or
 *  order values mean the first of each. @since 4.0.0 */
PROJECTM_PLAYLIST_EXPORT void projectm_playlist_sort(
    projectm_playlist_handle instance, uint32_t start_index, uint32_t count,
    projectm_playlist_sort_predicate predicate,
    projectm_playlist_sort_order order) PROJECTM_PLAYLIST_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_PLAYLIST_ITEMS_H */
