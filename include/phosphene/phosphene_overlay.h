/*
 * phosphene_overlay.h — on-screen text for hosts of Phosphene (optional part of the C API).
 *
 * A host that shows a preset name, a song title, a help screen or a list of presets over the
 * visualization draws them with an overlay: glyphs rasterised by FreeType from a TrueType font
 * into a texture atlas, drawn as alpha-blended quads into the currently bound framebuffer of the
 * host's GL 3.3 core / GL ES 3.0 context. Without FreeType in the build, or without a font file,
 * a small built-in bitmap font (printable ASCII) is used, so text always shows.
 *
 * Typical frame:
 *
 *   phosphene_engine_draw(engine, &target);               // the visualization
 *   phosphene_overlay_begin(overlay, width_px, height_px);
 *   phosphene_overlay_rect(overlay, 10, 10, 300, 40, &panel_color);
 *   phosphene_overlay_text(overlay, 20, 16, "Geiss - Reaction Diffusion 2", &white, 1.0f);
 *   phosphene_overlay_end(overlay);                        // one draw call for all of it
 *
 * Coordinates are pixels of the drawable, origin at the TOP-LEFT corner, y growing downwards.
 * Text is UTF-8; characters the font lacks are drawn as '?'.
 *
 * Threads: an overlay belongs to the GL context it was created in. Call every function with that
 * context current on the calling thread, from one thread at a time. Overlays are independent of
 * engines and of each other; there is no global state.
 */
#ifndef PHOSPHENE_OVERLAY_H
#define PHOSPHENE_OVERLAY_H

#include "phosphene_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An overlay: a font atlas, a glyph program and the quads queued since begin. Opaque. */
typedef struct phosphene_overlay phosphene_overlay;

/** An RGBA colour, components 0..1, not premultiplied. */
typedef struct phosphene_color {
  float r, g, b, a;
} phosphene_color;

/** How to create an overlay. Set with phosphene_overlay_desc_init(). */
typedef struct phosphene_overlay_desc {
  uint32_t struct_size; /* sizeof(phosphene_overlay_desc), set by phosphene_overlay_desc_init */
  /* A TrueType/OpenType font file. NULL or "": find a system sans-serif font (fontconfig where
   * built in, then known paths of DejaVu Sans); none found: the built-in bitmap font.
   * "built-in": the built-in bitmap font (printable ASCII, 5x9 pixels scaled by whole pixels). */
  const char* font_path;
  /* Height of one line of text at scale 1.0, in pixels (the font is sized so that its line
   * spacing is this). 0: 20. Range 6..256. */
  float pixel_height;
} phosphene_overlay_desc;

/** @brief Sets struct_size and the defaults (system font, 20 px). @since 1.0 */
static inline void phosphene_overlay_desc_init(phosphene_overlay_desc* desc) {
  if (desc) {
    desc->struct_size = (uint32_t)sizeof(*desc);
    desc->font_path = 0;
    desc->pixel_height = 0.0f;
  }
}

/**
 * @brief Creates an overlay in the current GL context.
 * @param desc NULL for the defaults.
 * @param out_overlay Receives the overlay; set to NULL on failure.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_NO_CONTEXT without a current context;
 *   PHOSPHENE_ERROR_GL_VERSION below GL 3.3 / ES 3.0; PHOSPHENE_ERROR_IO when desc->font_path
 *   names a file that cannot be read or is not a font (an explicit font never falls back
 *   silently); PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL out_overlay or an out-of-range size;
 *   PHOSPHENE_ERROR_ABI_MISMATCH when desc->struct_size is not set (phosphene_overlay_desc_init).
 *   Printable ASCII is rasterised here; other characters on first use.
 * Thread safety: the thread with the context current. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_overlay_create(
    const phosphene_overlay_desc* desc, phosphene_overlay** out_overlay) PHOSPHENE_NOEXCEPT;

/**
 * @brief Destroys an overlay and its GL objects. NULL is ignored.
 * Call it with the overlay's context current; without a current context the GL objects are
 * abandoned (the context's own destruction frees them) and nothing crashes.
 * @since 1.0
 */
