/*
 * phosphene_core.h — version, results, logging, the engine, PCM input, audio analysis, frames,
 * preset switching and events. Part of the Phosphene C API; hosts include <phosphene/phosphene.h>,
 * which documents the whole.
 */
#ifndef PHOSPHENE_CORE_H
#define PHOSPHENE_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

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
#define PHOSPHENE_VERSION_MAJOR 1
#define PHOSPHENE_VERSION_MINOR 1
#define PHOSPHENE_VERSION_PATCH 0
#define PHOSPHENE_MAKE_VERSION(major, minor, patch) \
  ((uint32_t)(((uint32_t)(major) << 16) | ((uint32_t)(minor) << 8) | (uint32_t)(patch)))
#define PHOSPHENE_VERSION \
  PHOSPHENE_MAKE_VERSION(PHOSPHENE_VERSION_MAJOR, PHOSPHENE_VERSION_MINOR, PHOSPHENE_VERSION_PATCH)

/**
 * @brief The version of the library actually linked, packed like PHOSPHENE_VERSION.
 * Compare with PHOSPHENE_VERSION to detect a header/library mismatch.
 * Thread safety: any thread. @since 1.0
 */
PHOSPHENE_API uint32_t phosphene_version(void) PHOSPHENE_NOEXCEPT;

/**
 * @brief The linked library's version as text, e.g. "1.0.0".
 * @return A static string; never NULL; never freed by the caller.
 * Thread safety: any thread. @since 1.0
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
 * Thread safety: any thread. @since 1.0
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
 * Thread safety: any thread. @since 1.0
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
  /* -8 was "no preset" before 1.0: advance and draw work without one. Never reused. */
  PHOSPHENE_ERROR_GL = -9,          /* GL reported an error while drawing (see last error) */
  PHOSPHENE_ERROR_NO_CONTEXT = -10, /* no GL context is current on the calling thread */
  PHOSPHENE_ERROR_GL_VERSION = -11, /* the context is older than GL 3.3 / GL ES 3.0 */
  PHOSPHENE_ERROR_NOT_FOUND = -12,  /* no such item (playlist index, native preset name) */
  PHOSPHENE_RESULT_FORCE_U32 = 0x7fffffff
} phosphene_result;

/**
 * @brief A short, stable English name for a result, e.g. "invalid argument".
 * @return A static string; never NULL (unknown codes give "unknown result").
 * Thread safety: any thread. @since 1.0
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
 * Thread safety: any thread. @since 1.0
 */
static inline void phosphene_engine_desc_init(phosphene_engine_desc* desc) {
  PHOSPHENE_ZERO(desc);
  desc->struct_size = (uint32_t)sizeof(phosphene_engine_desc);
  desc->api_version = PHOSPHENE_VERSION;
}

/**
 * @brief Creates an engine.
 * @param desc (in) the description; NULL means all defaults. Not kept after the call.
 * @param out_engine (out) receives the new engine; set to NULL on failure.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (out_engine NULL, a field out of range);
 *         PHOSPHENE_ERROR_ABI_MISMATCH (struct_size 0, larger than this library knows with a
 *         non-zero field it does not know, or a different major version);
 *         PHOSPHENE_ERROR_OUT_OF_MEMORY.
 * Thread safety: any thread. Creation failures are also reported to desc->log_fn. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_create(
    const phosphene_engine_desc* desc, phosphene_engine** out_engine) PHOSPHENE_NOEXCEPT;

/**
 * @brief Destroys an engine and frees everything it owns. NULL is ignored.
 * The producer must have stopped calling phosphene_pcm_* on it. If the engine has rendered and
 * the GL context it rendered in (or one sharing its objects) is current, its GL objects are
 * deleted; with NO context current (a garbage collector, a context already destroyed) they are
 * abandoned without any GL call, which never aborts the host: their memory goes with the context.
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API void phosphene_engine_destroy(phosphene_engine* engine) PHOSPHENE_NOEXCEPT;

/**
 * @brief The message of the last failed controller call on this engine.
 * @return "" when there was none, or when engine is NULL. The pointer stays valid until the
 *         next controller call on the engine; copy it to keep it.
 * Thread safety: controller thread. PCM functions never set it. @since 1.0
 */
