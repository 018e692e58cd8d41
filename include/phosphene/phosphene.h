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
 *        phosphene_engine_desc desc;
 *        phosphene_engine_desc_init(&desc);      // defaults, sized for THIS header
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
 *   The code comes from the failure itself (never from parsing a message), so hosts may branch
 *   on it: PHOSPHENE_ERROR_NO_CONTEXT means "make the context current and call again".
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

#include <stddef.h>
#include <stdint.h>
#include <string.h>

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

/* The inline helpers below clear whole structs. */
#if defined(__cplusplus)
#define PHOSPHENE_ZERO(p) (*(p) = {})
#else
#define PHOSPHENE_ZERO(p) memset((p), 0, sizeof(*(p)))
#endif

/* ---------------------------------------------------------------------------------------------
 * Version
 * ------------------------------------------------------------------------------------------- */

/** Version of this header. PHOSPHENE_VERSION packs it as (major << 16) | (minor << 8) | patch. */
#define PHOSPHENE_VERSION_MAJOR 0
#define PHOSPHENE_VERSION_MINOR 2
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

/**
 * @brief What this build of the library was built with: optional parts as tokens separated by
 *        single spaces, e.g. "hlsl-translation freetype fontconfig".
 *
 * Tokens (stable: never renamed; new ones may appear; their order is not significant):
 *   - "hlsl-translation": MilkDrop HLSL preset shaders are translated to GLSL (glslang +
 *     SPIRV-Cross). Without it every preset shader is reported as warning SHD010 (cause SHD012)
 *     among the preset's diagnostics and its stage is drawn with MilkDrop's built-in warp or
 *     composite shader.
 *   - "freetype": phosphene_overlay.h draws font files through FreeType; without it only the
 *     built-in bitmap font.
 *   - "fontconfig": font names are resolved through fontconfig (system fonts).
 *   - "gles-only": built against OpenGL ES 3.0 alone (no desktop OpenGL): the host's context must
 *     be an ES 3.0 (or WebGL 2) context.
 * A token absent means the part is not built in. Split on ' ' to test for one; "" when none.
 * @return A static string; never NULL; never freed by the caller.
 * Thread safety: any thread. @since 0.2
 */