PHOSPHENE_API void phosphene_overlay_destroy(phosphene_overlay* overlay) PHOSPHENE_NOEXCEPT;

/**
 * @brief The font file in use, or "built-in" for the bitmap font. Valid while the overlay lives.
 * @since 1.0
 */
PHOSPHENE_API const char* phosphene_overlay_font(const phosphene_overlay* overlay)
    PHOSPHENE_NOEXCEPT;

/** @brief Line height in pixels at scale 1.0 (ascent + descent + gap). @since 1.0 */
PHOSPHENE_API float phosphene_overlay_line_height(const phosphene_overlay* overlay)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Measures text as phosphene_overlay_text would draw it (multi-line: '\n' breaks lines).
 * @param out_width, out_height Receive the size in pixels; either may be NULL. Width: the widest
 *   line's advance; height: lines x line height (x scale). "" is 0 x 0.
 * Needs no current context (new glyphs go to the CPU copy of the atlas, uploaded at end).
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT for NULL text or scale outside (0, 64].
 * @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_overlay_measure(phosphene_overlay* overlay,
                                                         const char* utf8, float scale,
                                                         float* out_width,
                                                         float* out_height) PHOSPHENE_NOEXCEPT;

/**
 * @brief Starts a batch for a drawable of width × height pixels; forgets anything queued before.
 * Needs no current context. PHOSPHENE_ERROR_INVALID_ARGUMENT for a size outside
 * 1..PHOSPHENE_MAX_DRAWABLE_SIZE.
 * @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_overlay_begin(phosphene_overlay* overlay, int width,
                                                       int height) PHOSPHENE_NOEXCEPT;

/**
 * @brief Queues a filled rectangle (panels behind text). Drawn in call order with the text.
 * @return PHOSPHENE_OK (also for an empty rectangle, which draws nothing);
 *   PHOSPHENE_ERROR_INVALID_ARGUMENT before begin, for a NULL color or a non-finite coordinate;
 *   PHOSPHENE_ERROR_OUT_OF_MEMORY when the batch already holds 262144 quads.
 * @since 1.0
 */
PHOSPHENE_API phosphene_result
phosphene_overlay_rect(phosphene_overlay* overlay, float x, float y, float width, float height,
                       const phosphene_color* color) PHOSPHENE_NOEXCEPT;

/**
 * @brief Queues text with its top-left corner at (x, y). '\n' starts a new line at x.
 * @param scale 1.0 draws at the overlay's pixel height; glyphs are scaled from the atlas.
 * @param color NULL: opaque white. A thin dark outline is added so text reads on any picture.
 * Control characters other than '\n' and '\t' (tab stops every 4 spaces) take no room; invalid
 * UTF-8 bytes are drawn as '?'.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT before begin, for NULL text, a
 *   non-finite position or scale outside (0, 64]; PHOSPHENE_ERROR_OUT_OF_MEMORY when the batch
 *   is full (262144 quads; what fitted is kept).
 * @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_overlay_text(phosphene_overlay* overlay, float x, float y,
                                                      const char* utf8,
                                                      const phosphene_color* color,
                                                      float scale) PHOSPHENE_NOEXCEPT;

/**
 * @brief Draws the batch into the currently bound draw framebuffer (viewport 0,0,width,height of
 * begin) with alpha blending, restoring the GL state it changed (blend, viewport, program,
 * vertex array, array buffer, active texture unit, texture and sampler of unit 0; depth, cull,
 * scissor and stencil tests are disabled while it draws and restored after). Empty batches (or
 * no begin) draw nothing and make no GL call. The batch ends either way (begin starts the next),
 * except on PHOSPHENE_ERROR_NO_CONTEXT, which keeps it for a retry.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_NO_CONTEXT; PHOSPHENE_ERROR_GL.
 * @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_overlay_end(phosphene_overlay* overlay) PHOSPHENE_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif /* PHOSPHENE_OVERLAY_H */
