/*
 * phosphene.h — the Phosphene C API (MilkDrop-compatible music visualization).
 *
 * This header is the whole public interface of libphosphene. It is plain C99, usable from C++,
 * and stable: names declared here are not renamed; new functionality is added with new
 * functions and with new fields at the END of the description structs (see struct_size).
 *
 * ==============================================================================================
 * STEP BY STEP
 * ==============================================================================================
 *
 *   1. Describe and create an engine:
 *
 *        phosphene_engine_desc desc = phosphene_engine_desc_default();
 *        desc.fps = 60.0;                        // the frame rate of a fixed clock
 *        phosphene_engine* engine = NULL;
 *        if (phosphene_engine_create(&desc, &engine) != PHOSPHENE_OK) { ... }
 *
 *   2. Optionally install a log callback (messages of this engine only):
 *
 *        phosphene_set_log_callback(engine, my_log, my_user_data, PHOSPHENE_LOG_INFO);
 *
 *   3. From the audio thread (or anywhere, but from ONE thread at a time), hand over PCM as it
 *      arrives. These calls never block, never allocate and never log; they are safe inside a
 *      real-time audio callback:
 *
 *        phosphene_pcm_add_float(engine, samples, frame_count, 2, 48000);
 *
 *   4. Once per video frame, on the render/control thread, analyse the audio received so far:
 *
 *        phosphene_audio_frame frame;
 *        phosphene_audio_analyze(engine, 0.0, &frame);   // 0.0: advance the fixed clock
 *        // frame.bass, frame.treb_att, frame.beat, frame.waveform[0][...], ...
 *
 *   5. Destroy it:
 *
 *        phosphene_engine_destroy(engine);
 *
 * ==============================================================================================
 * ERRORS
 * ==============================================================================================
 *
 *   Every function that can fail returns a phosphene_result: PHOSPHENE_OK (0) on success, a
 *   negative PHOSPHENE_ERROR_* code on failure. phosphene_result_string() names a code.
 *   Failures on the control thread also store a message in the engine, read with
 *   phosphene_last_error(). Bad arguments give an error code, never a crash; no C++ exception
 *   ever leaves a Phosphene function.
 *
 * ==============================================================================================
 * THREADS
 * ==============================================================================================
 *
 *   Engines are independent: any number may exist in one process, on any threads; there is no
 *   global state. One engine has two roles:
 *     - the PRODUCER: phosphene_pcm_add_float / _int16 / _uint8 and phosphene_pcm_dropped_frames.
 *       Wait-free; call them from one thread at a time (typically the audio callback).
 *     - the CONTROLLER: every other function taking that engine. Call them from one thread at a
 *       time (typically the render thread). They may run concurrently with the producer.
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

#include <stddef.h>
#include <stdint.h>

/* ---------------------------------------------------------------------------------------------
 * Export macro. Define PHOSPHENE_STATIC when linking the static library on Windows.
 * ------------------------------------------------------------------------------------------- */
#if defined(PHOSPHENE_STATIC)
#define PHOSPHENE_API
#elif defined(_WIN32)
#if defined(PHOSPHENE_BUILDING)
#define PHOSPHENE_API __declspec(dllexport)
#else
#define PHOSPHENE_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define PHOSPHENE_API __attribute__((visibility("default")))
#else
#define PHOSPHENE_API
#endif

/* C++ hosts see that no Phosphene function throws. */
#if defined(__cplusplus)
#define PHOSPHENE_NOEXCEPT noexcept
#else
#define PHOSPHENE_NOEXCEPT
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Version
 * ------------------------------------------------------------------------------------------- */

/** Version of this header. PHOSPHENE_VERSION packs it as (major << 16) | (minor << 8) | patch. */
#define PHOSPHENE_VERSION_MAJOR 0
#define PHOSPHENE_VERSION_MINOR 1
#define PHOSPHENE_VERSION_PATCH 0
#define PHOSPHENE_MAKE_VERSION(major, minor, patch) \
  ((uint32_t)(((uint32_t)(major) << 16) | ((uint32_t)(minor) << 8) | (uint32_t)(patch)))
#define PHOSPHENE_VERSION \
  PHOSPHENE_MAKE_VERSION(PHOSPHENE_VERSION_MAJOR, PHOSPHENE_VERSION_MINOR, PHOSPHENE_VERSION_PATCH)