PHOSPHENE_API const char* phosphene_version_features(void) PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * Installed data
 *
 * The library's data folder is <prefix>/share/phosphene as installed: presets/ (Phosphene's own
 * presets), textures/ (the default folder for preset textures; may be empty) and phosphene.toml
 * (the player's commented default configuration). Fonts are not installed there: the overlay
 * finds them through fontconfig / the system's font folders.
 * ------------------------------------------------------------------------------------------- */

/** The environment variable that overrides the data folder (see phosphene_default_data_dir). */
#define PHOSPHENE_DATA_DIR_ENV "PHOSPHENE_DATA_DIR"

/**
 * @brief The data folder new engines start with, the first that applies of:
 *   1. the environment variable PHOSPHENE_DATA_DIR, when set and not empty (used as given);
 *   2. found next to the library's own file (relocatable installs): <libdir>/../share/phosphene
 *      for libphosphene.so (the path between them is the one the build was configured with),
 *      or <bindir>/../share/phosphene for a program that linked libphosphene.a; only when that
 *      folder exists;
 *   3. the data folder of the prefix the library was built for (e.g.
 *      /usr/local/share/phosphene), whether or not it exists.
 * The answer is worked out at the first call (of this function or of phosphene_engine_create)
 * and kept for the life of the process: set the variable before that.
 * @return UTF-8 path, a static string; never NULL; never freed by the caller; "" only when memory
 *         ran out at the first call.
 * Thread safety: any thread. @since 0.2
 */
PHOSPHENE_API const char* phosphene_default_data_dir(void) PHOSPHENE_NOEXCEPT;

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
  PHOSPHENE_ERROR_GL = -9,                 /* GL reported an error while drawing (see last error) */
  PHOSPHENE_ERROR_NO_CONTEXT = -10,        /* no GL context is current on the calling thread */
  PHOSPHENE_ERROR_GL_VERSION = -11,        /* the context is older than GL 3.3 / GL ES 3.0 */
  PHOSPHENE_ERROR_NOT_FOUND = -12,         /* no such item (playlist index, native preset name) */
  PHOSPHENE_RESULT_FORCE_U32 = 0x7fffffff
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

/** Severity of a log message or diagnostic. 0 (DEFAULT) is accepted wherever a level is an input
 *  and means PHOSPHENE_LOG_INFO; outputs are never DEFAULT. */
typedef enum phosphene_log_level {
  PHOSPHENE_LOG_DEFAULT = 0,
  PHOSPHENE_LOG_DEBUG = 1,
  PHOSPHENE_LOG_INFO = 2,
  PHOSPHENE_LOG_WARNING = 3,
  PHOSPHENE_LOG_ERROR = 4,
  PHOSPHENE_LOG_FORCE_U32 = 0x7fffffff
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
 * How to build an engine. Initialise with phosphene_engine_desc_init(), change what you need,
 * pass it to phosphene_engine_create(). Zero in any field means "the default".
 */
typedef struct phosphene_engine_desc {
  uint32_t struct_size; /* = sizeof(phosphene_engine_desc): set by _init; see VERSIONED */
  uint32_t api_version; /* = PHOSPHENE_VERSION; 0 skips the check */
  double fps;           /* = 60     fixed-clock frame rate, used when a frame's dt is 0 */
  uint64_t seed;        /* = 0      seed of the engine's random numbers (deterministic) */
  uint32_t
      pcm_buffer_frames;             /* = 65536  PCM ring capacity in frames at 44.1 kHz (~1.5 s);
                                        rounded up to a power of two; PHOSPHENE_MIN/MAX_PCM_BUFFER_FRAMES */
  phosphene_log_fn log_fn;           /* = NULL   log sink from creation on (see set_log_callback) */
  void* log_user_data;               /* = NULL   passed to log_fn */
  phosphene_log_level log_min_level; /* = 0 (PHOSPHENE_LOG_INFO) */
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

/** Limits of the engine description and of the calls below. */
#define PHOSPHENE_MIN_FPS 1.0
#define PHOSPHENE_MAX_FPS 1000.0
#define PHOSPHENE_DEFAULT_FPS 60.0
#define PHOSPHENE_MIN_PCM_BUFFER_FRAMES 1024u
#define PHOSPHENE_MAX_PCM_BUFFER_FRAMES 4194304u
#define PHOSPHENE_DEFAULT_PCM_BUFFER_FRAMES 65536u
/** Longest frame step a call accepts (a longer gap is a paused host, not a frame). */
#define PHOSPHENE_MAX_FRAME_SECONDS 10.0

/**
 * @brief Fills *desc with the defaults, sized for the header the caller was compiled with
 *        (struct_size = sizeof(phosphene_engine_desc), api_version = PHOSPHENE_VERSION).
 * Inline, so it can never write past a struct an older host allocated.
 * Thread safety: any thread. @since 0.2
 */
static inline void phosphene_engine_desc_init(phosphene_engine_desc* desc) {
  PHOSPHENE_ZERO(desc);
  desc->struct_size = (uint32_t)sizeof(phosphene_engine_desc);
  desc->api_version = PHOSPHENE_VERSION;
}

/**
 * @brief The default description, as phosphene_engine_desc_init() fills it, returned by value.
 *        Kept for 0.1 hosts; new code uses phosphene_engine_desc_init().
 * Thread safety: any thread. @since 0.1
 */
PHOSPHENE_API phosphene_engine_desc phosphene_engine_desc_default(void) PHOSPHENE_NOEXCEPT;

/**
 * @brief Creates an engine.
 * @param desc (in) the description; NULL means all defaults. Not kept after the call.
 * @param out_engine (out) receives the new engine; set to NULL on failure.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (out_engine NULL, a field out of range);
 *         PHOSPHENE_ERROR_ABI_MISMATCH (struct_size 0, larger than this library knows with a
 *         non-zero field it does not know, or a different major version);
 *         PHOSPHENE_ERROR_OUT_OF_MEMORY.
 * Thread safety: any thread. Creation failures are also reported to desc->log_fn. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_engine_create(
    const phosphene_engine_desc* desc, phosphene_engine** out_engine) PHOSPHENE_NOEXCEPT;

/**
 * @brief Destroys an engine and frees everything it owns. NULL is ignored.
 * The producer must have stopped calling phosphene_pcm_* on it. If the engine has rendered and
 * the GL context it rendered in (or one sharing its objects) is current, its GL objects are
 * deleted; with NO context current (a garbage collector, a context already destroyed) they are
 * abandoned without any GL call, which never aborts the host: their memory goes with the context.
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
 * used) at `sample_rate` Hz (PHOSPHENE_MIN/MAX_SAMPLE_RATE). Any chunk size works, from one frame
 * to seconds: the result of the analysis depends only on the samples, not on how they were split.
 * The sample rate may change between calls (the resampler restarts). frame_count = 0 is a no-op.
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

#define PHOSPHENE_MIN_SAMPLE_RATE 1000
#define PHOSPHENE_MAX_SAMPLE_RATE 768000
#define PHOSPHENE_MAX_CHANNELS 32

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
  uint32_t struct_size; /* caller: sizeof(phosphene_audio_frame) (phosphene_audio_frame_init) */
  uint64_t frame;       /* frame index, 0 for the first analysed frame */
  double time_s;        /* seconds since the engine started (the preset variable `time`) */
  double fps;           /* frames per second used for this frame (`fps`) */

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

/** @brief Clears *frame and sets its struct_size for this header. @since 0.2 */
static inline void phosphene_audio_frame_init(phosphene_audio_frame* frame) {
  PHOSPHENE_ZERO(frame);
  frame->struct_size = (uint32_t)sizeof(phosphene_audio_frame);
}

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
 * @param out (out) receives the frame (out->struct_size set by the caller, see
 *        phosphene_audio_frame_init: only that many bytes are written). Untouched on failure.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine or out NULL, dt_s invalid);
 *         PHOSPHENE_ERROR_ABI_MISMATCH (out->struct_size not set).
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

/** One problem found loading a preset. Set struct_size (phosphene_diagnostic_init) first. */
typedef struct phosphene_diagnostic {
  uint32_t struct_size;         /* caller: sizeof(phosphene_diagnostic) */
  phosphene_log_level severity; /* PHOSPHENE_LOG_INFO, _WARNING or _ERROR */
  const char* id;               /* stable identifier, e.g. "EEL001", "MILK005", "IO001" */
  const char* section;          /* e.g. "per_frame", "wave_2_per_point", "file"; "" if none */
  int line;                     /* 1-based line in the .milk text; 0 when unknown */
  int column;                   /* 1-based; 0 when unknown */
  const char* message;          /* English, one line */
} phosphene_diagnostic;

/** @brief Clears *diagnostic and sets its struct_size for this header. @since 0.2 */
static inline void phosphene_diagnostic_init(phosphene_diagnostic* diagnostic) {
  PHOSPHENE_ZERO(diagnostic);
  diagnostic->struct_size = (uint32_t)sizeof(phosphene_diagnostic);
}

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
 * @param out (out) receives the diagnostic (struct_size set by the caller); its strings belong to
 *        the engine and stay valid until the next preset load or phosphene_engine_destroy.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine or out NULL, index too large);
 *         PHOSPHENE_ERROR_ABI_MISMATCH (out->struct_size not set).
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
 * phosphene_load_preset_file() is searched after these. A name (or random prefix) found in none
 * of them is then looked up in the preset's collection: the other folders beside the preset's
 * folder (at most 64, in name order; each file name counts once in random picks). MilkDrop 2 has
 * one textures folder for all presets, while collections such as Debian's projectm-data keep
 * their images in one preset folder (presets_tryptonaut/) that presets in the others name; the
 * collection never overrides what the folders above provide. Folders that do not exist are allowed
 * (they hold nothing). The default is one folder, the textures/ folder of the engine's data
 * folder (phosphene_get_data_dir; e.g. /usr/share/phosphene/textures). A texture that is found
 * nowhere, or does not decode, is drawn as opaque black and reported as a warning ("TEX001" ..
 * "TEX004") among the preset diagnostics once the preset has been rendered.
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

/**
 * @brief Reads the texture search path: *out_count receives the number of folders; when `dirs`
 *        is not NULL, up to `capacity` folder strings are stored there (valid until the next
 *        phosphene_set_texture_search_path or phosphene_engine_destroy).
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine or out_count NULL).
 * Thread safety: controller thread. @since 0.2
 */
PHOSPHENE_API phosphene_result
phosphene_get_texture_search_path(const phosphene_engine* engine, const char** dirs,
                                  size_t capacity, size_t* out_count) PHOSPHENE_NOEXCEPT;

/**
 * @brief Sets this engine's data folder (see phosphene_default_data_dir), overriding the
 *        environment variable and the installed location for this engine only.
 *
 * The engine's default texture search path is the data folder's textures/ subfolder: while the
 * search path is still that default (phosphene_set_texture_search_path was not called, or was
 * given exactly that folder), it moves to the new folder's textures/. A search path the host set
 * stays as it is.
 * @param dir (in) UTF-8 folder, copied; it need not exist. NULL or "" returns to
 *        phosphene_default_data_dir().
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL);
 *         PHOSPHENE_ERROR_OUT_OF_MEMORY.
 * Thread safety: controller thread. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_set_data_dir(phosphene_engine* engine,
                                                      const char* dir) PHOSPHENE_NOEXCEPT;

/**
 * @brief This engine's data folder: phosphene_default_data_dir() unless phosphene_set_data_dir
 *        changed it.
 * @return UTF-8 path, valid until the next phosphene_set_data_dir on this engine or its
 *         destruction; "" when engine is NULL.
 * Thread safety: controller thread. @since 0.2
 */
PHOSPHENE_API const char* phosphene_get_data_dir(const phosphene_engine* engine) PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * Preset handles (any thread)
 *
 * A phosphene_preset is a preset read, parsed and checked once, independent of any engine: make
 * it on any thread (a UI thread scanning files, a loader of the host's own), read its name and
 * diagnostics, switch any number of engines to it, destroy it when no longer needed (engines
 * keep what they need). A handle is immutable: every function taking a const phosphene_preset*
 * may run on any thread, concurrently. A native preset (C callbacks, see below) is a handle too.
 * ------------------------------------------------------------------------------------------- */

typedef struct phosphene_preset phosphene_preset;

/**
 * @brief Reads a .milk file, parses it and compiles its equations to check them.
 * @param path (in) UTF-8; copied. @param out_preset (out) receives the handle, ALSO when the
 *        preset did not load (IO or PRESET_INVALID), so its diagnostics can be read; NULL only
 *        for INVALID_ARGUMENT and OUT_OF_MEMORY. A handle that did not load cannot be switched
 *        to (phosphene_preset_status says why).
 * @return PHOSPHENE_OK (possibly with warnings); PHOSPHENE_ERROR_IO (unreadable, above 16 MiB);
 *         PHOSPHENE_ERROR_PRESET_INVALID (no key=value line); PHOSPHENE_ERROR_INVALID_ARGUMENT
 *         (path or out_preset NULL); PHOSPHENE_ERROR_OUT_OF_MEMORY.
 * Thread safety: any thread. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_preset_create_from_file(
    const char* path, phosphene_preset** out_preset) PHOSPHENE_NOEXCEPT;

/**
 * @brief As phosphene_preset_create_from_file, for .milk text in memory.
 * @param text (in) need not be NUL-terminated; copied. @param name (in) for messages and
 *        events; NULL gives "<text>".
 * Thread safety: any thread. @since 0.2
 */
PHOSPHENE_API phosphene_result
phosphene_preset_create_from_text(const char* text, size_t length, const char* name,
                                  phosphene_preset** out_preset) PHOSPHENE_NOEXCEPT;

/** @brief Destroys a handle (NULL is ignored). Engines that use the preset keep their own copy.
 *  Thread safety: any thread, once, after every other call on the handle returned. @since 0.2 */
PHOSPHENE_API void phosphene_preset_destroy(phosphene_preset* preset) PHOSPHENE_NOEXCEPT;

/** @brief PHOSPHENE_OK when the preset loaded (possibly with warnings), else why not.
 *  Thread safety: any thread. @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_preset_status(const phosphene_preset* preset)
    PHOSPHENE_NOEXCEPT;

/** @brief The preset's name (a file's name, a text's or native preset's given name); "" for NULL.
 *  Valid while the handle lives. Thread safety: any thread. @since 0.2 */
PHOSPHENE_API const char* phosphene_preset_name(const phosphene_preset* preset) PHOSPHENE_NOEXCEPT;

/** @brief The file path the preset was read from; "" for texts, native presets and NULL.
 *  Valid while the handle lives. Thread safety: any thread. @since 0.2 */
PHOSPHENE_API const char* phosphene_preset_path(const phosphene_preset* preset) PHOSPHENE_NOEXCEPT;

/** @brief Number of diagnostics found reading, parsing and compiling the preset (0 for NULL).
 *  Thread safety: any thread. @since 0.2 */
PHOSPHENE_API uint32_t phosphene_preset_get_diagnostic_count(const phosphene_preset* preset)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Reads one of the handle's diagnostics; its strings live as long as the handle.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL, index too large);
 *         PHOSPHENE_ERROR_ABI_MISMATCH (out->struct_size not set).
 * Thread safety: any thread. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_preset_get_diagnostic(
    const phosphene_preset* preset, uint32_t index, phosphene_diagnostic* out) PHOSPHENE_NOEXCEPT;

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
     and the render calls. It must not call back into the engine. Required. */
  void (*per_frame)(void* instance, phosphene_native_frame* frame);
  /* Called once, on whichever thread lets go of the preset last, when no handle, engine or
     playlist uses it any more: the place to free user_data. NULL: nothing to do. */
  void (*release)(void* user_data);
} phosphene_native_preset_desc;

/** @brief Clears *desc and sets its struct_size for this header. @since 0.2 */
static inline void phosphene_native_preset_desc_init(phosphene_native_preset_desc* desc) {
  PHOSPHENE_ZERO(desc);
  desc->struct_size = (uint32_t)sizeof(phosphene_native_preset_desc);
}

/**
 * @brief Makes a native preset handle (the base text is parsed and checked now).
 * @return as phosphene_preset_create_from_text; INVALID_ARGUMENT also for a NULL name or
 *         per_frame; ABI_MISMATCH for a bad struct_size.
 * Thread safety: any thread. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_preset_create_native(
    const phosphene_native_preset_desc* desc, phosphene_preset** out_preset) PHOSPHENE_NOEXCEPT;

/**
 * @brief Reads a value in a native per-frame function: the inputs time, fps, frame, progress,
 *        bass, mid, treb, bass_att, mid_att, treb_att, meshx, meshy, aspectx, aspecty, and every
 *        per-frame variable by its .milk name (zoom, rot, wave_r, q1..q32, ...), as the base's
 *        equations left it this frame.
 * @return the value; 0 for an unknown name or NULL arguments.
 * Thread safety: inside per_frame only. @since 0.2
 */
PHOSPHENE_API double phosphene_native_get(const phosphene_native_frame* frame,
                                          const char* name) PHOSPHENE_NOEXCEPT;

/**
 * @brief Sets a per-frame variable by its .milk name (zoom, rot, cx, decay, wave_r, ob_size,
 *        mv_a, q1..q32, ...). Non-finite values are stored as 0, as MilkDrop's equations would.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_NOT_FOUND (an input such as bass, or an unknown name);
 *         PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL).
 * Thread safety: inside per_frame only. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_native_set(phosphene_native_frame* frame, const char* name,
                                                    double value) PHOSPHENE_NOEXCEPT;

/**
 * @brief The frame's audio (levels, waveform, spectrum), as phosphene_audio_analyze gives it.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT; PHOSPHENE_ERROR_ABI_MISMATCH.
 * Thread safety: inside per_frame only. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_native_get_audio(
    const phosphene_native_frame* frame, phosphene_audio_frame* out) PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * Preset switching and MilkDrop transitions (controller side)
 *
 * A switch prepares the preset (compile its equations against the engine's registers, translate
 * its shaders, decode its textures) on the engine's loader thread while the current preset keeps
 * drawing; once it is ready, the next frame starts it: with MilkDrop 2's transition (both presets
 * run for the blend time, their warp meshes and composites blended with a random spatial
 * pattern) or with a hard cut. A preset that fails to load never interrupts the picture: the
 * current one keeps running and a PHOSPHENE_EVENT_PRESET_LOAD_FAILED event says why. Automatic
 * switching, hard cuts and the per-frame equation budget (phosphene_switch_settings) ask for the
 * next preset: the next-preset callback if one is set, else the engine's playlist.
 * ------------------------------------------------------------------------------------------- */

/** Why a preset switch happened. */
typedef enum phosphene_switch_reason {
  PHOSPHENE_SWITCH_USER = 0,        /* a request by the host */
  PHOSPHENE_SWITCH_AUTO = 1,        /* the preset's time was up */
  PHOSPHENE_SWITCH_HARD_CUT = 2,    /* MilkDrop's loudness hard cut */
  PHOSPHENE_SWITCH_BEAT = 3,        /* a beat hard cut */
  PHOSPHENE_SWITCH_LOAD_FAILED = 4, /* the previous pick did not load */
  PHOSPHENE_SWITCH_OVER_BUDGET = 5, /* the current preset exceeded the equation budget */
  PHOSPHENE_SWITCH_FORCE_U32 = 0x7fffffff
} phosphene_switch_reason;

/** How a switch starts the new preset. */
typedef enum phosphene_transition_style {
  PHOSPHENE_TRANSITION_DEFAULT = 0, /* a blend of the settings' blend_time_user (MilkDrop: 1.7 s) */
  PHOSPHENE_TRANSITION_BLEND = 1,   /* a blend of `seconds` */
  PHOSPHENE_TRANSITION_HARD_CUT = 2, /* no blend */
  PHOSPHENE_TRANSITION_FORCE_U32 = 0x7fffffff
} phosphene_transition_style;

/** How to switch: phosphene_transition_desc_init() gives the default (a user-time blend). */
typedef struct phosphene_transition_desc {
  uint32_t struct_size;             /* = sizeof(phosphene_transition_desc) */
  phosphene_transition_style style; /* 0: DEFAULT */
  double seconds; /* BLEND only: 0 < seconds <= PHOSPHENE_MAX_TRANSITION_SECONDS */
} phosphene_transition_desc;

/** Longest transition a switch accepts, in seconds. */
#define PHOSPHENE_MAX_TRANSITION_SECONDS 3600.0
/** Range of phosphene_switch_settings.beat_sensitivity. @since 0.2 */
#define PHOSPHENE_MIN_BEAT_SENSITIVITY 0.1
#define PHOSPHENE_MAX_BEAT_SENSITIVITY 10.0

/** @brief Clears *desc and sets its struct_size for this header. @since 0.2 */
static inline void phosphene_transition_desc_init(phosphene_transition_desc* desc) {
  PHOSPHENE_ZERO(desc);
  desc->struct_size = (uint32_t)sizeof(phosphene_transition_desc);
}

/**
 * @brief Switches to a preset handle (prepared on the loader thread; it starts at the first frame
 *        after it is ready). A newer switch replaces an older one still being prepared.
 * @param preset (in) a handle that loaded; the engine keeps what it needs (the handle may be
 *        destroyed right after). @param transition (in) NULL: the default.
 * @param out_request (out, may be NULL) an id > 0 that the events of this switch carry.
 * @return PHOSPHENE_OK (queued: failures arrive later as events); PHOSPHENE_ERROR_INVALID_ARGUMENT
 *         (NULL engine or preset, a bad transition); PHOSPHENE_ERROR_PRESET_INVALID (the handle
 *         did not load); PHOSPHENE_ERROR_ABI_MISMATCH; PHOSPHENE_ERROR_OUT_OF_MEMORY.
 * Thread safety: controller thread. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_engine_switch_preset(
    phosphene_engine* engine, const phosphene_preset* preset,
    const phosphene_transition_desc* transition, uint64_t* out_request) PHOSPHENE_NOEXCEPT;

/**
 * @brief Starts preparing a .milk file on the loader thread, as phosphene_engine_switch_preset.
 * @param path (in) UTF-8; copied. @param transition_seconds blend duration; 0 = hard cut;
 *        negative = the switch settings' blend_time_user (MilkDrop's 1.7 s).
 * @return PHOSPHENE_OK (queued: failures arrive later as events);
 *         PHOSPHENE_ERROR_INVALID_ARGUMENT (engine or path NULL, transition not finite or above
 *         PHOSPHENE_MAX_TRANSITION_SECONDS); PHOSPHENE_ERROR_OUT_OF_MEMORY.
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
 * @brief Blocks until the requested preset is prepared (it starts at the next frame).
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
 *        from inside phosphene_engine_advance or a render call. It must not call the engine.
 */
typedef const char* (*phosphene_next_preset_fn)(void* user_data, phosphene_switch_reason reason);

/**
 * @brief Sets (or, with fn NULL, removes) the next-preset callback. While one is set it is asked
 *        instead of the engine's playlist; with neither, the engine never switches on its own.
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
  PHOSPHENE_BLEND_INSIDE_OUT = 4,
  PHOSPHENE_BLEND_FORCE_U32 = 0x7fffffff
} phosphene_blend_pattern;

/** The switching policy; defaults are MilkDrop 2's. Read it with phosphene_get_switch_settings
 *  (after phosphene_switch_settings_init), change fields, write it back. */
typedef struct phosphene_switch_settings {
  uint32_t struct_size;
  double preset_duration;            /* seconds between automatic switches (16) */
  double preset_duration_random;     /* 0..this many seconds added per preset (10) */
  int duration_includes_blend;       /* MilkDrop counts the blend time on top of the duration (1) */
  double blend_time_auto;            /* transition of automatic switches (2.7 s) */
  double blend_time_user;            /* transition of requests with a negative time (1.7 s) */
  int auto_switch;                   /* switch when the time is up (1) */
  int locked;                        /* preset lock: no automatic switches, no hard cuts (0) */
  int loudness_hard_cuts;            /* MilkDrop's loudness hard cuts (0, as in MilkDrop) */
  int beat_hard_cuts;                /* hard cut on detected beats (0) */
  double beat_hard_cut_min_interval; /* seconds between two beat cuts at least (4) */
  int64_t iteration_budget;          /* equation loop iterations per preset per frame; < 0: none */
  int wait_for_loads;                /* 1: a frame waits for a requested preset (offline) */
  phosphene_blend_pattern blend_pattern; /* PHOSPHENE_BLEND_RANDOM, or one pattern always */
  /* @since 0.2: the beat detector's sensitivity, 0.1..10 (1; 0 on set also means 1). Above 1
   * quieter onsets count as beats (PHOSPHENE_EVENT_BEAT, beat_hard_cuts), below 1 only strong
   * ones. The audio values presets see (bass, mid, treb, ...) are MilkDrop's and never scaled. */
  double beat_sensitivity;
} phosphene_switch_settings;

/** @brief Clears *settings and sets its struct_size (then read them with
 *  phosphene_get_switch_settings). @since 0.2 */
static inline void phosphene_switch_settings_init(phosphene_switch_settings* settings) {
  PHOSPHENE_ZERO(settings);
  settings->struct_size = (uint32_t)sizeof(phosphene_switch_settings);
}

/**
 * @brief Reads the switch settings into *out (up to out->struct_size bytes).
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL); PHOSPHENE_ERROR_ABI_MISMATCH
 *         (struct_size smaller than this struct's first version).
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_get_switch_settings(
    const phosphene_engine* engine, phosphene_switch_settings* out) PHOSPHENE_NOEXCEPT;

/**
 * @brief Sets the switch settings (read phosphene_get_switch_settings first, change, set); fields
 *        beyond settings->struct_size keep their current values.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL, a negative or non-finite time,
 *         an unknown blend pattern); PHOSPHENE_ERROR_ABI_MISMATCH.
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_set_switch_settings(
    phosphene_engine* engine, const phosphene_switch_settings* settings) PHOSPHENE_NOEXCEPT;

typedef enum phosphene_event_type {
  PHOSPHENE_EVENT_NONE = 0,
  PHOSPHENE_EVENT_PRESET_STARTED = 1,   /* a preset became current (transition_seconds 0: a cut) */
  PHOSPHENE_EVENT_TRANSITION_ENDED = 2, /* the outgoing preset is gone */
  PHOSPHENE_EVENT_PRESET_LOAD_FAILED = 3, /* a switch failed; the current preset keeps running */
  PHOSPHENE_EVENT_PRESET_OVER_BUDGET = 4, /* a preset's equations exceeded the frame budget */
  PHOSPHENE_EVENT_PRESET_LOADED = 5,      /* a requested preset is prepared; it starts next */
  PHOSPHENE_EVENT_BEAT = 6,               /* the beat detector saw an onset this frame */
  PHOSPHENE_EVENT_HARD_CUT = 7,           /* MilkDrop's loudness hard-cut rule fired this frame */
  PHOSPHENE_EVENT_FORCE_U32 = 0x7fffffff
} phosphene_event_type;