PHOSPHENE_API const char* phosphene_engine_last_error(const phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Installs (or, with fn = NULL, removes) the engine's log sink.
 * @param fn (in) the sink; called for messages at or above min_level.
 * @param user_data (in) passed to every call of fn; Phosphene never touches it.
 * @param min_level the least severe level delivered.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL or level out of range).
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result
phosphene_engine_set_log_callback(phosphene_engine* engine, phosphene_log_fn fn, void* user_data,
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
 * The samples go into a bounded lock-free ring that phosphene_engine_advance() empties. When a call
 * brings more than the ring has room for (more than pcm_buffer_frames at 44.1 kHz arrive between
 * two analysed frames), the OLDEST samples of that call are dropped, so the next frame still sees
 * the newest audio; dropped samples are counted, see phosphene_engine_dropped_pcm_frames(). Samples
 * already in the ring are never discarded by the producer, so a host that keeps adding small
 * chunks without advancing fills the ring and then loses what it adds: advance every frame.
 *
 * Return: PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL, samples NULL with
 * frame_count > 0); PHOSPHENE_ERROR_UNSUPPORTED_FORMAT (channels or sample_rate out of range).
 * Thread safety: producer thread; wait-free, no allocation, no locks, no logging. @since 1.0
 * ------------------------------------------------------------------------------------------- */

#define PHOSPHENE_MIN_SAMPLE_RATE 1000
#define PHOSPHENE_MAX_SAMPLE_RATE 768000
#define PHOSPHENE_MAX_CHANNELS 32

/** Float samples, full scale -1.0 .. +1.0. */
PHOSPHENE_API phosphene_result phosphene_engine_add_pcm_float(phosphene_engine* engine,
                                                              const float* samples,
                                                              size_t frame_count, int channels,
                                                              int sample_rate) PHOSPHENE_NOEXCEPT;

/** Signed 16-bit samples, full scale -32768 .. 32767. */
PHOSPHENE_API phosphene_result phosphene_engine_add_pcm_int16(phosphene_engine* engine,
                                                              const int16_t* samples,
                                                              size_t frame_count, int channels,
                                                              int sample_rate) PHOSPHENE_NOEXCEPT;

/** Unsigned 8-bit samples, silence = 128 (MilkDrop's native format). */
PHOSPHENE_API phosphene_result phosphene_engine_add_pcm_uint8(phosphene_engine* engine,
                                                              const uint8_t* samples,
                                                              size_t frame_count, int channels,
                                                              int sample_rate) PHOSPHENE_NOEXCEPT;

/**
 * @brief Frames (at the analysis rate) dropped so far because the PCM ring was full.
 * @return 0 when engine is NULL.
 * Thread safety: any thread. @since 1.0
 */
PHOSPHENE_API uint64_t phosphene_engine_dropped_pcm_frames(const phosphene_engine* engine)
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

/** @brief Clears *frame and sets its struct_size for this header. @since 1.0 */
static inline void phosphene_audio_frame_init(phosphene_audio_frame* frame) {
  PHOSPHENE_ZERO(frame);
  frame->struct_size = (uint32_t)sizeof(phosphene_audio_frame);
}

/**
 * @brief The audio of the frame the last phosphene_engine_advance made: levels, beat, waveform and
 *        spectrum, exactly what the preset saw. The engine's clock moves only in advance, so a
 *        host that only analyses audio calls phosphene_engine_advance (no preset and no GL
 *        needed) and then this, once per video frame.
 *
 * advance takes every PCM frame added since the previous advance, looks at the latest 576
 * samples per channel (if fewer arrived, part of the previous window is reused; if none, the
 * window is unchanged), and updates MilkDrop 2's band averages for the frame rate.
 * @param out (out) receives the frame (out->struct_size set by the caller, see
 *        phosphene_audio_frame_init: only that many bytes are written). Untouched on failure.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine or out NULL, or no
 *         advance yet: there is no frame);
 *         PHOSPHENE_ERROR_ABI_MISMATCH (out->struct_size not set).
 * Thread safety: controller thread; may run while the producer adds PCM. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_get_audio(
    const phosphene_engine* engine, phosphene_audio_frame* out) PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * Diagnostics, textures and the data folder (controller side)
 *
 * A preset is MilkDrop 2 .milk text. Like MilkDrop 2, an equation block that does not compile is
 * left out and the rest of the preset runs; every such problem is a diagnostic (logged as a
 * warning). A preset that fails to load never interrupts the picture. Each engine has its own
 * reg00..reg99 and gmegabuf, shared by the presets it runs and never by another engine.
 * ------------------------------------------------------------------------------------------- */

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