/**
 * @brief The version of the library actually linked, packed like PHOSPHENE_VERSION.
 * Compare with PHOSPHENE_VERSION to detect a header/library mismatch.
 * Thread safety: any thread. @since 0.1
 */
PHOSPHENE_API uint32_t phosphene_version(void) PHOSPHENE_NOEXCEPT;

/**
 * @brief The linked library's version as text, e.g. "0.1.0".
 * @return A static string; never NULL; never freed by the caller.
 * Thread safety: any thread. @since 0.1
 */
PHOSPHENE_API const char* phosphene_version_string(void) PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * Results
 * ------------------------------------------------------------------------------------------- */

/** Outcome of a call. 0 is success; every error is negative. Values are stable. */
typedef enum phosphene_result {
  PHOSPHENE_OK = 0,
  PHOSPHENE_ERROR_INVALID_ARGUMENT = -1,   /* NULL pointer, out-of-range number, ... */
  PHOSPHENE_ERROR_OUT_OF_MEMORY = -2,      /* an allocation failed */
  PHOSPHENE_ERROR_ABI_MISMATCH = -3,       /* desc.struct_size / api_version not understood */
  PHOSPHENE_ERROR_UNSUPPORTED_FORMAT = -4, /* PCM channel count or sample rate out of range */
  PHOSPHENE_ERROR_INTERNAL = -5,           /* a bug in Phosphene; the last error says more */
  PHOSPHENE_ERROR_IO = -6,                 /* a file cannot be opened or read */
  PHOSPHENE_ERROR_PRESET_INVALID = -7,     /* the text is not a preset (no key=value line) */
  PHOSPHENE_ERROR_NO_PRESET = -8,          /* rendering needs a loaded preset */
  PHOSPHENE_ERROR_GL = -9                  /* no usable GL context current, or a GL failure */
} phosphene_result;

/**
 * @brief A short, stable English name for a result, e.g. "invalid argument".
 * @return A static string; never NULL (unknown codes give "unknown result").
 * Thread safety: any thread. @since 0.1
 */
PHOSPHENE_API const char* phosphene_result_string(phosphene_result result) PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * Logging
 * ------------------------------------------------------------------------------------------- */

typedef enum phosphene_log_level {
  PHOSPHENE_LOG_DEBUG = 0,
  PHOSPHENE_LOG_INFO = 1,
  PHOSPHENE_LOG_WARNING = 2,
  PHOSPHENE_LOG_ERROR = 3
} phosphene_log_level;

/**
 * A log sink. `message` is one line without a trailing newline, valid only during the call.
 * Called on the controller thread of the engine that logs (never from the PCM functions).
 * It must not call back into the same engine.
 */
typedef void (*phosphene_log_fn)(void* user_data, phosphene_log_level level, const char* message);

/* ---------------------------------------------------------------------------------------------
 * Engine
 * ------------------------------------------------------------------------------------------- */

/** An engine: one visualizer instance. Opaque; create with phosphene_engine_create(). */
typedef struct phosphene_engine phosphene_engine;

/**
 * How to build an engine. Get one from phosphene_engine_desc_default(), change what you need,
 * pass it to phosphene_engine_create(). Zero in a numeric field means "the default".
 */
typedef struct phosphene_engine_desc {
  uint32_t struct_size;       /* = sizeof(phosphene_engine_desc); lets old hosts keep working */
  uint32_t api_version;       /* = PHOSPHENE_VERSION; 0 skips the check */
  double fps;                 /* = 60     fixed-clock frame rate, used when a frame's dt is 0 */
  uint64_t seed;              /* = 0      seed of the engine's random numbers (deterministic) */
  uint32_t pcm_buffer_frames; /* = 65536  PCM ring capacity in frames at 44.1 kHz (~1.5 s);
                                 rounded up to a power of two; 1024 .. 4194304 */
  phosphene_log_fn log_fn;    /* = NULL   log sink from creation on (see set_log_callback) */
  void* log_user_data;        /* = NULL   passed to log_fn */
  phosphene_log_level log_min_level; /* = PHOSPHENE_LOG_INFO */
  uint32_t flags;                    /* = 0      PHOSPHENE_ENGINE_* bits below */
} phosphene_engine_desc;

