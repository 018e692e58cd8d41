/*
 * callbacks.h — what an instance tells its host: a preset switch is due, a preset failed to
 * load, a texture is about to be loaded. Callbacks run on the rendering thread, inside
 * projectm_opengl_render_frame* or a load call, and may call back into the API (a playlist
 * loading the next preset from the switch-requested callback is the usual case).
 */
#ifndef PROJECTM_CALLBACKS_H
#define PROJECTM_CALLBACKS_H

#include "projectM-4/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The current preset's time is up (is_hard_cut false) or a hard cut is due (true). */
typedef void (*projectm_preset_switch_requested_event)(bool is_hard_cut, void* user_data);

/** A preset did not load; both strings are valid only during the call. */
typedef void (*projectm_preset_switch_failed_event)(const char* preset_filename,
                                                    const char* message, void* user_data);

/** Pixels (bottom row first) or a GL texture a host provides for a texture a preset names; a
 *  non-zero texture_id wins and passes to the library. */
typedef struct projectm_texture_load_data {
  const unsigned char* data;
  unsigned int width;
  unsigned int height;
  unsigned int channels;
  unsigned int texture_id;
} projectm_texture_load_data;

typedef void (*projectm_texture_load_event)(const char* texture_name,
                                            projectm_texture_load_data* data, void* user_data);

/** @brief Sets (NULL: removes) the switch-requested callback. @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_preset_switch_requested_event_callback(
    projectm_handle instance, projectm_preset_switch_requested_event callback,
    void* user_data) PROJECTM_NOEXCEPT;

/** @brief Sets (NULL: removes) the switch-failed callback. @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_preset_switch_failed_event_callback(
    projectm_handle instance, projectm_preset_switch_failed_event callback,
    void* user_data) PROJECTM_NOEXCEPT;

/** @brief Sets (NULL: removes) the texture-load callback. Phosphene decodes preset textures on
 *  its loader thread and cannot ask the host yet: the callback is kept, never called, and the
 *  first setting is logged (docs/projectm-compat.md). @since 4.2.0 */
PROJECTM_EXPORT void projectm_set_texture_load_event_callback(projectm_handle instance,
                                                              projectm_texture_load_event callback,
                                                              void* user_data) PROJECTM_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_CALLBACKS_H */
