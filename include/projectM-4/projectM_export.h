/*
 * projectM_export.h — export macro of Phosphene's libprojectM-4 (the projectM 4.2 C API on
 * Phosphene). Define PROJECTM_STATIC when linking a static build.
 */
#ifndef PROJECTM_EXPORT_H
#define PROJECTM_EXPORT_H

#if defined(PROJECTM_STATIC)
#define PROJECTM_EXPORT
#elif defined(_WIN32)
#if defined(PROJECTM_BUILDING)
#define PROJECTM_EXPORT __declspec(dllexport)
#else
#define PROJECTM_EXPORT __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define PROJECTM_EXPORT __attribute__((visibility("default")))
#else
#define PROJECTM_EXPORT
#endif

/* Hosts written in C++ see that no function of the library throws. */
#if defined(__cplusplus)
#define PROJECTM_NOEXCEPT noexcept
#else
#define PROJECTM_NOEXCEPT
#endif

#endif /* PROJECTM_EXPORT_H */