/** @brief Clears *diagnostic and sets its struct_size for this header. @since 1.0 */
static inline void phosphene_diagnostic_init(phosphene_diagnostic* diagnostic) {
  PHOSPHENE_ZERO(diagnostic);
  diagnostic->struct_size = (uint32_t)sizeof(phosphene_diagnostic);
}

/**
 * @brief Number of diagnostics of the current preset: those of its load (equation blocks
 *        MilkDrop 2 would also skip, unknown keys, ...) and, once it has been drawn, those of
 *        linking its shaders and finding its textures. A load that FAILED leaves the current
 *        preset as it was; its diagnostics are in its PHOSPHENE_EVENT_PRESET_LOAD_FAILED event.
 * @return 0 when engine is NULL or no preset runs.
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API uint32_t
phosphene_engine_current_preset_diagnostic_count(const phosphene_engine* engine) PHOSPHENE_NOEXCEPT;

/**
 * @brief Reads one diagnostic of the current preset.
 * @param index 0 .. phosphene_engine_current_preset_diagnostic_count() - 1.
 * @param out (out) receives the diagnostic (struct_size set by the caller); its strings belong to
 *        the engine and stay valid until the next advance, switch or phosphene_engine_destroy.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine or out NULL, index too large);
 *         PHOSPHENE_ERROR_ABI_MISMATCH (out->struct_size not set).
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_current_preset_diagnostic(
    const phosphene_engine* engine, uint32_t index, phosphene_diagnostic* out) PHOSPHENE_NOEXCEPT;

/**
 * @brief Sets the folders searched for the image files a preset's shaders name: user textures
 *        (`sampler_clouds` loads clouds.jpg) and random textures (`sampler_rand00_smalltiled`
 *        picks one file whose name starts with "smalltiled", the same pick for the same seed).
 *
 * As in MilkDrop 2, a name is tried with the extensions jpg, dds, png, tga, bmp, dib in that
 * order, each extension in every folder (in the order given here) before the next extension;
 * file names match case-insensitively. The folder of a preset loaded with
 * phosphene_engine_load_preset_file() or a file handle is searched after these. A name (or random
 * prefix) found in none of them is then looked up in the preset's collection: the other folders
 * beside the preset's folder (at most 64, in name order; each file name counts once in random
 * picks). MilkDrop 2 has one textures folder for all presets, while collections such as Debian's
 * projectm-data keep their images in one preset folder (presets_tryptonaut/) that presets in the
 * others name; the collection never overrides what the folders above provide. Folders that do not
 * exist are allowed (they hold nothing). The default is one folder, the textures/ folder of the
 * engine's data folder (phosphene_engine_get_data_dir; e.g. /usr/share/phosphene/textures). A
 * texture that is found nowhere, or does not decode, is drawn as opaque black and reported as a
 * warning ("TEX001" .. "TEX004") among the preset diagnostics once the preset has been rendered.
 *
 * @param dirs (in) `count` folder paths, UTF-8, none NULL or empty; copied, not kept. NULL is
 *        allowed when count is 0 (clears the list).
 * @param count number of folders, 0 .. 256.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL, dirs NULL with count > 0,
 *         an entry NULL or empty, count above 256); PHOSPHENE_ERROR_OUT_OF_MEMORY. On failure the
 *         previous list stays.
 * Takes effect at the next draw: the current preset's textures are looked up again.
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_set_texture_search_path(
    phosphene_engine* engine, const char* const* dirs, size_t count) PHOSPHENE_NOEXCEPT;

/** Most folders phosphene_engine_set_texture_search_path() accepts. */
#define PHOSPHENE_MAX_TEXTURE_DIRS 256

