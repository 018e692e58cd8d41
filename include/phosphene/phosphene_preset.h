/*
 * phosphene_preset.h — preset handles (a preset read and checked once, on any thread) and native
 * presets (a per-frame function in C). Part of the Phosphene C API; hosts include
 * <phosphene/phosphene.h>, which documents the whole.
 */
#ifndef PHOSPHENE_PRESET_H
#define PHOSPHENE_PRESET_H

#include "phosphene_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Preset handles (any thread)
 *
 * A phosphene_preset is a preset read, parsed and checked once, independent of any engine: make
 * it on any thread (a UI thread scanning files, a loader of the host's own), read its name and
 * diagnostics, switch any number of engines to it, destroy it when no longer needed (engines
 * keep what they need). A handle is immutable: every function taking a const phosphene_preset*
 * may run on any thread, concurrently. A native preset (C callbacks, see below) is a handle too.
 * ------------------------------------------------------------------------------------------- */

/**
 * @brief Reads a .milk file, parses it and compiles its equations to check them.
 * @param path (in) UTF-8; copied. @param out_preset (out) receives the handle, ALSO when the
 *        preset did not load (IO or PRESET_INVALID), so its diagnostics can be read; NULL only
 *        for INVALID_ARGUMENT and OUT_OF_MEMORY. A handle that did not load cannot be switched
 *        to (phosphene_preset_status says why).
 * @return PHOSPHENE_OK (possibly with warnings); PHOSPHENE_ERROR_IO (unreadable, above 16 MiB);
 *         PHOSPHENE_ERROR_PRESET_INVALID (no key=value line); PHOSPHENE_ERROR_INVALID_ARGUMENT
 *         (path or out_preset NULL); PHOSPHENE_ERROR_OUT_OF_MEMORY.
 * Thread safety: any thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_preset_create_from_file(
    const char* path, phosphene_preset** out_preset) PHOSPHENE_NOEXCEPT;

/**
 * @brief As phosphene_preset_create_from_file, for .milk text in memory.
 * @param text (in) need not be NUL-terminated; copied. @param name (in) for messages and
 *        events; NULL gives "<text>".
 * Thread safety: any thread. @since 1.0
 */
PHOSPHENE_API phosphene_result
phosphene_preset_create_from_text(const char* text, size_t length, const char* name,
                                  phosphene_preset** out_preset) PHOSPHENE_NOEXCEPT;

/** @brief Destroys a handle (NULL is ignored). Engines that use the preset keep their own copy.
 *  Thread safety: any thread, once, after every other call on the handle returned. @since 1.0 */
PHOSPHENE_API void phosphene_preset_destroy(phosphene_preset* preset) PHOSPHENE_NOEXCEPT;

/** @brief PHOSPHENE_OK when the preset loaded (possibly with warnings), else why not.
 *  Thread safety: any thread. @since 1.0 */
PHOSPHENE_API phosphene_result phosphene_preset_status(const phosphene_preset* preset)
    PHOSPHENE_NOEXCEPT;

/** @brief The preset's name (a file's name, a text's or native preset's given name); "" for NULL.
 *  Valid while the handle lives. Thread safety: any thread. @since 1.0 */
PHOSPHENE_API const char* phosphene_preset_name(const phosphene_preset* preset) PHOSPHENE_NOEXCEPT;

/** @brief The file path the preset was read from; "" for texts, native presets and NULL.
 *  Valid while the handle lives. Thread safety: any thread. @since 1.0 */
PHOSPHENE_API const char* phosphene_preset_path(const phosphene_preset* preset) PHOSPHENE_NOEXCEPT;

/** @brief Number of diagnostics found reading, parsing and compiling the preset (0 for NULL).
 *  Thread safety: any thread. @since 1.0 */
PHOSPHENE_API uint32_t phosphene_preset_diagnostic_count(const phosphene_preset* preset)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Reads one of the handle's diagnostics; its strings live as long as the handle.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL, index too large);
 *         PHOSPHENE_ERROR_ABI_MISMATCH (out->struct_size not set).
 * Thread safety: any thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_preset_diagnostic(
    const phosphene_preset* preset, uint32_t index, phosphene_diagnostic* out) PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * Mash-ups and writing presets
 *
 * A mash-up is MilkDrop 2's: a new preset assembled from the parts of others, one preset per
 * part (the five "bins" of its mash-up screen). It is an ordinary handle: switch to it, write it.
 * Swapping only the warp or comp shader of the running preset (MilkDrop 3's shader randomising)
 * is a mash-up whose other four parts all name the running preset.
 * ------------------------------------------------------------------------------------------- */

/** The parts of a preset, in MilkDrop 2's mash-up order (indexes into the parts array). */
typedef enum phosphene_mashup_part {
  /* decay, gamma, video echo, brighten/darken/solarize/invert, blur ranges, rating */
  PHOSPHENE_MASHUP_GENERAL = 0,
  /* zoom, rotation, centre, push, warp, stretch, wrap, darken-centre, borders, and the
     per_frame_init, per_frame and per_pixel equations */
  PHOSPHENE_MASHUP_MOTION = 1,
  /* the simple waveform, motion vectors, custom waves and custom shapes with their code */
  PHOSPHENE_MASHUP_WAVES = 2,
  PHOSPHENE_MASHUP_WARP_SHADER = 3, /* the warp shader (none: the fixed-function warp) */
  PHOSPHENE_MASHUP_COMP_SHADER = 4  /* the composite shader (none: the fixed-function one) */
} phosphene_mashup_part;

/** Number of parts a mash-up takes. */
#define PHOSPHENE_MASHUP_PARTS 5

/**
 * @brief Makes a new preset from parts of others: part i is taken from parts[i].
 * @param parts (in) PHOSPHENE_MASHUP_PARTS handles that loaded (the same handle may fill any
 *        number of parts; a native preset contributes its base, not its function); the handles
 *        may be destroyed afterwards. @param part_count must be PHOSPHENE_MASHUP_PARTS.
 * @param name (in) the new preset's name; NULL gives "mash-up".
 * @param out_preset (out) the new handle (a text preset: phosphene_preset_path gives ""). Its
 *        textures are searched, after the configured path, in the folder of the preset whose comp
 *        shader it took (else the warp shader's, else the general part's), as for a file there.
 * @return PHOSPHENE_OK (possibly with warnings, as create_from_text);
 * PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL parts, a NULL entry, a wrong part_count, NULL out_preset);
 *         PHOSPHENE_ERROR_PRESET_INVALID (a part's handle did not load); OUT_OF_MEMORY.
 * Thread safety: any thread. @since 1.1
 */
PHOSPHENE_API phosphene_result
phosphene_preset_create_mashup(const phosphene_preset* const* parts, uint32_t part_count,
                               const char* name, phosphene_preset** out_preset) PHOSPHENE_NOEXCEPT;

/**
 * @brief Writes the preset as .milk text (MilkDrop 2's layout, CR LF line ends, floats in their
 *        shortest exact form): a preset read back from it draws the same frames.
 * @param buffer (out) receives at most capacity-1 bytes and a terminating NUL; may be NULL when
 *        capacity is 0 (to ask for the size). @param out_length (out, optional) the text's full
 *        length in bytes, without the NUL, also when it did not fit.
 * @return PHOSPHENE_OK (the whole text is in buffer, or buffer is NULL and capacity 0);
 *         PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL preset, capacity too small: buffer holds a cut
 *         text, out_length the size needed, or buffer NULL with capacity > 0);
 *         PHOSPHENE_ERROR_PRESET_INVALID (the handle did not load); OUT_OF_MEMORY.
 * Thread safety: any thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_preset_write(const phosphene_preset* preset, char* buffer,
                                                      size_t capacity,
                                                      size_t* out_length) PHOSPHENE_NOEXCEPT;

/**
 * @brief Writes the preset (as phosphene_preset_write) to a file, replacing it atomically: a
 *        failed save leaves any earlier file as it was. The folder is created when missing.
 * @param path (in) UTF-8.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_IO (cannot be written; the last error is not touched:
 *         no engine is involved); PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL preset or path);
 *         PHOSPHENE_ERROR_PRESET_INVALID (the handle did not load); OUT_OF_MEMORY.
 * Thread safety: any thread. @since 1.1
 */
PHOSPHENE_API phosphene_result phosphene_preset_save(const phosphene_preset* preset,
                                                     const char* path) PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * Native presets: a preset written in C or C++
 *
 * A native preset is a .milk "base" (its file values, custom waves and shapes, warp/comp shaders
 * and even EEL equations; NULL: MilkDrop's defaults) plus a per-frame function the host writes.
 * Every frame, after the base's per_frame equations, the function reads the frame's audio and
 * clock and sets per-frame variables (zoom, rot, warp, decay, wave_r, ob_size, q1..q32, ...) by
 * name; everything else (per-vertex code, waves, shapes, shaders, transitions) runs as for any
 * .milk. It is a phosphene_preset: switch engines to it, add it to playlists, blend to and from it.
 * ------------------------------------------------------------------------------------------- */

/** What a native preset's per-frame function sees; valid only during the call. */
typedef struct phosphene_native_frame phosphene_native_frame;

typedef struct phosphene_native_preset_desc {
  uint32_t struct_size;  /* = sizeof(phosphene_native_preset_desc) (the _init function) */
  const char* name;      /* shown in events and playlists; required */
  const char* base_text; /* .milk text of the base, or NULL for MilkDrop's defaults; copied */
  size_t base_length;
  void* user_data; /* passed to create; the host keeps it alive while any engine uses the preset */
  /* Called when an engine starts the preset (each start is one instance; a transition from the
     preset to itself has two). Returns the instance passed to per_frame; NULL is allowed. NULL
     function: the instance is user_data. Called on the engine's controller thread. */
  void* (*create)(void* user_data);
  /* Called when that instance's preset stops (NULL: nothing to do). Controller thread. */
  void (*destroy)(void* user_data, void* instance);
  /* Called once per frame per instance, on the controller thread, inside phosphene_engine_advance
     (and so phosphene_engine_render). It must not call back into the engine. Required. */
  void (*per_frame)(void* instance, phosphene_native_frame* frame);
  /* Called once, on whichever thread lets go of the preset last, when no handle, engine or
     playlist uses it any more: the place to free user_data. NULL: nothing to do. */
  void (*release)(void* user_data);
} phosphene_native_preset_desc;

/** @brief Clears *desc and sets its struct_size for this header. @since 1.0 */
static inline void phosphene_native_preset_desc_init(phosphene_native_preset_desc* desc) {
  PHOSPHENE_ZERO(desc);
  desc->struct_size = (uint32_t)sizeof(phosphene_native_preset_desc);
}

/**
 * @brief Makes a native preset handle (the base text is parsed and checked now).
 * @return as phosphene_preset_create_from_text; INVALID_ARGUMENT also for a NULL name or
 *         per_frame; ABI_MISMATCH for a bad struct_size.
 * Thread safety: any thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_preset_create_native(
    const phosphene_native_preset_desc* desc, phosphene_preset** out_preset) PHOSPHENE_NOEXCEPT;

/**
 * @brief Reads a value in a native per-frame function: the inputs time, fps, frame, progress,
 *        bass, mid, treb, bass_att, mid_att, treb_att, meshx, meshy, aspectx, aspecty, and every
 *        per-frame variable by its .milk name (zoom, rot, wave_r, q1..q32, ...), as the base's
 *        equations left it this frame.
 * @return the value; 0 for an unknown name or NULL arguments.
 * Thread safety: inside per_frame only. @since 1.0
 */
PHOSPHENE_API double phosphene_native_get(const phosphene_native_frame* frame,
                                          const char* name) PHOSPHENE_NOEXCEPT;

/**
 * @brief Sets a per-frame variable by its .milk name (zoom, rot, cx, decay, wave_r, ob_size,
 *        mv_a, q1..q32, ...). Non-finite values are stored as 0, as MilkDrop's equations would.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_NOT_FOUND (an input such as bass, or an unknown name);
 *         PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL).
 * Thread safety: inside per_frame only. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_native_set(phosphene_native_frame* frame, const char* name,
                                                    double value) PHOSPHENE_NOEXCEPT;

/**
 * @brief The frame's audio (levels, waveform, spectrum), as phosphene_engine_get_audio gives it.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT; PHOSPHENE_ERROR_ABI_MISMATCH.
 * Thread safety: inside per_frame only. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_native_get_audio(
    const phosphene_native_frame* frame, phosphene_audio_frame* out) PHOSPHENE_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PHOSPHENE_PRESET_H */
