/*
 * playlist_types.h — the playlist handle and the sort enumerations of libprojectM-4-playlist
 * (Phosphene's implementation).
 */
#ifndef PROJECTM_PLAYLIST_TYPES_H
#define PROJECTM_PLAYLIST_TYPES_H

#include "projectM-4/projectM.h"
#include "projectM-4/projectM_playlist_export.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One playlist; opaque. */
struct projectm_playlist;
typedef struct projectm_playlist* projectm_playlist_handle;

/** What projectm_playlist_sort compares. */
typedef enum {
  SORT_PREDICATE_FULL_PATH = 0,
  SORT_PREDICATE_FILENAME_ONLY = 1
} projectm_playlist_sort_predicate;

typedef enum { SORT_ORDER_ASCENDING = 0, SORT_ORDER_DESCENDING = 1 } projectm_playlist_sort_order;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_PLAYLIST_TYPES_H */