/**
 * @brief Reads the texture search path: *out_count receives the number of folders; when `dirs`
 *        is not NULL, up to `capacity` folder strings are stored there (valid until the next
 *        phosphene_engine_set_texture_search_path or phosphene_engine_destroy).
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine or out_count NULL).
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result
phosphene_engine_get_texture_search_path(const phosphene_engine* engine, const char** dirs,
                                         size_t capacity, size_t* out_count) PHOSPHENE_NOEXCEPT;

/**
 * @brief Sets this engine's data folder (see phosphene_default_data_dir), overriding the
 *        environment variable and the installed location for this engine only.
 *
 * The engine's default texture search path is the data folder's textures/ subfolder: while the
 * search path is still that default (phosphene_engine_set_texture_search_path was not called, or
 * was given exactly that folder), it moves to the new folder's textures/. A search path the host
 * set stays as it is.
 * @param dir (in) UTF-8 folder, copied; it need not exist. NULL or "" returns to
 *        phosphene_default_data_dir().
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL);
 *         PHOSPHENE_ERROR_OUT_OF_MEMORY.
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_set_data_dir(phosphene_engine* engine,
                                                             const char* dir) PHOSPHENE_NOEXCEPT;

/**
 * @brief This engine's data folder: phosphene_default_data_dir() unless
 * phosphene_engine_set_data_dir changed it.
 * @return UTF-8 path, valid until the next phosphene_engine_set_data_dir on this engine or its
 *         destruction; "" when engine is NULL.
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API const char* phosphene_engine_get_data_dir(const phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/* A preset handle (phosphene_preset.h); switched to with phosphene_engine_switch_preset. */
typedef struct phosphene_preset phosphene_preset;

/* ---------------------------------------------------------------------------------------------
 * Frames: advance, then draw (controller side)
 *
 * A frame has two halves. phosphene_engine_advance moves the clock, analyses the audio received
 * so far, applies the switching policy and runs the preset's equations; it makes no GL call, so
 * it works with no context current. phosphene_engine_draw then draws that frame into a target in
 * the host's OpenGL 3.3 core / OpenGL ES 3.0 context. Draw the same frame again (a second view, a
 * redraw after an expose) by calling draw again before the next advance: only the final
 * composite runs again, so extra draws never change how the picture evolves.
 * phosphene_engine_render is exactly phosphene_engine_advance followed by phosphene_engine_draw.
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
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_set_drawable_size(phosphene_engine* engine,
                                                                  int width,
                                                                  int height) PHOSPHENE_NOEXCEPT;

/** @brief Reads the drawable size (0 x 0: the target's).
 *  Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API phosphene_result phosphene_engine_get_drawable_size(
    const phosphene_engine* engine, int* out_width, int* out_height) PHOSPHENE_NOEXCEPT;

/**
 * @brief Sets the warp mesh size (MilkDrop 2's "mesh size"; default 48 x 36). Finer meshes follow
 *        per-vertex equations more closely and cost more CPU.
 * @param mesh_x PHOSPHENE_MIN_MESH_X .. _MAX_MESH_X cells across; @param mesh_y likewise down.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL, out of range).
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_set_mesh_size(phosphene_engine* engine, int mesh_x,
                                                              int mesh_y) PHOSPHENE_NOEXCEPT;

/** @brief Reads the warp mesh size. Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API phosphene_result phosphene_engine_get_mesh_size(const phosphene_engine* engine,
                                                              int* out_mesh_x,
                                                              int* out_mesh_y) PHOSPHENE_NOEXCEPT;

/**
 * @brief Moves to the next frame: clock, audio analysis, switching, the preset's equations.
 *        No GL call; no context needed. The only call that moves the engine's clock.
 * @param dt_s seconds since the previous frame (0: one fixed step of 1 / desc.fps, unless
 *        phosphene_engine_set_frame_time set the time). Negative, NaN or above
 *        PHOSPHENE_MAX_FRAME_SECONDS is an invalid argument.
 * When no preset runs and none is on its way, the engine first asks for one (the next-preset
 * callback, else the playlist; see "Preset switching"). With no preset at all the clock and the
 * audio analysis still advance (phosphene_engine_get_audio) and the frame is black.
 * @return PHOSPHENE_OK (also while the first preset is still being prepared, or with none: the
 *         frame is then black); PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL, dt_s invalid).
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_advance(phosphene_engine* engine,
                                                        double dt_s) PHOSPHENE_NOEXCEPT;

/**
 * @brief Sets the time the next frame is at (offline rendering at exact timestamps: video frame
 *        k at k / rate). The next advance with dt_s = 0 moves the clock to time_s.
 * @param time_s seconds since the engine started; later than the current frame's time by at
 *        most PHOSPHENE_MAX_FRAME_SECONDS.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (not later, too far, not finite).
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_set_frame_time(phosphene_engine* engine,
                                                               double time_s) PHOSPHENE_NOEXCEPT;

/** @brief The engine clock: the current frame's time (seconds) and index (either may be NULL).
 *  Thread safety: controller thread. @since 1.0 */
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
 *  @since 1.0 */
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
 * Thread safety: controller thread, with the engine's GL context current. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_draw(
    phosphene_engine* engine, const phosphene_render_target* target) PHOSPHENE_NOEXCEPT;