/** Something that happened in a frame, for hosts (phosphene_poll_event). */
typedef struct phosphene_event {
  uint32_t struct_size; /* caller: sizeof(phosphene_event) (phosphene_event_init) */
  phosphene_event_type type;
  phosphene_switch_reason reason; /* the switches': why it was asked for */
  uint64_t request_id;       /* the switch request it belongs to (phosphene_engine_switch_preset,
                                the playlist's moves; automatic switches have their own); 0: none */
  const char* name;          /* the preset's name, or ""; valid until the next poll */
  const char* path;          /* the preset's file, or ""; valid until the next poll */
  int64_t playlist_index;    /* its index in the engine's playlist when it came from there, -1 */
  double time;               /* engine clock, seconds */
  double load_seconds;       /* PRESET_LOADED / STARTED: time the loader took */
  double transition_seconds; /* PRESET_STARTED: blend duration, 0 for a hard cut */
  uint32_t diagnostic_count; /* read with phosphene_event_get_diagnostic */
  const char* diagnostic_id; /* first diagnostic's ID ("IO001", "PRE005", ...) or "" */
  const char* message;       /* first diagnostic's message or ""; valid until the next poll */
} phosphene_event;

/** @brief Clears *event and sets its struct_size for this header. @since 0.2 */
static inline void phosphene_event_init(phosphene_event* event) {
  PHOSPHENE_ZERO(event);
  event->struct_size = (uint32_t)sizeof(phosphene_event);
}