/**
 * desc.flags: turn off MilkDrop 2's per-frame waveform alignment. By default Phosphene, like
 * MilkDrop 2, shifts each frame's 576-sample window by 0..95 samples so a steady tone's wave
 * does not crawl, zeroes the last 96 samples when it shifted, and computes bass/mid/treb from
 * that aligned window (so those values jitter a little with the shift, exactly as in MD2).
 * With this flag the waveform is the plain latest 576 samples and the levels are smoother.
 */
#define PHOSPHENE_ENGINE_NO_WAVE_ALIGNMENT 0x1u

/**
 * @brief The default description (struct_size and api_version filled in).
 * Thread safety: any thread. @since 0.1
 */
PHOSPHENE_API phosphene_engine_desc phosphene_engine_desc_default(void) PHOSPHENE_NOEXCEPT;

/**
 * @brief Creates an engine.
 * @param desc (in) the description; NULL means all defaults. Not kept after the call.
 * @param out_engine (out) receives the new engine; set to NULL on failure.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (out_engine NULL, a field out of range);
 *         PHOSPHENE_ERROR_ABI_MISMATCH (struct_size larger than this library knows, or a
 *         different major version); PHOSPHENE_ERROR_OUT_OF_MEMORY.
 * Thread safety: any thread. Creation failures are also reported to desc->log_fn. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_create(
    const phosphene_engine_desc* desc, phosphene_engine** out_engine) PHOSPHENE_NOEXCEPT;

/**
 * @brief Destroys an engine and frees everything it owns. NULL is ignored.
 * The producer must have stopped calling phosphene_pcm_* on it. If the engine has rendered, the
 * GL context it rendered in must be current (its GL objects are deleted).
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API void phosphene_engine_destroy(phosphene_engine* engine) PHOSPHENE_NOEXCEPT;

/**
 * @brief The message of the last failed controller call on this engine.
 * @return "" when there was none, or when engine is NULL. The pointer stays valid until the
 *         next controller call on the engine; copy it to keep it.
 * Thread safety: controller thread. PCM functions never set it. @since 0.1
 */
PHOSPHENE_API const char* phosphene_last_error(const phosphene_engine* engine) PHOSPHENE_NOEXCEPT;

/**
 * @brief Installs (or, with fn = NULL, removes) the engine's log sink.
 * @param fn (in) the sink; called for messages at or above min_level.
 * @param user_data (in) passed to every call of fn; Phosphene never touches it.
 * @param min_level the least severe level delivered.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL or level out of range).
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result
phosphene_set_log_callback(phosphene_engine* engine, phosphene_log_fn fn, void* user_data,
                           phosphene_log_level min_level) PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * PCM input (producer side; real-time safe)
 *
 * All three take `frame_count` frames of `channels` interleaved samples (channels = 1: mono,
 * used for both the left and the right channel; 2: left, right; 3..32: only the first two are
 * used) at `sample_rate` Hz (1000 .. 768000). Any chunk size works, from one frame to seconds:
 * the result of the analysis depends only on the samples, not on how they were split. The
 * sample rate may change between calls (the resampler restarts). frame_count = 0 is a no-op.
 * Non-finite samples (NaN, +-Inf) are replaced by 0; float samples beyond +-8.0 are clipped.
 *
 * The samples go into a bounded lock-free ring that phosphene_audio_analyze() empties. When a call
 * brings more than the ring has room for (more than pcm_buffer_frames at 44.1 kHz arrive between
 * two analysed frames), the OLDEST samples of that call are dropped, so the next frame still sees
 * the newest audio; dropped samples are counted, see phosphene_pcm_dropped_frames(). Samples
 * already in the ring are never discarded by the producer, so a host that keeps adding small
 * chunks without analysing fills the ring and then loses what it adds: analyse every frame.
 *
 * Return: PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL, samples NULL with
 * frame_count > 0); PHOSPHENE_ERROR_UNSUPPORTED_FORMAT (channels or sample_rate out of range).
 * Thread safety: producer thread; wait-free, no allocation, no locks, no logging. @since 0.1
 * ------------------------------------------------------------------------------------------- */

/** Float samples, full scale -1.0 .. +1.0. */
PHOSPHENE_API phosphene_result phosphene_pcm_add_float(phosphene_engine* engine,
                                                       const float* samples, size_t frame_count,
                                                       int channels,
                                                       int sample_rate) PHOSPHENE_NOEXCEPT;

