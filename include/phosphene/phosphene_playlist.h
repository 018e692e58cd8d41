/*
 * phosphene_playlist.h — the engine's playlist: folders, filters, order, shuffle, history, ratings
 * and favourites. Part of the Phosphene C API; hosts include <phosphene/phosphene.h>, which
 * documents the whole.
 */
#ifndef PHOSPHENE_PLAYLIST_H
#define PHOSPHENE_PLAYLIST_H

#include "phosphene_core.h"
#include "phosphene_preset.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * The engine's playlist (controller side)
 *
 * Every engine owns one playlist (it lives and dies with the engine): folders and files of
 * presets and preset handles, gitignore-style filters, sorting, shuffle without repeats, a
 * history to go back and forward in, and a retry count that skips presets that fail to load
 * (never a stop). Ratings (0..5, MilkDrop's default 3) weight random choices as MilkDrop's do;
 * favourites and ratings persist in a small text file (phosphene_playlist_save_ratings). While
 * the playlist holds presets and no next-preset callback is set, automatic switches, hard cuts
 * and failed or over-budget presets move to the playlist's next preset.
 * ------------------------------------------------------------------------------------------- */

typedef struct phosphene_playlist phosphene_playlist;

/** @brief The engine's playlist (never NULL for a valid engine; owned by the engine).
 *  Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API phosphene_playlist* phosphene_engine_get_playlist(phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Adds every .milk file (any letter case) in a folder, in path order, skipping files the
 *        filters reject and files already in the list.
 * @param recursive 1: sub-folders too. @param out_added (out, may be NULL) the number added.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_IO (the folder cannot be read; nothing added);
 *         PHOSPHENE_ERROR_INVALID_ARGUMENT. Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result
phosphene_playlist_add_folder(phosphene_playlist* playlist, const char* path, int recursive,
                              uint32_t* out_added) PHOSPHENE_NOEXCEPT;

/** @brief Adds one .milk file (not read until played). PHOSPHENE_ERROR_NOT_FOUND when the filters
 *  reject it or it is already listed. Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API phosphene_result phosphene_playlist_add_file(phosphene_playlist* playlist,
                                                           const char* path) PHOSPHENE_NOEXCEPT;

/** @brief Adds a preset handle (a text or native preset; the playlist keeps its own reference).
 *  Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API phosphene_result phosphene_playlist_add_preset(
    phosphene_playlist* playlist, const phosphene_preset* preset) PHOSPHENE_NOEXCEPT;

/**
 * @brief Replaces the filter rules: "+glob" keeps, "-glob" drops, the first rule that matches a
 *        file's path wins, no match keeps it. `*` and `?` stay within one folder name, `**`
 *        crosses folders. Items already listed that the rules drop are removed.
 * @param out_removed (out, may be NULL). @return PHOSPHENE_OK; INVALID_ARGUMENT (a rule not
 *        starting with + or -). Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result
phosphene_playlist_set_filters(phosphene_playlist* playlist, const char* const* rules, size_t count,
                               uint32_t* out_removed) PHOSPHENE_NOEXCEPT;

typedef enum phosphene_playlist_sort_key {
  PHOSPHENE_SORT_BY_NAME = 0, /* file or preset name, case-insensitive */
  PHOSPHENE_SORT_BY_PATH = 1, /* full path, case-insensitive */
  PHOSPHENE_SORT_FORCE_U32 = 0x7fffffff
} phosphene_playlist_sort_key;

/** @brief Sorts the list (stable). Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API phosphene_result phosphene_playlist_sort(
    phosphene_playlist* playlist, phosphene_playlist_sort_key key) PHOSPHENE_NOEXCEPT;

/** @brief Removes item `index` (NOT_FOUND when out of range). Thread safety: controller thread.
 * @since 1.0 */
PHOSPHENE_API phosphene_result phosphene_playlist_remove(phosphene_playlist* playlist,
                                                         uint32_t index) PHOSPHENE_NOEXCEPT;