/** How many events an engine keeps for phosphene_poll_event; older ones are dropped. */
#define PHOSPHENE_MAX_QUEUED_EVENTS 256

/**
 * @brief Takes the oldest event not yet taken.
 * @return 1 when *out was filled (out->struct_size bytes at most); 0 when there is none, and
 *         also on an error (so a polling loop always ends): engine or out NULL, or
 *         out->struct_size not set (the last error says so; the event stays queued).
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API int phosphene_poll_event(phosphene_engine* engine,
                                       phosphene_event* out) PHOSPHENE_NOEXCEPT;

/**
 * @brief Reads a diagnostic of the event phosphene_poll_event returned last (a failed switch:
 *        why). Strings stay valid until the next poll.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL, index too large);
 *         PHOSPHENE_ERROR_ABI_MISMATCH.
 * Thread safety: controller thread. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_event_get_diagnostic(
    const phosphene_engine* engine, uint32_t index, phosphene_diagnostic* out) PHOSPHENE_NOEXCEPT;

/** @brief 1 while a transition is in flight, else 0. Thread safety: controller. @since 0.1 */
PHOSPHENE_API int phosphene_is_transitioning(const phosphene_engine* engine) PHOSPHENE_NOEXCEPT;

/** @brief The current preset's name ("" when none). Valid until the next frame or load.
 *  Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API const char* phosphene_current_preset_name(const phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/** @brief The current preset's file ("" for a text, a native preset, or none). Valid until the
 *  next frame or load. Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API const char* phosphene_current_preset_path(const phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * The engine's playlist (controller side)
 *
 * Every engine owns one playlist (it lives and dies with the engine): folders and files of
 * presets and preset handles, gitignore-style filters, sorting, shuffle without repeats, a
 * history to go back and forward in, and a retry count that skips presets that fail to load
 * (never a stop). Ratings (0..5, MilkDrop's default 3) weight random choices as MilkDrop's do;
 * favourites and ratings persist in a small text file (phosphene_playlist_save_ratings). While
 * the playlist holds presets and no next-preset callback is set, automatic switches, hard cuts
 * and failed or over-budget presets move to the playlist's next preset.
 * ------------------------------------------------------------------------------------------- */