/**
 * @brief Forgets every GL object of the engine WITHOUT a GL call (WebGL's "context lost", a host
 *        that destroyed its context first). The next draw creates them again in the context then
 *        current, starting the picture from black; presets, playlist and clock are kept.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL).
 * Thread safety: controller thread; no context needed. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_release_gl(phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Exactly phosphene_engine_advance(engine, dt_s) followed, when it succeeded, by
 *        phosphene_engine_draw(engine, target): the one-call frame for hosts that draw once.
 *        Checked before anything moves: the target (INVALID_ARGUMENT, ABI_MISMATCH) and a
 *        current GL context (NO_CONTEXT), so a call that cannot draw never advances the frame.
 * @return those checks' failure, else the advance's failure, else the draw's result.
 * Thread safety: controller thread, with the engine's GL context current. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_render(phosphene_engine* engine, double dt_s,
                                                       const phosphene_render_target* target)
    PHOSPHENE_NOEXCEPT;

/* ---------------------------------------------------------------------------------------------
 * Preset switching and MilkDrop transitions (controller side)
 *
 * A switch prepares the preset (compile its equations against the engine's registers, translate
 * its shaders, decode its textures) on the engine's loader thread while the current preset keeps
 * drawing; once it is ready, the next frame starts it: with MilkDrop 2's transition (both presets
 * run for the blend time, their warp meshes and composites blended with a random spatial
 * pattern) or with a hard cut. A preset that fails to load never interrupts the picture: the
 * current one keeps running and a PHOSPHENE_EVENT_PRESET_LOAD_FAILED event says why.
 *
 * Every switch names its transition with a phosphene_transition_desc (NULL: the default blend).
 * The engine itself asks for a preset when its time is up, on a hard cut, when a preset failed
 * or ran over the equation budget, and when no preset runs at all (the first advance after a
 * playlist was filled): it asks the next-preset callback if the host set one, else the engine's
 * playlist (phosphene_playlist.h), which is the engine's source of presets from its creation.
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
  PHOSPHENE_TRANSITION_DEFAULT = 0,  /* a blend of the settings' blend_time_user (MD2: 1.7 s) */
  PHOSPHENE_TRANSITION_BLEND = 1,    /* a blend of `seconds` */
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
/** Range of phosphene_switch_settings.beat_sensitivity. @since 1.0 */
#define PHOSPHENE_MIN_BEAT_SENSITIVITY 0.1
#define PHOSPHENE_MAX_BEAT_SENSITIVITY 10.0

/** @brief Clears *desc and sets its struct_size for this header. @since 1.0 */
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
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_switch_preset(
    phosphene_engine* engine, const phosphene_preset* preset,
    const phosphene_transition_desc* transition, uint64_t* out_request) PHOSPHENE_NOEXCEPT;

