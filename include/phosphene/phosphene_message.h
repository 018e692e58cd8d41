/*
 * phosphene_message.h — MilkDrop's custom messages, song title animation and preset name
 * (optional part of the C API; included by phosphene.h).
 *
 * MilkDrop 2 shows one "supertext" at a time: a custom message (from the file milk_msg.ini, or
 * given here) or the song title. Launching one replaces the one showing. It belongs to the
 * engine, not to a preset: preset switches, transitions and hard cuts leave it alone. While it
 * lives it is drawn over the finished picture; on its last frame it is also drawn into the
 * feedback canvas, so the running preset warps and fades it away, exactly as MilkDrop does.
 *
 *   - Custom messages fade in (a cosine over `fade` × `time` seconds), grow or shrink from size ×1
 *     to size × `growth` over `time` seconds, and sit at (x, y) with (0, 0) the upper-left corner.
 *   - The song title flies in: it starts about 100 times its size, wobbling, and settles in the
 *     middle over 1.7 seconds (MilkDrop's fSongTitleAnimDuration), brightening as it comes.
 *   - The preset name is written in the upper-right corner while shown.
 *
 * Text is UTF-8. One font draws all of it (phosphene_engine_set_message_font); milk_msg.ini's
 * faces, bold and italic are read but not used. Nothing is drawn before the engine has a preset.
 *
 * Threads: controller thread (the one that advances and draws the engine), like the rest of the
 * engine's calls. Every function is safe with a NULL engine (it returns an error).
 */
#ifndef PHOSPHENE_MESSAGE_H
#define PHOSPHENE_MESSAGE_H

#include "phosphene_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * milk_msg.ini: up to 100 messages in sections [message00]..[message99] (keys text, font, size,
 * x, y, randx, randy, growth, time, fade, r, g, b, randr, randg, randb, face, bold, ital) and 16
 * template fonts [font00]..[font15] (face, bold, ital, r, g, b), with MilkDrop 2's defaults.
 * ------------------------------------------------------------------------------------------- */

/**
 * @brief Loads a milk_msg.ini file, replacing the messages loaded before.
 * Lines MilkDrop would ignore or misread become diagnostics ("MSG001".."MSG006", with line
 * numbers; phosphene_engine_message_diagnostic) and never fail the load.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_IO when the file cannot be read (the messages loaded
 *         before stay); PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine or path.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result
phosphene_engine_load_messages_file(phosphene_engine* engine, const char* path) PHOSPHENE_NOEXCEPT;

/**
 * @brief Loads milk_msg.ini text (`length` bytes; need not end in NUL), replacing the messages
 *        loaded before. Diagnostics as phosphene_engine_load_messages_file.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine, or NULL text with a
 *         non-zero length.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_load_messages_text(
    phosphene_engine* engine, const char* text, size_t length) PHOSPHENE_NOEXCEPT;

/**
 * @brief Number of diagnostics of the last messages load.
 * @return 0 when engine is NULL or nothing was loaded. Thread safety: controller thread.
 * @since 1.1
 */
PHOSPHENE_API uint32_t phosphene_engine_message_diagnostic_count(const phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Reads one diagnostic of the last messages load (section "milk_msg.ini").
 * @param out (out) struct_size set by the caller; its strings stay valid until the next load or
 *        phosphene_engine_destroy.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL engine or out, index too large);
 *         PHOSPHENE_ERROR_ABI_MISMATCH (out->struct_size not set).
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_message_diagnostic(
    const phosphene_engine* engine, uint32_t index, phosphene_diagnostic* out) PHOSPHENE_NOEXCEPT;

/** @brief Whether message `number` (0..99) of the loaded file has text. @since 1.1 */
PHOSPHENE_API int phosphene_engine_has_message(const phosphene_engine* engine,
                                               int number) PHOSPHENE_NOEXCEPT;