/** Signed 16-bit samples, full scale -32768 .. 32767. */
PHOSPHENE_API phosphene_result phosphene_pcm_add_int16(phosphene_engine* engine,
                                                       const int16_t* samples, size_t frame_count,
                                                       int channels,
                                                       int sample_rate) PHOSPHENE_NOEXCEPT;

/** Unsigned 8-bit samples, silence = 128 (MilkDrop's native format). */
PHOSPHENE_API phosphene_result phosphene_pcm_add_uint8(phosphene_engine* engine,
                                                       const uint8_t* samples, size_t frame_count,
                                                       int channels,
                                                       int sample_rate) PHOSPHENE_NOEXCEPT;

/**
 * @brief Frames (at the analysis rate) dropped so far because the PCM ring was full.
 * @return 0 when engine is NULL.
 * Thread safety: any thread. @since 0.1
 */
PHOSPHENE_API uint64_t phosphene_pcm_dropped_frames(const phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * Audio analysis (controller side)
 * ------------------------------------------------------------------------------------------- */

/** The rate all PCM is resampled to before analysis, in Hz. */
#define PHOSPHENE_ANALYSIS_SAMPLE_RATE 44100
/** Samples per channel analysed per frame (MilkDrop 2: 576). */
#define PHOSPHENE_WAVEFORM_SAMPLES 576
/** Spectrum bins per channel (MilkDrop 2: 512; bin i is i * 44100 / 1024 Hz). */
#define PHOSPHENE_SPECTRUM_BINS 512

/**
 * One video frame's view of the audio: exactly the values MilkDrop 2 presets read.
 * A plain value: copy it freely.
 */
typedef struct phosphene_audio_frame {
  uint64_t frame; /* frame index, 0 for the first analysed frame */
  double time_s;  /* seconds since the engine started (the preset variable `time`) */
  double fps;     /* frames per second used for this frame (`fps`) */

  /* Band levels relative to their long-term average (1.0 = usual loudness; exactly 1.0 while
     the average is still ~0, e.g. in silence). MilkDrop 2 names; _att = smoothed. */
  float bass, mid, treb;
  float bass_att, mid_att, treb_att;
  /* MilkDrop 2's shader constants vol / vol_att. MilkDrop 2 computes them as treb / 3 and
     treb_att / 3 (a comma-operator slip in its source); Phosphene reproduces that. */
  float vol, vol_att;

  int beat;     /* 1 when an onset (kick/beat) starts in this frame, else 0 */
  int hard_cut; /* 1 when MilkDrop 2's loudness rule for a hard cut fired this frame, else 0 */

  /* The latest 576 samples per channel, [0] = left, [1] = right, full scale ~ +-128, after
     MilkDrop 2's alignment (see PHOSPHENE_ENGINE_NO_WAVE_ALIGNMENT): when the window was
     shifted, samples 480..575 are 0. Waves draw at most the first 480. */
  float waveform[2][PHOSPHENE_WAVEFORM_SAMPLES];
  /* MilkDrop 2's equalised magnitude spectrum of those samples (fSpectrum), per channel. */
  float spectrum[2][PHOSPHENE_SPECTRUM_BINS];
} phosphene_audio_frame;

/**
 * @brief Advances the engine's clock by one video frame and analyses the audio.
 *
 * Takes every PCM frame added since the previous call, looks at the latest 576 samples per
 * channel (if fewer arrived, part of the previous window is reused; if none, the window is
 * unchanged), and updates MilkDrop 2's band averages for the frame rate.
 *
 * @param engine the engine.
 * @param dt_s seconds since the previous frame, as measured by a host that drives time itself;
 *        0 advances a fixed clock by 1 / desc.fps (deterministic: use it for offline rendering).
 *        Negative, NaN or > 10 s is an invalid argument.
 * @param out (out) receives the frame. Untouched on failure.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine or out NULL, dt_s invalid).
 * Thread safety: controller thread; may run while the producer adds PCM. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_audio_analyze(
    phosphene_engine* engine, double dt_s, phosphene_audio_frame* out) PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * Presets (controller side)
 *
 * A preset is MilkDrop 2 .milk text. Loading parses it, compiles its equations and makes it the
 * current preset from the next rendered frame on. Like MilkDrop 2, an equation block that does
 * not compile is left out and the rest of the preset runs; every such problem is logged as a
 * warning and listed by phosphene_preset_diagnostic_get(). A failed load leaves the previous
 * preset (if any) running. Each engine has its own reg00..reg99 and gmegabuf, shared by the
 * presets it loads and never by another engine.
 * ------------------------------------------------------------------------------------------- */

/**
 * @brief Loads a .milk file and makes it the current preset.
 * @param path (in) a file path, UTF-8; not kept after the call.
 * @return PHOSPHENE_OK (possibly with warnings, see phosphene_preset_diagnostic_count);
 *         PHOSPHENE_ERROR_INVALID_ARGUMENT (engine or path NULL); PHOSPHENE_ERROR_IO (the file
 *         cannot be read or is above 16 MiB); PHOSPHENE_ERROR_PRESET_INVALID (no key=value line);
 *         PHOSPHENE_ERROR_OUT_OF_MEMORY.
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_load_preset_file(phosphene_engine* engine,
                                                          const char* path) PHOSPHENE_NOEXCEPT;

/**
 * @brief Loads a preset from .milk text in memory and makes it the current preset.
 * @param text (in) the bytes of a .milk file; need not be NUL-terminated; not kept.
 * @param length number of bytes in text.
 * @return PHOSPHENE_OK (possibly with warnings); PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL,
 *         or text NULL with length > 0); PHOSPHENE_ERROR_PRESET_INVALID (no key=value line, e.g.
 *         empty text); PHOSPHENE_ERROR_OUT_OF_MEMORY.
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_load_preset_text(phosphene_engine* engine,
                                                          const char* text,
                                                          size_t length) PHOSPHENE_NOEXCEPT;

/** One problem found by the last preset load. Strings stay valid until the next load. */
typedef struct phosphene_diagnostic {
  phosphene_log_level severity; /* PHOSPHENE_LOG_INFO, _WARNING or _ERROR */
  const char* id;               /* stable identifier, e.g. "EEL001", "MILK005", "IO001" */
  const char* section;          /* e.g. "per_frame", "wave_2_per_point", "file"; "" if none */
  int line;                     /* 1-based line in the .milk text; 0 when unknown */
  int column;                   /* 1-based; 0 when unknown */
  const char* message;          /* English, one line */
} phosphene_diagnostic;

/**
 * @brief Number of diagnostics of the last phosphene_load_preset_file/_text call (successful or
 *        not). Errors in a successful load are equation blocks MilkDrop 2 would also skip.
 * @return 0 when engine is NULL.
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API uint32_t phosphene_preset_diagnostic_count(const phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Reads one diagnostic of the last preset load.
 * @param index 0 .. phosphene_preset_diagnostic_count() - 1.
 * @param out (out) receives the diagnostic; its strings belong to the engine and stay valid until
 *        the next preset load or phosphene_engine_destroy.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine or out NULL, index too large).
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_preset_diagnostic_get(
    const phosphene_engine* engine, uint32_t index, phosphene_diagnostic* out) PHOSPHENE_NOEXCEPT;

/**
 * @brief Sets the folders searched for the image files a preset's shaders name: user textures
 *        (`sampler_clouds` loads clouds.jpg) and random textures (`sampler_rand00_smalltiled`
 *        picks one file whose name starts with "smalltiled", the same pick for the same seed).
 *
 * As in MilkDrop 2, a name is tried with the extensions jpg, dds, png, tga, bmp, dib in that
 * order, each extension in every folder (in the order given here) before the next extension;
 * file names match case-insensitively. The folder of a preset loaded with
 * phosphene_load_preset_file() is searched after these. Folders that do not exist are allowed
 * (they hold nothing). The default is no folder. A texture that is found nowhere, or does not
 * decode, is drawn as opaque black and reported as a warning ("TEX001" .. "TEX004") among the
 * preset diagnostics once the preset has been rendered.
 *
 * @param dirs (in) `count` folder paths, UTF-8, none NULL or empty; copied, not kept. NULL is
 *        allowed when count is 0 (clears the list).
 * @param count number of folders, 0 .. 256.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL, dirs NULL with count > 0,
 *         an entry NULL or empty, count above 256); PHOSPHENE_ERROR_OUT_OF_MEMORY. On failure the
 *         previous list stays.
 * Takes effect at the next render call: the current preset's textures are looked up again.
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_set_texture_search_path(phosphene_engine* engine,
                                                                 const char* const* dirs,
                                                                 size_t count) PHOSPHENE_NOEXCEPT;

/** Most folders phosphene_set_texture_search_path() accepts. */
#define PHOSPHENE_MAX_TEXTURE_DIRS 256

/* ---------------------------------------------------------------------------------------------
 * Preset switching and MilkDrop transitions (controller side)
 *
 * phosphene_request_preset_file/_text prepare a preset (read, parse, compile, translate its
 * shaders) on the engine's loader thread while the current preset keeps drawing; once it is
 * ready, the next render call starts it with MilkDrop 2's transition: both presets run for
 * `transition_seconds`, their warp meshes and composites blended with a random spatial pattern.
 * A preset that fails to load never interrupts the picture: the current one keeps running and a
 * PHOSPHENE_EVENT_PRESET_LOAD_FAILED event says why. Automatic switching, hard cuts and the
 * per-frame equation budget (phosphene_switch_settings) ask the host for the next preset through
 * phosphene_set_next_preset_callback().
 * ------------------------------------------------------------------------------------------- */

/** Why a preset switch happened. */
typedef enum phosphene_switch_reason {
  PHOSPHENE_SWITCH_USER = 0,        /* a request by the host */
  PHOSPHENE_SWITCH_AUTO = 1,        /* the preset's time was up */
  PHOSPHENE_SWITCH_HARD_CUT = 2,    /* MilkDrop's loudness hard cut */
  PHOSPHENE_SWITCH_BEAT = 3,        /* a beat hard cut */
  PHOSPHENE_SWITCH_LOAD_FAILED = 4, /* the previous pick did not load */
  PHOSPHENE_SWITCH_OVER_BUDGET = 5  /* the current preset exceeded the equation budget */
} phosphene_switch_reason;

/**
 * @brief Starts preparing a .milk file on the loader thread; it becomes current, with a
 *        transition, at the first render call after it is ready. A newer request replaces an
 *        older one still being prepared.
 * @param path (in) UTF-8; copied. @param transition_seconds blend duration; 0 = hard cut;
 *        negative = the switch settings' blend_time_user (MilkDrop's 1.7 s).
 * @return PHOSPHENE_OK (queued: failures arrive later as events);
 *         PHOSPHENE_ERROR_INVALID_ARGUMENT (engine or path NULL, transition not finite or above
 *         3600 s); PHOSPHENE_ERROR_OUT_OF_MEMORY.
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_request_preset_file(
    phosphene_engine* engine, const char* path, double transition_seconds) PHOSPHENE_NOEXCEPT;

/**
 * @brief As phosphene_request_preset_file, for .milk text in memory.
 * @param text (in) need not be NUL-terminated; copied. @param name (in) for messages; may be NULL.
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result
phosphene_request_preset_text(phosphene_engine* engine, const char* text, size_t length,
                              const char* name, double transition_seconds) PHOSPHENE_NOEXCEPT;

/**
 * @brief Blocks until the requested preset is prepared (it starts at the next render call).
 *        For offline rendering: the output then does not depend on how fast the loader was.
 * @return PHOSPHENE_OK (also when nothing was pending); PHOSPHENE_ERROR_INVALID_ARGUMENT.
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_wait_for_preset(phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Answers "which preset next?" for automatic switches, hard cuts and switching away from
 *        a preset that failed or ran over budget. Returns a .milk file path (UTF-8, copied
 *        before the callback returns) or NULL for "no switch". Called on the controller thread,
 *        from inside a render call.
 */
typedef const char* (*phosphene_next_preset_fn)(void* user_data, phosphene_switch_reason reason);

/**
 * @brief Sets (or, with fn NULL, removes) the next-preset callback. Without one the engine never
 *        switches on its own.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL).
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_set_next_preset_callback(
    phosphene_engine* engine, phosphene_next_preset_fn fn, void* user_data) PHOSPHENE_NOEXCEPT;

/** Warp blend patterns of MilkDrop 2's transitions (RandomizeBlendPattern). */
typedef enum phosphene_blend_pattern {
  PHOSPHENE_BLEND_RANDOM = 0, /* MilkDrop's random choice (the default) */
  PHOSPHENE_BLEND_WIPE = 1,
  PHOSPHENE_BLEND_PLASMA = 2,
  PHOSPHENE_BLEND_RADIAL = 3,
  PHOSPHENE_BLEND_INSIDE_OUT = 4
} phosphene_blend_pattern;

/** The switching policy; defaults are MilkDrop 2's. Set struct_size = sizeof before use. */
typedef struct phosphene_switch_settings {
  uint32_t struct_size;
  double preset_duration;            /* seconds between automatic switches (16) */
  double preset_duration_random;     /* 0..this many seconds added per preset (10) */
  int duration_includes_blend;       /* MilkDrop counts the blend time on top of the duration (1) */
  double blend_time_auto;            /* transition of automatic switches (2.7 s) */
  double blend_time_user;            /* transition of requests with a negative time (1.7 s) */
  int auto_switch;                   /* switch when the time is up (1; needs the callback) */
  int locked;                        /* preset lock: no automatic switches, no hard cuts (0) */
  int loudness_hard_cuts;            /* MilkDrop's loudness hard cuts (0, as in MilkDrop) */
  int beat_hard_cuts;                /* hard cut on detected beats (0) */
  double beat_hard_cut_min_interval; /* seconds between two beat cuts at least (4) */
  int64_t iteration_budget;          /* equation loop iterations per preset per frame; < 0: none */
  int wait_for_loads;                /* 1: a render call waits for a requested preset (offline) */
  phosphene_blend_pattern blend_pattern; /* PHOSPHENE_BLEND_RANDOM, or one pattern always */
} phosphene_switch_settings;

/**
 * @brief Reads the switch settings into *out (up to out->struct_size bytes).
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL); PHOSPHENE_ERROR_ABI_MISMATCH
 *         (struct_size smaller than this struct's first version).
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_get_switch_settings(
    const phosphene_engine* engine, phosphene_switch_settings* out) PHOSPHENE_NOEXCEPT;

/**
 * @brief Sets the switch settings (read phosphene_get_switch_settings first, change, set).
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL, a negative or non-finite time,
 *         an unknown blend pattern); PHOSPHENE_ERROR_ABI_MISMATCH.
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_set_switch_settings(
    phosphene_engine* engine, const phosphene_switch_settings* settings) PHOSPHENE_NOEXCEPT;

typedef enum phosphene_event_type {
  PHOSPHENE_EVENT_PRESET_STARTED = 1,     /* a preset became current */
  PHOSPHENE_EVENT_TRANSITION_ENDED = 2,   /* the outgoing preset is gone */
  PHOSPHENE_EVENT_PRESET_LOAD_FAILED = 3, /* a load failed; the current preset keeps running */
  PHOSPHENE_EVENT_PRESET_OVER_BUDGET = 4  /* a preset's equations exceeded the frame budget */
} phosphene_event_type;