typedef struct phosphene_playlist phosphene_playlist;

/** @brief The engine's playlist (never NULL for a valid engine; owned by the engine).
 *  Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API phosphene_playlist* phosphene_engine_get_playlist(phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Adds every .milk file (any letter case) in a folder, in path order, skipping files the
 *        filters reject and files already in the list.
 * @param recursive 1: sub-folders too. @param out_added (out, may be NULL) the number added.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_IO (the folder cannot be read; nothing added);
 *         PHOSPHENE_ERROR_INVALID_ARGUMENT. Thread safety: controller thread. @since 0.2
 */
PHOSPHENE_API phosphene_result
phosphene_playlist_add_folder(phosphene_playlist* playlist, const char* path, int recursive,
                              uint32_t* out_added) PHOSPHENE_NOEXCEPT;

/** @brief Adds one .milk file (not read until played). PHOSPHENE_ERROR_NOT_FOUND when the filters
 *  reject it or it is already listed. Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_playlist_add_file(phosphene_playlist* playlist,
                                                           const char* path) PHOSPHENE_NOEXCEPT;

/** @brief Adds a preset handle (a text or native preset; the playlist keeps its own reference).
 *  Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_playlist_add_preset(
    phosphene_playlist* playlist, const phosphene_preset* preset) PHOSPHENE_NOEXCEPT;

/**
 * @brief Replaces the filter rules: "+glob" keeps, "-glob" drops, the first rule that matches a
 *        file's path wins, no match keeps it. `*` and `?` stay within one folder name, `**`
 *        crosses folders. Items already listed that the rules drop are removed.
 * @param out_removed (out, may be NULL). @return PHOSPHENE_OK; INVALID_ARGUMENT (a rule not
 *        starting with + or -). Thread safety: controller thread. @since 0.2
 */