/**
 * @brief Shows message `number` (0..99) of the loaded file now (MilkDrop's "##" keys); -1 picks
 *        one of the loaded messages at random (MilkDrop's random messages). Its random position
 *        and colour offsets are drawn from the engine's seed.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_NOT_FOUND when that message has no text (or none is
 *         loaded); PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine or a number below -1 or
 *         above 99.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_launch_message(phosphene_engine* engine,
                                                               int number) PHOSPHENE_NOEXCEPT;

/** A message given by the host. Set with phosphene_message_desc_init (MilkDrop's defaults). */
typedef struct phosphene_message_desc {
  uint32_t struct_size; /* sizeof(phosphene_message_desc), set by phosphene_message_desc_init */
  const char* text;     /* UTF-8, required; MilkDrop keeps 255 characters */
  float size;           /* 0..100, relative to the window; default 50 */
  float x, y;           /* 0..1, (0, 0) upper left; default 0.5, 0.5 */
  float rand_x, rand_y; /* random offset range of x and y; default 0 */
  float growth;         /* size factor reached at the end; default 1 */
  float time;           /* seconds shown; default 1.5 */
  float fade;           /* fraction of `time` spent fading in; default 0.2 */
  int r, g, b;          /* 0..255; -1 (default): font 0 of the loaded file (white if none) */
  int rand_r, rand_g, rand_b; /* random colour offset ranges; default 0 */
} phosphene_message_desc;

/** @brief Sets struct_size and MilkDrop 2's defaults (plugin.cpp ReadCustomMessages). @since 1.1 */
static inline void phosphene_message_desc_init(phosphene_message_desc* desc) {
  if (desc) {
    PHOSPHENE_ZERO(desc);
    desc->struct_size = (uint32_t)sizeof(*desc);
    desc->size = 50.0f;
    desc->x = 0.5f;
    desc->y = 0.5f;
    desc->growth = 1.0f;
    desc->time = 1.5f;
    desc->fade = 0.2f;
    desc->r = desc->g = desc->b = -1;
  }
}

/**
 * @brief Shows a message now, as a milk_msg.ini message would be.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine or desc, NULL or empty
 *         text, or a number that is not finite; PHOSPHENE_ERROR_ABI_MISMATCH when
 *         desc->struct_size is not set.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_show_message(
    phosphene_engine* engine, const phosphene_message_desc* desc) PHOSPHENE_NOEXCEPT;

/**
 * @brief Plays the song title animation now with `title` (UTF-8; the host knows the song).
 *        A title too wide for the screen is cut and ends with "...", as MilkDrop does.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine or an empty title.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result
phosphene_engine_show_song_title(phosphene_engine* engine, const char* title) PHOSPHENE_NOEXCEPT;

/**
 * @brief How long the song title animation lasts (MilkDrop's fSongTitleAnimDuration), in
 *        seconds, for titles shown from now on. Default 1.7.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine or a duration not in
 *         0.1..60.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_set_song_title_duration(
    phosphene_engine* engine, float seconds) PHOSPHENE_NOEXCEPT;

/**
 * @brief Stops the message or song title showing (MilkDrop's Ctrl+T). What was already drawn
 *        into the canvas stays until the preset fades it.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_stop_message(phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/** @brief 1 while a message or song title is showing, else 0 (also for a NULL engine). @since 1.1
 */
PHOSPHENE_API int phosphene_engine_message_showing(const phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Shows the current preset's name in the upper-right corner for `seconds` from now.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine or seconds not in
 *         0..3600.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_show_preset_name(phosphene_engine* engine,
                                                                 float seconds) PHOSPHENE_NOEXCEPT;

/**
 * @brief When the preset name shows by itself.
 * @param always non-zero: all the time, naming whichever preset runs (MilkDrop's F4,
 *        bShowPresetInfo; off by default, as in MilkDrop).
 * @param on_switch_seconds > 0: for that many seconds after each preset starts (a Phosphene
 *        setting; 0, the default, turns it off).
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine or on_switch_seconds
 *         not in 0..3600.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_set_preset_name_display(
    phosphene_engine* engine, int always, float on_switch_seconds) PHOSPHENE_NOEXCEPT;

/**
 * @brief The font messages, titles and the preset name are drawn with, as
 *        phosphene_overlay_desc.font_path: a font file, "built-in" for the bitmap font, or
 *        NULL / "" for a system sans-serif font. A file that cannot be read shows no text; the
 *        first draw that needs it fails with the reason as the last error, later draws do not
 *        fail again for it. Calling this again, even with the same path, tries the file again.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_set_message_font(
    phosphene_engine* engine, const char* font_path) PHOSPHENE_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif /* PHOSPHENE_MESSAGE_H */