/**
 * @brief Switches to a .milk file: read, parsed and prepared on the loader thread, exactly as
 *        phosphene_engine_switch_preset does with a handle. Problems reading or parsing the file
 *        arrive as a PHOSPHENE_EVENT_PRESET_LOAD_FAILED event with its diagnostics (to know them
 *        at once, make a handle with phosphene_preset_create_from_file and switch to it).
 *        For a synchronous hard cut (offline rendering, tests): a PHOSPHENE_TRANSITION_HARD_CUT
 *        transition, then phosphene_engine_wait_for_preset, which makes it current at once.
 * @param path (in) UTF-8; copied. @param transition (in) NULL: the default.
 * @param out_request (out, may be NULL) an id > 0 that the events of this switch carry.
 * @return PHOSPHENE_OK (queued); PHOSPHENE_ERROR_INVALID_ARGUMENT (engine or path NULL, a bad
 *         transition); PHOSPHENE_ERROR_ABI_MISMATCH; PHOSPHENE_ERROR_OUT_OF_MEMORY.
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_load_preset_file(
    phosphene_engine* engine, const char* path, const phosphene_transition_desc* transition,
    uint64_t* out_request) PHOSPHENE_NOEXCEPT;

/**
 * @brief As phosphene_engine_load_preset_file, for .milk text in memory.
 * @param text (in) need not be NUL-terminated; copied. @param name (in) for messages and events;
 *        NULL gives "<text>".
 * @return as phosphene_engine_load_preset_file; INVALID_ARGUMENT also for text NULL with
 *         length > 0.
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_load_preset_text(
    phosphene_engine* engine, const char* text, size_t length, const char* name,
    const phosphene_transition_desc* transition, uint64_t* out_request) PHOSPHENE_NOEXCEPT;

/**
 * @brief Blocks until the requested preset is prepared and makes it current: the next frame
 *        draws it (or, when it switches live from a preset already drawn with shaders, starts
 *        after its programs are linked over the next draws). Its duration and events count from
 *        now. For offline rendering: the output then does not depend on how fast the loader was.
 * @return PHOSPHENE_OK (prepared, or nothing was pending); PHOSPHENE_ERROR_IO or
 *         PHOSPHENE_ERROR_PRESET_INVALID when the awaited preset failed to load (it does not
 *         start; the current preset keeps running; a PHOSPHENE_EVENT_PRESET_LOAD_FAILED event
 *         carries its diagnostics);
 *         PHOSPHENE_ERROR_INVALID_ARGUMENT.
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_wait_for_preset(phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Answers "which preset next?" for automatic switches, hard cuts and switching away from
 *        a preset that failed or ran over budget. Returns a .milk file path (UTF-8, copied
 *        before the callback returns) or NULL for "no switch". Called on the controller thread,
 *        from inside phosphene_engine_advance. It must not call the engine.
 */
typedef const char* (*phosphene_next_preset_fn)(void* user_data, phosphene_switch_reason reason);

/**
 * @brief Sets (or, with fn NULL, removes) the next-preset callback. While one is set it is asked
 *        instead of the engine's playlist; with neither, the engine never switches on its own.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (engine NULL).
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_set_next_preset_callback(
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

/** The switching policy; defaults are MilkDrop 2's. Read it with
 * phosphene_engine_get_switch_settings (after phosphene_switch_settings_init), change fields, write
 * it back. */
typedef struct phosphene_switch_settings {
  uint32_t struct_size;
  double preset_duration;            /* seconds between automatic switches (16) */
  double preset_duration_random;     /* 0..this many seconds added per preset (10) */
  int duration_includes_blend;       /* MilkDrop counts the blend time on top of the duration (1) */
  double blend_time_auto;            /* transition of automatic switches (2.7 s) */
  double blend_time_user;            /* transition of PHOSPHENE_TRANSITION_DEFAULT (1.7 s) */
  int auto_switch;                   /* switch when the time is up (1) */
  int locked;                        /* preset lock: no automatic switches, no hard cuts (0) */
  int loudness_hard_cuts;            /* MilkDrop's loudness hard cuts (0, as in MilkDrop) */
  int beat_hard_cuts;                /* hard cut on detected beats (0) */
  double beat_hard_cut_min_interval; /* seconds between two beat cuts at least (4) */
  int64_t iteration_budget;          /* equation loop iterations per preset per frame; < 0: none */
  int wait_for_loads;                /* 1: a frame waits for a requested preset (offline) */
  phosphene_blend_pattern blend_pattern; /* PHOSPHENE_BLEND_RANDOM, or one pattern always */
  /* @since 1.0: the beat detector's sensitivity, 0.1..10 (1; 0 on set also means 1). Above 1
   * quieter onsets count as beats (PHOSPHENE_EVENT_BEAT, beat_hard_cuts), below 1 only strong
   * ones. The audio values presets see (bass, mid, treb, ...) are MilkDrop's and never scaled. */
  double beat_sensitivity;
} phosphene_switch_settings;

