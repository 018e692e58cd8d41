/*
 * phosphene_sprite.h — MilkDrop 2's user sprites (optional part of the C API).
 *
 * A sprite is an image drawn over the visualization, moved and coloured every frame by its own
 * small program, exactly as MilkDrop 2 defines them in its sprite file, milk_img.ini:
 *
 *   [img00]
 *   img=logo.png          ; relative to the ini's folder
 *   colorkey=0x000000     ; texels of exactly this colour become transparent (blend mode 4)
 *   init_1=blendmode=0; burn=0;
 *   code_1=x = 0.5 + 0.3*sin(time); rot = time;
 *
 * Its code reads time and frame (since the launch), fps, progress (the preset blend), bass, mid,
 * treb, bass_att, mid_att, treb_att, and writes x, y (0..1, y down), sx, sy, rot, flipx, flipy,
 * repeatx, repeaty, r, g, b, a, blendmode (0 alpha, 1 decal, 2 additive, 3 source colour,
 * 4 colour key), burn (also draw it into the picture the preset warps on; on by default) and
 * done (remove it after this frame). At most 16 sprites live at once; a 17th launch removes the
 * one launched longest ago. Sprites belong to the engine: preset switches, transitions and hard
 * cuts do not touch them. When one ends a PHOSPHENE_EVENT_SPRITE_ENDED event says so.
 * All sprites' code shares the switch settings' iteration_budget per frame (and each init code
 * has it once), so a loop without end cannot stall a frame; a sprite whose loops it cut is
 * logged once (warning SPR007), and an init cut short is also in the launch's diagnostics.
 *
 * Typical use:
 *
 *   phosphene_sprite_load_ini_file(engine, "/path/milk_img.ini");
 *   uint32_t id;
 *   if (phosphene_sprite_launch(engine, 0, &id) == PHOSPHENE_OK) ...   // [img00]
 *
 * Diagnostics: each call below that reads or compiles something keeps its diagnostics (bad ini
 * lines with their line numbers, code that does not compile) for phosphene_sprite_diagnostic
 * until the next such call.
 *
 * Threads: the engine's controller thread (the one that advances and draws it).
 */
#ifndef PHOSPHENE_SPRITE_H
#define PHOSPHENE_SPRITE_H

#include "phosphene_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/** How many sprites live at once (MilkDrop 2's 16). */
#define PHOSPHENE_MAX_SPRITES 16

/**
 * @brief Reads a milk_img.ini file, replacing the one read before (live sprites stay).
 * @return PHOSPHENE_OK (lines it skipped are diagnostics, warnings); PHOSPHENE_ERROR_IO when the
 *   file cannot be read; PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine or path.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_sprite_load_ini_file(phosphene_engine* engine,
                                                              const char* path) PHOSPHENE_NOEXCEPT;

/**
 * @brief The same from text (UTF-8 or ASCII, NUL-terminated).
 * @param folder Where relative img= paths start; NULL or "": the current directory.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine or text.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_sprite_load_ini_text(
    phosphene_engine* engine, const char* text, const char* folder) PHOSPHENE_NOEXCEPT;

/**
 * @brief Launches sprite [imgNN] of the ini read last; it runs its init code now and draws from
 *   the next frame.
 * @param out_id Receives its id (never 0; each launch on an engine gets a larger id than the
 *   launches before it, so ids sort by age), or 0 on failure; may be NULL.
 * @return PHOSPHENE_OK (code that does not compile is a warning: the sprite runs without it, as
 *   in MilkDrop); PHOSPHENE_ERROR_NOT_FOUND when no ini is read or it has no such sprite with an
 *   img= value; PHOSPHENE_ERROR_IO when the image cannot be read or decoded (PNG, JPEG, TGA, BMP,
 *   DDS); PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine or a negative number.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_sprite_launch(phosphene_engine* engine, int number,
                                                       uint32_t* out_id) PHOSPHENE_NOEXCEPT;

/**
 * @brief Launches a sprite from the text of one ini section without its [imgNN] header
 *   (img=, colorkey=, init_N=, code_N= lines: projectM's "milkdrop" sprite type).
 * @param folder Where a relative img= path starts; NULL or "": the current directory.
 * @return as phosphene_sprite_launch; PHOSPHENE_ERROR_NOT_FOUND when the text has no img=.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_sprite_launch_code(phosphene_engine* engine,
                                                            const char* code, const char* folder,
                                                            uint32_t* out_id) PHOSPHENE_NOEXCEPT;

/** @brief How many sprites live now; 0 for a NULL engine. Controller thread. @since 1.1 */
PHOSPHENE_API uint32_t phosphene_sprite_count(const phosphene_engine* engine) PHOSPHENE_NOEXCEPT;

/**
 * @brief Writes the ids of the live sprites, in draw order, to ids[0..capacity).
 * @return How many sprites live (may exceed capacity: only capacity ids are written); 0 for a
 *   NULL engine, or NULL ids with a capacity above 0.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API uint32_t phosphene_sprite_ids(const phosphene_engine* engine, uint32_t* ids,
                                            uint32_t capacity) PHOSPHENE_NOEXCEPT;

/**
 * @brief Removes one sprite now (it is not drawn again); a SPRITE_ENDED event follows.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_NOT_FOUND when no live sprite has this id;
 *   PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_sprite_kill(phosphene_engine* engine,
                                                     uint32_t id) PHOSPHENE_NOEXCEPT;

/**
 * @brief Removes every sprite (MilkDrop's Ctrl+K); one SPRITE_ENDED event each.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT for a NULL engine.
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_sprite_kill_all(phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/** @brief How many diagnostics the last load or launch left; 0 for a NULL engine. @since 1.1 */
PHOSPHENE_API uint32_t phosphene_sprite_diagnostic_count(const phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Reads diagnostic `index` of the last load or launch (line is the ini's line).
 * Strings stay valid until the next sprite call on this engine.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_NOT_FOUND for an index past the end;
 *   PHOSPHENE_ERROR_INVALID_ARGUMENT for NULL arguments; PHOSPHENE_ERROR_ABI_MISMATCH when
 *   out->struct_size is not set (phosphene_diagnostic_init).
 * Thread safety: controller thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_sprite_diagnostic(
    const phosphene_engine* engine, uint32_t index, phosphene_diagnostic* out) PHOSPHENE_NOEXCEPT;

#ifdef __cplusplus
}
#endif

#endif /* PHOSPHENE_SPRITE_H */
