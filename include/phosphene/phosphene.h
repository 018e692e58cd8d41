/*
 * phosphene.h — the Phosphene C API 1.1 (MilkDrop-compatible music visualization).
 *
 * Include this header; it includes the whole public interface of libphosphene, one header per
 * area: phosphene_core.h (engine, audio, frames, switching, events), phosphene_preset.h (preset
 * handles and native presets), phosphene_playlist.h (the engine's playlist and ratings),
 * phosphene_eval.h (running EEL2 code), phosphene_message.h (MilkDrop's custom messages, song
 * title and preset name), phosphene_sprite.h (MilkDrop 2's user sprites), phosphene_canvas.h (the
 * feedback canvas and textures from the host) and phosphene_overlay.h (the host's own text over
 * the picture). It is plain C99, usable from C++. From 1.0 on it is
 * stable: nothing declared here is renamed or removed before 2.0; new functionality comes as new
 * functions and as new fields at the END of the description structs (see struct_size). Every
 * function is phosphene_<object>_<verb>, its object the first argument (engine, preset, native,
 * playlist, overlay, eval_result); sprite functions take the engine that draws them.
 *
 * ==============================================================================================
 * STEP BY STEP: the main job, MilkDrop presets drawn into the host's framebuffer
 * ==============================================================================================
 *
 *   1. Create an engine (after the host made its OpenGL 3.3 core / ES 3.0 context):
 *
 *        phosphene_engine_desc desc;
 *        phosphene_engine_desc_init(&desc);      // defaults, sized for THIS header
 *        phosphene_engine* engine = NULL;
 *        if (phosphene_engine_create(&desc, &engine) != PHOSPHENE_OK) { ... }
 *
 *   2. From the audio thread (or anywhere, but from ONE thread at a time), hand over PCM as it
 *      arrives. These calls never block, never allocate and never log; they are safe inside a
 *      real-time audio callback:
 *
 *        phosphene_engine_add_pcm_float(engine, samples, frame_count, 2, 48000);
 *
 *   3. Load a preset, or fill the playlist with a folder and let the engine switch by itself
 *      (MilkDrop's timing and transitions):
 *
 *        phosphene_engine_load_preset_file(engine, "/path/to/preset.milk", NULL, NULL);
 *        // or:
 *        phosphene_playlist_add_folder(phosphene_engine_get_playlist(engine),
 *                                      "/usr/share/projectM/presets", 1, NULL);
 *
 *   4. Every video frame, with the context current, draw into the framebuffer the host has bound
 *      (0.0: one step of the fixed clock, desc.fps; or the seconds since the last frame):
 *
 *        phosphene_render_target target;
 *        phosphene_render_target_init(&target);  // the bound framebuffer...
 *        target.width = window_width;            // ...over this many pixels
 *        target.height = window_height;
 *        phosphene_engine_render(engine, 0.0, &target);
 *
 *      phosphene_engine_render is phosphene_engine_advance (clock, audio, equations; no GL)
 *      followed by phosphene_engine_draw; hosts that draw a frame twice call them apart.
 *      phosphene_engine_poll_event tells what happened (a preset started, a load failed, a beat).
 *
 *   5. Destroy it, with the context still current:
 *
 *        phosphene_engine_destroy(engine);
 *
 *   Only the audio? phosphene_engine_advance needs no preset and no GL: advance once per frame,
 *   then phosphene_engine_get_audio gives the levels, beat, waveform and spectrum presets see.
 *   Log messages: phosphene_engine_set_log_callback (or desc.log_fn, from creation on).
 *
 * ==============================================================================================
 * ERRORS
 * ==============================================================================================
 *
 *   Every function that can fail returns a phosphene_result: PHOSPHENE_OK (0) on success, a
 *   negative PHOSPHENE_ERROR_* code on failure. phosphene_result_string() names a code.
 *   The code comes from the failure itself (never from parsing a message), so hosts may branch
 *   on it: PHOSPHENE_ERROR_NO_CONTEXT means "make the context current and call again".
 *   Failures on the control thread also store a message in the engine, read with
 *   phosphene_engine_last_error(). Bad arguments give an error code, never a crash; no C++
 * exception ever leaves a Phosphene function.
 *
 * ==============================================================================================
 * THREADS
 * ==============================================================================================
 *
 *   Engines are independent: any number may exist in one process, on any threads; there is no
 *   global state. One engine has two roles:
 *     - the PRODUCER: phosphene_engine_add_pcm_float / _int16 / _uint8 and
 * phosphene_engine_dropped_pcm_frames. Wait-free; call them from one thread at a time (typically
 * the audio callback).
 *     - the CONTROLLER: every other function taking that engine. Call them from one thread at a
 *       time (typically the render thread). They may run concurrently with the producer.
 *
 * ==============================================================================================
 * VERSIONED STRUCTS AND ENUMS
 * ==============================================================================================
 *
 *   Every struct passed across this API starts with `uint32_t struct_size`, which the CALLER sets
 *   to sizeof the struct as its header declares it (the *_init functions below do it). New
 *   fields are only ever added at the end, so a host built against an older, smaller struct
 *   keeps working with a newer library: the library reads (descs) or writes (outputs such as
 *   phosphene_audio_frame, phosphene_diagnostic, phosphene_event) only struct_size bytes and
 *   uses defaults for fields the host does not know. A struct LARGER than the library knows (a
 *   newer host, an older library) is accepted when every field the library does not know is 0.
 *   struct_size 0 (not set) is PHOSPHENE_ERROR_ABI_MISMATCH. In every enum 0 means "the
 *   default" where a default makes sense, and every enum has a *_FORCE_U32 member so its size
 *   never changes.
 *
 * ==============================================================================================
 * AUDIO, AS MILKDROP 2 SEES IT
 * ==============================================================================================
 *
 *   PCM of any sample rate is resampled to PHOSPHENE_ANALYSIS_SAMPLE_RATE (44100 Hz, the rate
 *   MilkDrop 2 was designed around) and scaled so that digital full scale is about +-128, like
 *   MilkDrop's 8-bit samples. Every frame looks at the latest PHOSPHENE_WAVEFORM_SAMPLES (576)
 *   samples per channel, computes MilkDrop 2's 512-bin spectrum and its bass/mid/treb values
 *   (relative to their long-term average: about 1.0 means "as loud as usual").
 */
#ifndef PHOSPHENE_H
#define PHOSPHENE_H

#include "phosphene_canvas.h"
#include "phosphene_core.h"
#include "phosphene_eval.h"
#include "phosphene_message.h"
#include "phosphene_overlay.h"
#include "phosphene_playlist.h"
#include "phosphene_preset.h"
#include "phosphene_sprite.h"

#endif /* PHOSPHENE_H */
