/*
 * projectM_playlist_export.h — export macro of Phosphene's libprojectM-4-playlist. Define
 * PROJECTM_PLAYLIST_STATIC when linking a static build.
 */
#ifndef PROJECTM_PLAYLIST_EXPORT_H
#define PROJECTM_PLAYLIST_EXPORT_H

#if defined(PROJECTM_PLAYLIST_STATIC)
#define PROJECTM_PLAYLIST_EXPORT
#elif defined(_WIN32)
#if defined(PROJECTM_PLAYLIST_BUILDING)
#define PROJECTM_PLAYLIST_EXPORT __declspec(dllexport)
#else
#define PROJECTM_PLAYLIST_EXPORT __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define PROJECTM_PLAYLIST_EXPORT __attribute__((visibility("default")))
#else
#define PROJECTM_PLAYLIST_EXPORT
#endif

#if defined(__cplusplus)
#define PROJECTM_PLAYLIST_NOEXCEPT noexcept
#else
#define PROJECTM_PLAYLIST_NOEXCEPT
#endif

#endif /* PROJECTM_PLAYLIST_EXPORT_H */