/** @brief Removes every item. Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API phosphene_result phosphene_playlist_clear(phosphene_playlist* playlist)
    PHOSPHENE_NOEXCEPT;

/** @brief Number of items (0 for NULL). Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API uint32_t phosphene_playlist_size(const phosphene_playlist* playlist)
    PHOSPHENE_NOEXCEPT;

/** @brief Name and file of item `index` ("" when out of range); valid until the list changes.
 *  Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API const char* phosphene_playlist_item_name(const phosphene_playlist* playlist,
                                                       uint32_t index) PHOSPHENE_NOEXCEPT;
PHOSPHENE_API const char* phosphene_playlist_item_path(const phosphene_playlist* playlist,
                                                       uint32_t index) PHOSPHENE_NOEXCEPT;

/** @brief Index of the item last played (-1 when none).
 *  Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API int64_t phosphene_playlist_position(const phosphene_playlist* playlist)
    PHOSPHENE_NOEXCEPT;

/** @brief Shuffle: `next` walks a random order without repeats until every item played (1), or
 *  the list order (0, the default). Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API phosphene_result phosphene_playlist_set_shuffle(phosphene_playlist* playlist,
                                                              int shuffle) PHOSPHENE_NOEXCEPT;

/** Range of phosphene_playlist_set_retry's retry_count. */
#define PHOSPHENE_MIN_PLAYLIST_RETRY 1
#define PHOSPHENE_MAX_PLAYLIST_RETRY 100

/** @brief A preset that failed to load `retry_count` times (PHOSPHENE_MIN_PLAYLIST_RETRY ..
 *  PHOSPHENE_MAX_PLAYLIST_RETRY) is skipped from then on;
 *  with drop_failed 1 it is removed from the list instead. Defaults: 1, 0.
 *  Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API phosphene_result phosphene_playlist_set_retry(phosphene_playlist* playlist,
                                                            int retry_count,
                                                            int drop_failed) PHOSPHENE_NOEXCEPT;

typedef enum phosphene_playlist_move {
  PHOSPHENE_PLAY_NEXT = 0,     /* forward in the history, else the next item (shuffled or not) */
  PHOSPHENE_PLAY_PREVIOUS = 1, /* back in the history, else the previous item in list order */
  PHOSPHENE_PLAY_RANDOM = 2,   /* a random item, weighted by rating */
  PHOSPHENE_PLAY_INDEX = 3,    /* item `index` */
  PHOSPHENE_PLAY_FORCE_U32 = 0x7fffffff
} phosphene_playlist_move;

/**
 * @brief Moves in the playlist and switches the engine to the item reached.
 * @param index used by PHOSPHENE_PLAY_INDEX. @param transition NULL: the default blend.
 * @param out_request (out, may be NULL) the switch's request id (see phosphene_event).
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_NOT_FOUND (empty list, index out of range, every item
 *         failed); INVALID_ARGUMENT; ABI_MISMATCH. Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_playlist_play(phosphene_playlist* playlist,
                                                       phosphene_playlist_move move, uint32_t index,
                                                       const phosphene_transition_desc* transition,
                                                       uint64_t* out_request) PHOSPHENE_NOEXCEPT;

/** @brief Rating 0 .. 5 of item `index` (0 is never picked at random while others are rated).
 *  Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API phosphene_result phosphene_playlist_set_rating(phosphene_playlist* playlist,
                                                             uint32_t index,
                                                             int rating) PHOSPHENE_NOEXCEPT;
/** @brief The rating of item `index` (-1 when out of range). Thread safety: controller thread.
 * @since 1.0 */
PHOSPHENE_API int phosphene_playlist_get_rating(const phosphene_playlist* playlist,
                                                uint32_t index) PHOSPHENE_NOEXCEPT;
/** @brief Marks or unmarks item `index` as a favourite.
 *  Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API phosphene_result phosphene_playlist_set_favourite(phosphene_playlist* playlist,
                                                                uint32_t index,
                                                                int favourite) PHOSPHENE_NOEXCEPT;
/** @brief 1 when item `index` is a favourite, else 0. Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API int phosphene_playlist_is_favourite(const phosphene_playlist* playlist,
                                                  uint32_t index) PHOSPHENE_NOEXCEPT;

/**
 * @brief Loads ratings and favourites from a file (path NULL: $XDG_DATA_HOME/phosphene/
 *        ratings.txt, else ~/.local/share/phosphene/ratings.txt). A missing file is not an error
 *        (nothing rated yet). Format: a first line "# phosphene ratings 1", then one line per
 *        preset: rating (0..5), a tab, 0 or 1 (favourite), a tab, the preset's name.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_IO (unreadable).
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_playlist_load_ratings(phosphene_playlist* playlist,
                                                               const char* path) PHOSPHENE_NOEXCEPT;

/** @brief Saves ratings and favourites atomically (a temporary file renamed over the old one, so
 *  a crash never leaves a half-written file). path NULL: as for load. Thread safety: controller
 * thread. @since 1.0 */
PHOSPHENE_API phosphene_result phosphene_playlist_save_ratings(const phosphene_playlist* playlist,
                                                               const char* path) PHOSPHENE_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PHOSPHENE_PLAYLIST_H */
