/*
 * core.h — creating and destroying an instance, loading presets, versions.
 * Every function taking a handle is called on the thread that owns the host's OpenGL context
 * (the PCM functions excepted); a NULL handle is ignored.
 */
#ifndef PROJECTM_CORE_H
#define PROJECTM_CORE_H

#include "projectM-4/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A host's GL function resolver (eglGetProcAddress-like). */
typedef void* (*projectm_load_proc)(const char* name, void* user_data);

/** @brief A new instance with the documented defaults; NULL when it cannot be made. Phosphene
 *  makes no GL call here (the first render does). @since 4.0.0 */
PROJECTM_EXPORT projectm_handle projectm_create(void) PROJECTM_NOEXCEPT;

/** @brief As projectm_create. Phosphene resolves GL itself (libepoxy), so load_proc is checked
 *  and not used (logged once). @since 4.2.0 */
PROJECTM_EXPORT projectm_handle projectm_create_with_opengl_load_proc(
    projectm_load_proc load_proc, void* user_data) PROJECTM_NOEXCEPT;

/** @brief Destroys an instance, with its GL context current. NULL is ignored. @since 4.0.0 */
PROJECTM_EXPORT void projectm_destroy(projectm_handle instance) PROJECTM_NOEXCEPT;

/** @brief Switches to a .milk file: smooth_transition blends over the soft cut duration, else a
 *  hard cut. A file that cannot be read or parsed is reported at once through the
 *  preset-switch-failed callback; the current preset keeps running. @since 4.0.0 */
PROJECTM_EXPORT void projectm_load_preset_file(projectm_handle instance, const char* filename,
                                               bool smooth_transition) PROJECTM_NOEXCEPT;

/** @brief As projectm_load_preset_file, for .milk text (NUL-terminated). @since 4.0.0 */
PROJECTM_EXPORT void projectm_load_preset_data(projectm_handle instance, const char* data,
                                               bool smooth_transition) PROJECTM_NOEXCEPT;

/** @brief Looks the preset textures up again in the texture search paths. @since 4.0.0 */
PROJECTM_EXPORT void projectm_reset_textures(projectm_handle instance) PROJECTM_NOEXCEPT;

/** @brief The projectM API version implemented (4.2.0); any pointer may be NULL. @since 4.0.0 */
PROJECTM_EXPORT void projectm_get_version_components(int* major, int* minor,
                                                     int* patch) PROJECTM_NOEXCEPT;

/** @brief "4.2.0"; free with projectm_free_string. @since 4.0.0 */
PROJECTM_EXPORT char* projectm_get_version_string(void) PROJECTM_NOEXCEPT;

/** @brief "phosphene-" and Phosphene's version; free with projectm_free_string. @since 4.0.0 */
PROJECTM_EXPORT char* projectm_get_vcs_version_string(void) PROJECTM_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_CORE_H */
