/*
 * playlist.h — the whole libprojectM-4-playlist C API (Phosphene's implementation).
 */
#ifndef PROJECTM_PLAYLIST_H
#define PROJECTM_PLAYLIST_H

#include "projectM-4/playlist_callbacks.h"
#include "projectM-4/playlist_core.h"
#include "projectM-4/playlist_filter.h"
#include "projectM-4/playlist_items.h"
#include "projectM-4/playlist_memory.h"
#include "projectM-4/playlist_playback.h"
#include "projectM-4/playlist_types.h"

#endif /* PROJECTM_PLAYLIST_H */