/** @brief Clears *settings and sets its struct_size (then read them with
 *  phosphene_engine_get_switch_settings). @since 1.0 */
static inline void phosphene_switch_settings_init(phosphene_switch_settings* settings) {
  PHOSPHENE_ZERO(settings);
  settings->struct_size = (uint32_t)sizeof(phosphene_switch_settings);
}

/**
 * @brief Reads the switch settings into *out (up to out->struct_size bytes).
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL); PHOSPHENE_ERROR_ABI_MISMATCH
 *         (struct_size smaller than this struct's first version).
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_get_switch_settings(
    const phosphene_engine* engine, phosphene_switch_settings* out) PHOSPHENE_NOEXCEPT;

/**
 * @brief Sets the switch settings (read phosphene_engine_get_switch_settings first, change, set);
 * fields beyond settings->struct_size keep their current values.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL, a negative or non-finite time,
 *         an unknown blend pattern); PHOSPHENE_ERROR_ABI_MISMATCH.
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_set_switch_settings(
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
  /* a user sprite ended (phosphene_sprite.h): request_id is its id, name how it ended: "done"
     (its code set done), "killed" (phosphene_sprite_kill/_kill_all) or "evicted" (a launch beyond
     PHOSPHENE_MAX_SPRITES removed it) */
  PHOSPHENE_EVENT_SPRITE_ENDED = 8,
  PHOSPHENE_EVENT_FORCE_U32 = 0x7fffffff
} phosphene_event_type;

/** Something that happened in a frame, for hosts (phosphene_engine_poll_event). */
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
  uint32_t diagnostic_count; /* read with phosphene_engine_event_diagnostic */
  const char* diagnostic_id; /* first diagnostic's ID ("IO001", "PRE005", ...) or "" */
  const char* message;       /* first diagnostic's message or ""; valid until the next poll */
} phosphene_event;

/** @brief Clears *event and sets its struct_size for this header. @since 1.0 */
static inline void phosphene_event_init(phosphene_event* event) {
  PHOSPHENE_ZERO(event);
  event->struct_size = (uint32_t)sizeof(phosphene_event);
}

/** How many events an engine keeps for phosphene_engine_poll_event; older ones are dropped. */
#define PHOSPHENE_MAX_QUEUED_EVENTS 256

/**
 * @brief Takes the oldest event not yet taken.
 * @return 1 when *out was filled (out->struct_size bytes at most); 0 when there is none, and
 *         also on an error (so a polling loop always ends): engine or out NULL, or
 *         out->struct_size not set (the last error says so; the event stays queued).
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API int phosphene_engine_poll_event(phosphene_engine* engine,
                                              phosphene_event* out) PHOSPHENE_NOEXCEPT;

/**
 * @brief Reads a diagnostic of the event phosphene_engine_poll_event returned last (a failed
 * switch: why). Strings stay valid until the next poll.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL, index too large);
 *         PHOSPHENE_ERROR_ABI_MISMATCH.
 * Thread safety: controller thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_engine_event_diagnostic(
    const phosphene_engine* engine, uint32_t index, phosphene_diagnostic* out) PHOSPHENE_NOEXCEPT;

/** @brief 1 while a transition is in flight, else 0. Thread safety: controller. @since 1.0 */
PHOSPHENE_API int phosphene_engine_is_transitioning(const phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/** @brief The current preset's name ("" when none). Valid until the next frame or load.
 *  Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API const char* phosphene_engine_current_preset_name(const phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

/** @brief The current preset's file ("" for a text, a native preset, or none). Valid until the
 *  next frame or load. Thread safety: controller thread. @since 1.0 */
PHOSPHENE_API const char* phosphene_engine_current_preset_path(const phosphene_engine* engine)
    PHOSPHENE_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PHOSPHENE_CORE_H */
