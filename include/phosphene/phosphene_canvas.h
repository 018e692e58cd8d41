/*
 * phosphene_canvas.h — the feedback canvas and the presets' textures, from the host's side
 * (part of the C API since 1.1; phosphene.h includes it).
 *
 * The canvas is MilkDrop's internal picture: what a preset draws and the next frame's warp reads
 * back, before the composite to the screen. A host can shift where the warp samples it (the
 * texel offset), start each preset from a black canvas, read it back, and burn its own texture
 * into it. A host can also hand presets the textures their shaders name (sampler_clouds ...)
 * instead of the files of the texture search path: pixels or its own GL textures, through a
 * texture provider.
 *
 * Threads: the engine's controller thread; the provider is called on it, inside
 * phosphene_engine_draw.
 */
#ifndef PHOSPHENE_CANVAS_H
#define PHOSPHENE_CANVAS_H

#include "phosphene_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * The canvas
 * ------------------------------------------------------------------------------------------- */

/** Largest texel offset phosphene_engine_set_texel_offset accepts, either way. */
#define PHOSPHENE_MAX_TEXEL_OFFSET 16.0f

/**
 * @brief Shifts where the warp reads last frame's picture: every warp mesh texture coordinate
 *        (uv, and uv_orig of warp shaders) moves by x / canvas width, y / canvas height.
 *        MilkDrop 2 on Direct3D 9 shifted by half a texel (0.5, 0.5) to meet D3D's pixel
 *        centres; on OpenGL the default 0, 0 is the same picture. Other values make the
 *        feedback drift (positive x: the picture creeps left, positive y: up), which some
 *        hosts use to match a driver's sampling (projectM's "texel offset").
 * @param x, y In texels, -PHOSPHENE_MAX_TEXEL_OFFSET .. PHOSPHENE_MAX_TEXEL_OFFSET.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL, a value out of range or
 *         not finite). Applies from the next phosphene_engine_advance.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_set_texel_offset(phosphene_engine* engine, float x,
                                                                 float y) PHOSPHENE_NOEXCEPT;

/** @brief Reads the texel offset (0, 0 by default). Thread safety: controller thread.
 *  @since 1.1 */
PHOSPHENE_API phosphene_result phosphene_engine_get_texel_offset(const phosphene_engine* engine,
                                                                 float* out_x,
                                                                 float* out_y) PHOSPHENE_NOEXCEPT;

/**
 * @brief Whether each preset that starts (a hard cut or a transition) starts from a black
 *        canvas. Off (the default, MilkDrop 2): a new preset warps the picture the one before
 *        it left. On: the feedback canvas is cleared to black when the new preset's first frame
 *        is drawn, so nothing of the previous picture is carried (during a transition the
 *        outgoing preset then also continues on the cleared canvas: MilkDrop's presets share
 *        one canvas).
 * @param enabled 0 off, anything else on.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL).
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_set_start_clean(phosphene_engine* engine,
                                                                int enabled) PHOSPHENE_NOEXCEPT;

/** @brief Reads the start-clean setting (0 or 1; 0 for a NULL engine). Controller thread.
 *  @since 1.1 */