PHOSPHENE_API phosphene_result
phosphene_playlist_set_filters(phosphene_playlist* playlist, const char* const* rules, size_t count,
                               uint32_t* out_removed) PHOSPHENE_NOEXCEPT;

typedef enum phosphene_playlist_sort_key {
  PHOSPHENE_SORT_BY_NAME = 0, /* file or preset name, case-insensitive */
  PHOSPHENE_SORT_BY_PATH = 1, /* full path, case-insensitive */
  PHOSPHENE_SORT_FORCE_U32 = 0x7fffffff
} phosphene_playlist_sort_key;

/** @brief Sorts the list (stable). Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_playlist_sort(
    phosphene_playlist* playlist, phosphene_playlist_sort_key key) PHOSPHENE_NOEXCEPT;

/** @brief Removes item `index` (NOT_FOUND when out of range). Thread safety: controller thread.
 * @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_playlist_remove(phosphene_playlist* playlist,
                                                         uint32_t index) PHOSPHENE_NOEXCEPT;

/** @brief Removes every item. Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_playlist_clear(phosphene_playlist* playlist)
    PHOSPHENE_NOEXCEPT;

/** @brief Number of items (0 for NULL). Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API uint32_t phosphene_playlist_size(const phosphene_playlist* playlist)
    PHOSPHENE_NOEXCEPT;

/** @brief Name and file of item `index` ("" when out of range); valid until the list changes.
 *  Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API const char* phosphene_playlist_item_name(const phosphene_playlist* playlist,
                                                       uint32_t index) PHOSPHENE_NOEXCEPT;
PHOSPHENE_API const char* phosphene_playlist_item_path(const phosphene_playlist* playlist,
                                                       uint32_t index) PHOSPHENE_NOEXCEPT;

/** @brief Index of the item last played (-1 when none).
 *  Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API int64_t phosphene_playlist_position(const phosphene_playlist* playlist)
    PHOSPHENE_NOEXCEPT;

/** @brief Shuffle: `next` walks a random order without repeats until every item played (1), or
 *  the list order (0, the default). Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_playlist_set_shuffle(phosphene_playlist* playlist,
                                                              int shuffle) PHOSPHENE_NOEXCEPT;

/** @brief A preset that failed to load `retry_count` times (1 .. 100) is skipped from then on;
 *  with drop_failed 1 it is removed from the list instead. Defaults: 1, 0.
 *  Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_playlist_set_retry(phosphene_playlist* playlist,
                                                            int retry_count,
                                                            int drop_failed) PHOSPHENE_NOEXCEPT;

typedef enum phosphene_playlist_move {
  PHOSPHENE_PLAY_NEXT = 0,     /* forward in the history, else the next item (shuffled or not) */
  PHOSPHENE_PLAY_PREVIOUS = 1, /* back in the history, else the previous item in list order */
  PHOSPHENE_PLAY_RANDOM = 2,   /* a random item, weighted by rating */
  PHOSPHENE_PLAY_INDEX = 3,    /* item `index` */
  PHOSPHENE_PLAY_FORCE_U32 = 0x7fffffff
} phosphene_playlist_move;

/**
 * @brief Moves in the playlist and switches the engine to the item reached.
 * @param index used by PHOSPHENE_PLAY_INDEX. @param transition NULL: the default blend.
 * @param out_request (out, may be NULL) the switch's request id (see phosphene_event).
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_NOT_FOUND (empty list, index out of range, every item
 *         failed); INVALID_ARGUMENT; ABI_MISMATCH. Thread safety: controller thread. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_playlist_play(phosphene_playlist* playlist,
                                                       phosphene_playlist_move move, uint32_t index,
                                                       const phosphene_transition_desc* transition,
                                                       uint64_t* out_request) PHOSPHENE_NOEXCEPT;

/** @brief Rating 0 .. 5 of item `index` (0 is never picked at random while others are rated).
 *  Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_playlist_set_rating(phosphene_playlist* playlist,
                                                             uint32_t index,
                                                             int rating) PHOSPHENE_NOEXCEPT;
/** @brief The rating of item `index` (-1 when out of range). Thread safety: controller thread.
 * @since 0.2 */
PHOSPHENE_API int phosphene_playlist_get_rating(const phosphene_playlist* playlist,
                                                uint32_t index) PHOSPHENE_NOEXCEPT;
/** @brief Marks or unmarks item `index` as a favourite.
 *  Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_playlist_set_favourite(phosphene_playlist* playlist,
                                                                uint32_t index,
                                                                int favourite) PHOSPHENE_NOEXCEPT;
/** @brief 1 when item `index` is a favourite, else 0. Thread safety: controller thread. @since 0.2
 */
PHOSPHENE_API int phosphene_playlist_is_favourite(const phosphene_playlist* playlist,
                                                  uint32_t index) PHOSPHENE_NOEXCEPT;

/**
 * @brief Loads ratings and favourites from a file (path NULL: $XDG_DATA_HOME/phosphene/
 *        ratings.txt, else ~/.local/share/phosphene/ratings.txt). A missing file is not an error
 *        (nothing rated yet). Format: a first line "# phosphene ratings 1", then one line per
 *        preset: rating (0..5), a tab, 0 or 1 (favourite), a tab, the preset's name.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_IO (unreadable).
 * Thread safety: controller thread. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_playlist_load_ratings(phosphene_playlist* playlist,
                                                               const char* path) PHOSPHENE_NOEXCEPT;

/** @brief Saves ratings and favourites atomically (a temporary file renamed over the old one, so
 *  a crash never leaves a half-written file). path NULL: as for load. Thread safety: controller
 * thread. @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_playlist_save_ratings(const phosphene_playlist* playlist,
                                                               const char* path) PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * Frames: advance, then draw (controller side)
 *
 * A frame has two halves. phosphene_engine_advance moves the clock, analyses the audio received
 * so far, applies the switching policy and runs the preset's equations; it makes no GL call, so
 * it works with no context current. phosphene_engine_draw then draws that frame into a target in
 * the host's OpenGL 3.3 core / OpenGL ES 3.0 context. Draw the same frame again (a second view, a
 * redraw after an expose) by calling draw again before the next advance: only the final
 * composite runs again, so extra draws never change how the picture evolves. The render calls
 * (phosphene_render_frame*) do both halves in one call.
 *
 * GL: the host owns the context and makes it current before every draw. The first draw creates
 * the engine's GL objects in that context; every later draw must happen with the SAME context (or
 * one sharing its objects) current, until phosphene_engine_release_gl.
 *
 * GL state a draw changes and restores before it returns: the GL_DRAW_FRAMEBUFFER and
 * GL_READ_FRAMEBUFFER bindings; the viewport; the current program; the vertex array binding and
 * the GL_ARRAY_BUFFER binding (a host VAO is never modified); the active texture unit and, on the
 * first texture units, the GL_TEXTURE_2D and sampler bindings; GL_BLEND, the blend functions,
 * equations and colour; the GL_DEPTH_TEST, GL_CULL_FACE, GL_SCISSOR_TEST and GL_STENCIL_TEST
 * enables and the colour write mask; in desktop GL, the GL_PROGRAM_POINT_SIZE enable (the point
 * size set by glPointSize is not changed). Not touched: clear values, depth/stencil functions and
 * masks, the scissor box, pixel store parameters, GL_FRAMEBUFFER_SRGB, line width, polygon
 * offset, uniform buffer bindings.
 *
 * The image is opaque RGB written over the whole target (alpha is 1).
 * ------------------------------------------------------------------------------------------- */

