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

/** Pixels or a GL texture a host provides for a texture a preset names. A non-zero texture_id
 *  with a width and height wins; it stays the host's (projectM 4.2 does not delete it, whatever
 *  its header says, and neither does Phosphene). Pixels (channels 1..4, 0 = 4) are copied; their
 *  rows go up as projectM 4.2 uploads them, like its decoded image files (projectM's header says
 *  "bottom row first"). */
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

/** @brief Sets (NULL: removes) the texture-load callback: asked on the rendering thread, inside
 *  projectm_opengl_render_frame(_fbo), for a texture a preset names (after `sampler_` and its
 *  filter/wrap code), before the file search; filling nothing falls back to the files. An answer
 *  is kept per name until the callback is set again or projectm_reset_textures. The callback must
 *  not call this instance's functions (docs/projectm-compat.md). @since 4.2.0 */
PROJECTM_EXPORT void projectm_set_texture_load_event_callback(projectm_handle instance,
                                                              projectm_texture_load_event callback,
                                                              void* user_data) PROJECTM_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_CALLBACKS_H */