/** Something that happened in a render call, for hosts (phosphene_poll_event). */
typedef struct phosphene_event {
  phosphene_event_type type;
  phosphene_switch_reason reason;
  char name[256];            /* the preset's name (file name or the text's name), truncated */
  double time;               /* engine clock, seconds */
  double load_seconds;       /* PRESET_STARTED: time the loader took */
  double transition_seconds; /* PRESET_STARTED: blend duration, 0 for a hard cut */
  const char* diagnostic_id; /* first diagnostic's ID ("IO001", "PRE005", ...) or "" */
  const char* message;       /* first diagnostic's message or ""; valid until the next poll */
} phosphene_event;

/**
 * @brief Takes the oldest event not yet taken (the engine keeps the newest 256).
 * @return 1 when *out was filled, 0 when there is none (or engine/out is NULL).
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API int phosphene_poll_event(phosphene_engine* engine,
                                       phosphene_event* out) PHOSPHENE_NOEXCEPT;

/** @brief 1 while a transition is in flight, else 0. @since 0.1 */
PHOSPHENE_API int phosphene_is_transitioning(const phosphene_engine* engine) PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * Rendering (controller side, in the host's OpenGL 3.3 core or OpenGL ES 3.0 context)
 *
 * The host owns the GL context and makes it current before every render call. The first render
 * call creates the engine's GL objects in that context; every later render call, and
 * phosphene_engine_destroy, must happen with the SAME context (or one sharing its objects)
 * current. An engine that never renders never touches GL.
 *
 * Each render call does a whole frame: it advances the clock and analyses the audio exactly as
 * phosphene_audio_analyze does, runs the preset's equations, and draws. A host calls ONE
 * function per video frame: either a render function (visualising) or phosphene_audio_analyze
 * (analysis only), never both for the same frame, because both advance the frame.
 *
 * GL state a render call changes and restores before it returns: the GL_DRAW_FRAMEBUFFER and
 * GL_READ_FRAMEBUFFER bindings; the viewport; the current program; the vertex array binding and
 * the GL_ARRAY_BUFFER binding (a host VAO is never modified); the active texture unit and, on the
 * first texture units, the GL_TEXTURE_2D and sampler bindings; GL_BLEND, the blend functions,
 * equations and colour; the GL_DEPTH_TEST, GL_CULL_FACE, GL_SCISSOR_TEST and GL_STENCIL_TEST
 * enables and the colour write mask. Not touched: clear values, depth/stencil functions and
 * masks, the scissor box, pixel store parameters, GL_FRAMEBUFFER_SRGB, line width, polygon
 * offset, uniform buffer bindings.
 *
 * The image is opaque RGB written over the whole target (alpha is 1).
 * ------------------------------------------------------------------------------------------- */

/**
 * @brief Sets the size, in pixels, of the canvas the preset is computed and drawn at (MilkDrop:
 *        the window size); it is also the target size of phosphene_render_frame(). A render call
 *        into a target of another size scales the canvas to it. 0 x 0 (the default) means "the
 *        size of each render target". Changing it between frames reallocates the canvas.
 * @param width, height 1 .. 16384 each, or both 0.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL, size out of range).
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_set_drawable_size(phosphene_engine* engine, int width,
                                                           int height) PHOSPHENE_NOEXCEPT;

/**
 * @brief Sets the warp mesh size (MilkDrop 2's "mesh size"; default 48 x 36). Finer meshes follow
 *        per-vertex equations more closely and cost more CPU.
 * @param mesh_x 8 .. 320 cells across; @param mesh_y 6 .. 240 cells down.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL, out of range).
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_set_mesh_size(phosphene_engine* engine, int mesh_x,
                                                       int mesh_y) PHOSPHENE_NOEXCEPT;

/**
 * @brief Renders one frame of the current preset into the draw framebuffer bound in the current
 *        context (0 = the default framebuffer), over phosphene_set_drawable_size's width x height
 *        from its lower-left corner.
 * @param dt_s seconds since the previous frame, as for phosphene_audio_analyze (0 = fixed clock).
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL, dt_s invalid, drawable size
 *         not set); PHOSPHENE_ERROR_NO_PRESET; PHOSPHENE_ERROR_GL (no context current, GL older
 *         than 3.3 / ES 3.0, or a GL error: the last error says which); others as above.
 * Thread safety: controller thread, with the engine's GL context current. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_render_frame(phosphene_engine* engine,
                                                      double dt_s) PHOSPHENE_NOEXCEPT;

/**
 * @brief Renders one frame into a framebuffer object the host owns (its GLuint name; 0 = the
 *        default framebuffer), over width x height pixels from the lower-left corner.
 * @return as phosphene_render_frame; INVALID_ARGUMENT also for a width or height <= 0.
 * Thread safety: controller thread, with the engine's GL context current. @since 0.1
 */
PHOSPHENE_API phosphene_result
phosphene_render_frame_to_framebuffer(phosphene_engine* engine, uint32_t framebuffer, int width,
                                      int height, double dt_s) PHOSPHENE_NOEXCEPT;

/**
 * @brief Renders one frame into level 0 of a GL_TEXTURE_2D the host owns (its GLuint name;
 *        colour-renderable, e.g. GL_RGBA8, at least width x height). The engine attaches it to a
 *        framebuffer object of its own; the texture's contents are replaced.
 * @return as phosphene_render_frame; INVALID_ARGUMENT also for texture 0 or a size <= 0.
 * Thread safety: controller thread, with the engine's GL context current. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_render_frame_to_texture(phosphene_engine* engine,
                                                                 uint32_t texture, int width,
                                                                 int height,
                                                                 double dt_s) PHOSPHENE_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PHOSPHENE_H */