/** Limits of the canvas and of the warp mesh. */
#define PHOSPHENE_MAX_DRAWABLE_SIZE 16384
#define PHOSPHENE_MIN_MESH_X 8
#define PHOSPHENE_MAX_MESH_X 320
#define PHOSPHENE_MIN_MESH_Y 6
#define PHOSPHENE_MAX_MESH_Y 240
#define PHOSPHENE_DEFAULT_MESH_X 48
#define PHOSPHENE_DEFAULT_MESH_Y 36

/**
 * @brief Sets the size, in pixels, of the canvas the preset is computed and drawn at (MilkDrop:
 *        the window size). A draw into a target of another size scales the canvas to it.
 *        0 x 0 (the default) means "the size of the target": advance then computes the frame
 *        for the size of the last target drawn (640 x 480 before the first draw).
 * @param width, height 1 .. PHOSPHENE_MAX_DRAWABLE_SIZE each, or both 0.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL, size out of range).
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_set_drawable_size(phosphene_engine* engine, int width,
                                                           int height) PHOSPHENE_NOEXCEPT;

/** @brief Reads the drawable size (0 x 0: the target's).
 *  Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_get_drawable_size(const phosphene_engine* engine,
                                                           int* out_width,
                                                           int* out_height) PHOSPHENE_NOEXCEPT;

/**
 * @brief Sets the warp mesh size (MilkDrop 2's "mesh size"; default 48 x 36). Finer meshes follow
 *        per-vertex equations more closely and cost more CPU.
 * @param mesh_x PHOSPHENE_MIN_MESH_X .. _MAX_MESH_X cells across; @param mesh_y likewise down.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL, out of range).
 * Thread safety: controller thread. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_set_mesh_size(phosphene_engine* engine, int mesh_x,
                                                       int mesh_y) PHOSPHENE_NOEXCEPT;

/** @brief Reads the warp mesh size. Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_get_mesh_size(const phosphene_engine* engine,
                                                       int* out_mesh_x,
                                                       int* out_mesh_y) PHOSPHENE_NOEXCEPT;

/**
 * @brief Moves to the next frame: clock, audio analysis, switching, the preset's equations.
 *        No GL call; no context needed.
 * @param dt_s seconds since the previous frame (0: one fixed step of 1 / desc.fps, unless
 *        phosphene_engine_set_frame_time set the time). Negative, NaN or above
 *        PHOSPHENE_MAX_FRAME_SECONDS is an invalid argument.
 * @return PHOSPHENE_OK (also while the first preset is still being prepared: the frame is then
 *         black); PHOSPHENE_ERROR_INVALID_ARGUMENT; PHOSPHENE_ERROR_NO_PRESET (nothing loaded,
 *         requested or in the playlist).
 * Thread safety: controller thread. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_engine_advance(phosphene_engine* engine,
                                                        double dt_s) PHOSPHENE_NOEXCEPT;

/**
 * @brief Sets the time the next frame is at (offline rendering at exact timestamps: video frame
 *        k at k / rate). The next advance with dt_s = 0 moves the clock to time_s.
 * @param time_s seconds since the engine started; later than the current frame's time by at
 *        most PHOSPHENE_MAX_FRAME_SECONDS.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (not later, too far, not finite).
 * Thread safety: controller thread. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_engine_set_frame_time(phosphene_engine* engine,
                                                               double time_s) PHOSPHENE_NOEXCEPT;

/** @brief The engine clock: the current frame's time (seconds) and index (either may be NULL).
 *  Thread safety: controller thread. @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_engine_get_time(const phosphene_engine* engine,
                                                         double* out_time_s,
                                                         uint64_t* out_frame) PHOSPHENE_NOEXCEPT;

/** What a draw writes to. */
typedef enum phosphene_target_kind {
  PHOSPHENE_TARGET_BOUND_FRAMEBUFFER = 0, /* the draw framebuffer bound in the context (default) */
  PHOSPHENE_TARGET_FRAMEBUFFER = 1,       /* gl_name: a framebuffer object (0: the default one) */
  PHOSPHENE_TARGET_TEXTURE = 2,           /* gl_name: a GL_TEXTURE_2D, level 0, colour-renderable
                                             (e.g. GL_RGBA8), at least width x height */
  PHOSPHENE_TARGET_FORCE_U32 = 0x7fffffff
} phosphene_target_kind;

typedef struct phosphene_render_target {
  uint32_t struct_size; /* = sizeof(phosphene_render_target) (phosphene_render_target_init) */
  phosphene_target_kind kind;
  uint32_t gl_name;  /* FRAMEBUFFER, TEXTURE: the host's GL name */
  int width, height; /* pixels from the lower-left corner; 0 x 0: the drawable size */
} phosphene_render_target;

/** @brief Clears *target (the bound framebuffer at the drawable size) and sets its struct_size.
 *  @since 0.2 */
static inline void phosphene_render_target_init(phosphene_render_target* target) {
  PHOSPHENE_ZERO(target);
  target->struct_size = (uint32_t)sizeof(phosphene_render_target);
}

