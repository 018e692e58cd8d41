/*
 * render_opengl.h — drawing a frame with the host's OpenGL context current.
 */
#ifndef PROJECTM_RENDER_OPENGL_H
#define PROJECTM_RENDER_OPENGL_H

#include "projectM-4/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Renders the next frame into the framebuffer bound for drawing, over window-size
 *  pixels from its lower-left corner. The host's bindings, viewport and the state Phosphene
 *  documents (phosphene_core.h, "Frames") are restored. @since 4.0.0 */
PROJECTM_EXPORT void projectm_opengl_render_frame(projectm_handle instance) PROJECTM_NOEXCEPT;

/** @brief As projectm_opengl_render_frame, into framebuffer object framebuffer_object_id (0: the
 *  default framebuffer). @since 4.2.0 */
PROJECTM_EXPORT void projectm_opengl_render_frame_fbo(
    projectm_handle instance, uint32_t framebuffer_object_id) PROJECTM_NOEXCEPT;

/** @brief Draws a host texture into the canvas the next frame warps. Not available in Phosphene
 *  yet: checked and logged once. @since 4.2.0 */
PROJECTM_EXPORT void projectm_opengl_burn_texture(projectm_handle instance, uint32_t texture,
                                                  int left, int top, int width,
                                                  int height) PROJECTM_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_RENDER_OPENGL_H */