PHOSPHENE_API int phosphene_engine_get_start_clean(const phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Copies the feedback canvas as the last phosphene_engine_draw left it: the picture the
 *        next frame's warp reads (MilkDrop's internal canvas, before the composite: no gamma,
 *        echo or comp shader), as RGBA8 bytes, rows top first, width x height x 4 bytes.
 * @param rgba Receives the pixels; NULL with capacity 0 asks for the size only (no GL call).
 * @param capacity Bytes at rgba; at least width x height x 4 when rgba is not NULL.
 * @param out_width, out_height Receive the canvas size (0 x 0 before the first draw, and then
 *        nothing is written).
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine, out_width or out_height NULL,
 *         rgba NULL with a capacity, capacity too small: the size is still written);
 *         PHOSPHENE_ERROR_NO_CONTEXT (pixels asked without the engine's context current).
 *         The GL state is left as it was (pack alignment and pixel-pack buffer included).
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_read_canvas(phosphene_engine* engine, uint8_t* rgba,
                                                            size_t capacity, int* out_width,
                                                            int* out_height) PHOSPHENE_NOEXCEPT;

/** How many phosphene_engine_burn_texture calls wait for one draw at most. */
#define PHOSPHENE_MAX_BURNS 16

/**
 * @brief Burns a host texture into the picture: at the next phosphene_engine_draw of a newly
 *        advanced frame, `texture` is drawn over the rectangle of the feedback canvas (the
 *        picture the preset warps) before the warp reads it, so it shows in that frame and the
 *        preset then moves, blends and fades it like everything else it drew (MilkDrop 2 does
 *        the same with sprites that burn in). It replaces the canvas's pixels there (its alpha
 *        is not blended), sampled with linear filtering and clamped at its edges, its row 0 at
 *        the bottom (OpenGL's convention for glTexImage2D data).
 * @param texture A GL_TEXTURE_2D of the GL context the engine draws in (shared contexts too);
 *        it must still exist at that draw. A name that is then no texture is skipped.
 * @param left, top The rectangle's top-left corner in canvas pixels (the drawable size, else
 *        the target's), from the top-left corner of the picture; it may lie partly outside.
 * @param width, height Its size in pixels; negative mirrors the image (horizontally,
 *        vertically); 0 is refused.
 * Burns wait while no preset is drawn (none loaded yet); up to PHOSPHENE_MAX_BURNS at a time.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL, texture 0, a size of 0
 *         or beyond +-PHOSPHENE_MAX_DRAWABLE_SIZE, a corner beyond +-2 x that, or
 *         PHOSPHENE_MAX_BURNS burns waiting already; the last error says which).
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_burn_texture(phosphene_engine* engine,
                                                             uint32_t texture, int left, int top,
                                                             int width,
                                                             int height) PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * Textures from the host
 * ------------------------------------------------------------------------------------------- */

/**
 * A texture the engine asks the host's provider for (phosphene_engine_set_texture_provider). The
 * engine sets struct_size and name and clears the answer fields; the provider fills one answer,
 * or none. Fields at or past struct_size do not exist: a provider built against a newer header
 * checks struct_size before touching fields this version lacks.
 */
typedef struct phosphene_texture_request {
  uint32_t struct_size; /* engine: the size of this struct in the library's version */
  const char* name;     /* engine: the texture's name, UTF-8, valid during the call (see below) */
  /* Answer 1, pixels: copied by the engine before the provider returns. Rows top first (row 0 is
   * the image's top row, as in an image file), tightly packed: width x channels bytes a row. */
  const uint8_t* pixels;
  uint32_t width, height; /* both above 0 for either answer; at most 16384 */
  uint32_t channels;      /* pixels: 1 (R), 2 (RG), 3 (RGB) or 4 (RGBA); 0 means 4. Missing
                             green or blue read 0, missing alpha 255, as in OpenGL */
  /* Answer 2, a texture: a GL_TEXTURE_2D name of the context the engine draws in (or one sharing
   * with it), with width and height set. It wins over pixels. The engine binds it as it is and
   * never deletes it: it stays the host's, and must live while a preset samples it. */
  uint32_t gl_texture;
} phosphene_texture_request;

/**
 * Called for a texture a preset's shaders name, before the engine's own file search: on the
 * thread that calls phosphene_engine_draw (with the engine's GL context current, so the provider
 * may create textures), while that draw links the preset. The request is valid during the call
 * only; the provider must not call back into the engine.
 */
typedef void (*phosphene_texture_provider_fn)(void* user_data, phosphene_texture_request* request);

/**
 * @brief Sets (or, with fn NULL, removes) the host's texture provider: presets' textures from
 *        the host (an archive, generated images, video frames) instead of files.
 *
 * It is asked for every user texture a preset's shaders sample (`sampler_clouds`,
 * `sampler_fw_clouds`: name "clouds", the texture name after the `sampler_` prefix and the
 * filter/wrap code, as the preset writes it; no extension) and for the file a random sampler
 * (`sampler_rand00_smalltiled`) picked from the search path (name: that file's name without its
 * extension). A valid answer is used instead of any file; no answer (nothing filled), or one
 * that is not valid (a size of 0 or above 16384, channels above 4, pixels NULL without a
 * texture), falls back to the texture search path (phosphene_engine_set_texture_search_path) as
 * without a provider. An answer is kept per name (names match case-insensitively) and the name is
 * not asked again until the provider is set again; a name with no answer is asked again the next
 * time a preset needs it. Pixels are uploaded with a full mip chain; the sampler's filter and wrap
 * code applies to both answers as to files.
 *
 * Setting the provider (or NULL) makes the current presets look their textures up again at the
 * next draw; the textures uploaded from an earlier provider's pixels are then deleted.
 * @param fn the provider; NULL removes it. @param user_data passed to fn, not touched.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL).
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_set_texture_provider(
    phosphene_engine* engine, phosphene_texture_provider_fn fn, void* user_data) PHOSPHENE_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PHOSPHENE_CANVAS_H */