/**
 * @brief Draws the frame of the last advance into a target (see "Frames" above).
 * @param target (in) NULL: the bound draw framebuffer at the drawable size.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL, no size: neither target
 *         nor drawable size, a negative size, a texture target with name 0, advance never
 *         called); PHOSPHENE_ERROR_ABI_MISMATCH; PHOSPHENE_ERROR_NO_CONTEXT (no GL context
 *         current on this thread: nothing was touched, call again with one);
 *         PHOSPHENE_ERROR_GL_VERSION (older than GL 3.3 / ES 3.0); PHOSPHENE_ERROR_GL (GL
 *         reported an error; the last error says which).
 * Thread safety: controller thread, with the engine's GL context current. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_engine_draw(
    phosphene_engine* engine, const phosphene_render_target* target) PHOSPHENE_NOEXCEPT;

/**
 * @brief Forgets every GL object of the engine WITHOUT a GL call (WebGL's "context lost", a host
 *        that destroyed its context first). The next draw creates them again in the context then
 *        current, starting the picture from black; presets, playlist and clock are kept.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL).
 * Thread safety: controller thread; no context needed. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_engine_release_gl(phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Advance and draw in one call, into the bound draw framebuffer over the drawable size.
 * @param dt_s as phosphene_engine_advance.
 * @return as phosphene_engine_advance and phosphene_engine_draw; INVALID_ARGUMENT also when
 *         phosphene_set_drawable_size was not called.
 * Thread safety: controller thread, with the engine's GL context current. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_render_frame(phosphene_engine* engine,
                                                      double dt_s) PHOSPHENE_NOEXCEPT;

/**
 * @brief Advance and draw into a framebuffer object the host owns (its GLuint name; 0 = the
 *        default framebuffer), over width x height pixels from the lower-left corner.
 * @return as phosphene_render_frame; INVALID_ARGUMENT also for a width or height <= 0.
 * Thread safety: controller thread, with the engine's GL context current. @since 0.1
 */
PHOSPHENE_API phosphene_result
phosphene_render_frame_to_framebuffer(phosphene_engine* engine, uint32_t framebuffer, int width,
                                      int height, double dt_s) PHOSPHENE_NOEXCEPT;

/**
 * @brief Advance and draw into level 0 of a GL_TEXTURE_2D the host owns (its GLuint name;
 *        colour-renderable, e.g. GL_RGBA8, at least width x height). The engine attaches it to a
 *        framebuffer object of its own; the texture's contents are replaced.
 * @return as phosphene_render_frame; INVALID_ARGUMENT also for texture 0 or a size <= 0.
 * Thread safety: controller thread, with the engine's GL context current. @since 0.1
 */
PHOSPHENE_API phosphene_result phosphene_render_frame_to_texture(phosphene_engine* engine,
                                                                 uint32_t texture, int width,
                                                                 int height,
                                                                 double dt_s) PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * EEL2 evaluation (any thread)
 *
 * Runs a piece of MilkDrop equation code (EEL2, as in per_frame_N= lines) once, outside any
 * engine and preset: for tools, tests and bindings that want to know what an expression
 * computes. Each call has a fresh context of its own: every variable starts at 0 (or at the
 * value given for it), its own megabuf, reg00..reg99 and gmegabuf, and MilkDrop's rand() seed,
 * so the same code and inputs always give the same result. Loops are capped as in presets.
 * ------------------------------------------------------------------------------------------- */

/** The outcome of phosphene_eval: the program's value, its variables, or why it did not
 *  compile. Opaque and immutable; destroy with phosphene_eval_result_destroy. */
typedef struct phosphene_eval_result phosphene_eval_result;

/**
 * @brief Compiles `code` and runs it once.
 * @param code (in) EEL2 statements separated by ';'; need not be NUL-terminated; not kept.
 * @param length number of bytes in code.
 * @param names (in) `count` variable names set before the run (case-insensitive; "reg00".."reg99"
 *        name the registers); none NULL or empty. May be NULL when count is 0.
 * @param values (in) their values, `count` of them. May be NULL when count is 0.
 * @param count number of input variables, 0 .. 4096.
 * @param out_result (out) receives the result, ALSO when the code does not compile (read its
 *        diagnostics); NULL only for INVALID_ARGUMENT and OUT_OF_MEMORY.
 * @return PHOSPHENE_OK (it ran; warnings are possible); PHOSPHENE_ERROR_PRESET_INVALID (the code
 *         does not compile: nothing ran, the diagnostics say where and why);
 *         PHOSPHENE_ERROR_INVALID_ARGUMENT (out_result NULL, code NULL with length > 0, a name
 *         NULL or empty, names or values NULL with count > 0, count above 4096);
 *         PHOSPHENE_ERROR_OUT_OF_MEMORY.
 * Thread safety: any thread; calls share nothing. @since 0.2
 */
PHOSPHENE_API phosphene_result
phosphene_eval(const char* code, size_t length, const char* const* names, const double* values,
               size_t count, phosphene_eval_result** out_result) PHOSPHENE_NOEXCEPT;

/** Most input variables phosphene_eval accepts. */
#define PHOSPHENE_MAX_EVAL_INPUTS 4096

/** @brief Destroys a result (NULL is ignored). Thread safety: any thread, once. @since 0.2 */
PHOSPHENE_API void phosphene_eval_result_destroy(phosphene_eval_result* result) PHOSPHENE_NOEXCEPT;

/** @brief PHOSPHENE_OK when the code ran, PHOSPHENE_ERROR_PRESET_INVALID when it did not compile
 *  (PHOSPHENE_ERROR_INVALID_ARGUMENT for NULL). Thread safety: any thread. @since 0.2 */
PHOSPHENE_API phosphene_result phosphene_eval_result_status(const phosphene_eval_result* result)
    PHOSPHENE_NOEXCEPT;

/** @brief The value of the program's last statement (0 for an empty program, a failed compile
 *  or NULL). Thread safety: any thread. @since 0.2 */
PHOSPHENE_API double phosphene_eval_result_value(const phosphene_eval_result* result)
    PHOSPHENE_NOEXCEPT;

/** @brief Number of variables after the run: the inputs and every variable the code names, in
 *  order of first mention (inputs first), without the registers. 0 for NULL.
 *  Thread safety: any thread. @since 0.2 */
PHOSPHENE_API uint32_t phosphene_eval_result_variable_count(const phosphene_eval_result* result)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Reads variable `index` after the run.
 * @param out_name (out, may be NULL) its name, lower case; valid while the result lives.
 * @param out_value (out, may be NULL) its value.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL result, index too large).
 * Thread safety: any thread. @since 0.2
 */
PHOSPHENE_API phosphene_result phosphene_eval_result_variable(const phosphene_eval_result* result,
                                                              uint32_t index, const char** out_name,
                                                              double* out_value) PHOSPHENE_NOEXCEPT;

/** @brief Number of diagnostics of the compile (errors when it failed, else warnings about
 *  sloppy code MilkDrop accepts). 0 for NULL. Thread safety: any thread. @since 0.2 */
PHOSPHENE_API uint32_t phosphene_eval_result_diagnostic_count(const phosphene_eval_result* result)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Reads one diagnostic (section "eval"; line and column within the code); its strings live
 *        as long as the result.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL, index too large);
 *         PHOSPHENE_ERROR_ABI_MISMATCH (out->struct_size not set).
 * Thread safety: any thread. @since 0.2
 */
PHOSPHENE_API phosphene_result
phosphene_eval_result_diagnostic(const phosphene_eval_result* result, uint32_t index,
                                 phosphene_diagnostic* out) PHOSPHENE_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PHOSPHENE_H */
