/* The C API from plain C99 against the header alone: lifetime, errors, logging, PCM input and
 * analysis, and two engines in one process. Built with -std=c99 -Wall -Wextra -pedantic -Werror
 * and linked against the shared library only. Exit status 0 = all checks passed. */
#include <phosphene/phosphene.h>

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

typedef struct log_record {
  int count;
  phosphene_log_level last_level;
  char last_message[256];
} log_record;

static void record_log(void* user, phosphene_log_level level, const char* message) {
  log_record* r = (log_record*)user;
  r->count++;
  r->last_level = level;
  strncpy(r->last_message, message, sizeof r->last_message - 1);
  r->last_message[sizeof r->last_message - 1] = '\0';
}

static void fill_tone(float* out, size_t frames, double hz, size_t start, int rate) {
  size_t i;
  for (i = 0; i < frames; ++i) {
    float s = (float)(0.5 * sin(6.283185307179586 * hz * (double)(start + i) / rate));
    out[2 * i] = s;
    out[2 * i + 1] = s;
  }
}

static void test_version_and_results(void) {
  CHECK(phosphene_version() == PHOSPHENE_VERSION);
  CHECK(strlen(phosphene_version_string()) >= 5);
  CHECK(strcmp(phosphene_result_string(PHOSPHENE_OK), "ok") == 0);
  CHECK(strcmp(phosphene_result_string((phosphene_result)-999), "unknown result") == 0);
}

static void test_create_errors(void) {
  phosphene_engine* engine = (phosphene_engine*)&failures; /* must be reset to NULL on failure */
  phosphene_engine_desc desc = phosphene_engine_desc_default();
  log_record log;
  memset(&log, 0, sizeof log);
  CHECK(phosphene_engine_create(NULL, NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  desc.fps = -5.0;
  desc.log_fn = record_log;
  desc.log_user_data = &log;
  CHECK(phosphene_engine_create(&desc, &engine) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(engine == NULL);
  CHECK(log.count == 1 && log.last_level == PHOSPHENE_LOG_ERROR);
  {
    /* A newer host's larger desc: accepted while the fields this library does not know are 0. */
    struct {
      phosphene_engine_desc desc;
      uint64_t newer_field;
    } newer;
    memset(&newer, 0, sizeof newer);
    phosphene_engine_desc_init(&newer.desc);
    newer.desc.struct_size = (uint32_t)sizeof newer;
    CHECK(phosphene_engine_create(&newer.desc, &engine) == PHOSPHENE_OK);
    phosphene_engine_destroy(engine);
    engine = NULL;
    newer.newer_field = 1;
    CHECK(phosphene_engine_create(&newer.desc, &engine) == PHOSPHENE_ERROR_ABI_MISMATCH);
    CHECK(engine == NULL);
  }
  desc = phosphene_engine_desc_default();
  desc.struct_size = 0; /* not set */
  CHECK(phosphene_engine_create(&desc, &engine) == PHOSPHENE_ERROR_ABI_MISMATCH);
  phosphene_engine_desc_init(&desc);
  CHECK(desc.struct_size == sizeof desc && desc.fps == 0.0 && desc.log_min_level == 0);
  CHECK(phosphene_engine_create(&desc, &engine) == PHOSPHENE_OK); /* zeros are the defaults */
  phosphene_engine_destroy(engine);
  engine = NULL;
  desc = phosphene_engine_desc_default();
  desc.api_version = PHOSPHENE_MAKE_VERSION(PHOSPHENE_VERSION_MAJOR + 1, 0, 0);
  CHECK(phosphene_engine_create(&desc, &engine) == PHOSPHENE_ERROR_ABI_MISMATCH);
  /* A host built against an older, shorter desc: the fields it lacks take their defaults. */
  desc = phosphene_engine_desc_default();
  desc.flags = 0xFFu; /* beyond the old struct: must be ignored, not rejected */
  desc.struct_size = (uint32_t)offsetof(phosphene_engine_desc, flags);
  CHECK(phosphene_engine_create(&desc, &engine) == PHOSPHENE_OK);
  phosphene_engine_destroy(engine);
  engine = NULL;
  desc = phosphene_engine_desc_default();
  desc.flags = 0x80u; /* unknown bit in a current-size desc */
  CHECK(phosphene_engine_create(&desc, &engine) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  phosphene_engine_destroy(NULL); /* ignored */
  CHECK(strcmp(phosphene_engine_last_error(NULL), "") == 0);
}

static void test_engine_calls(void) {
  phosphene_engine* engine = NULL;
  phosphene_audio_frame frame;
  float pcm[2 * 735];
  int16_t pcm16[2 * 100];
  uint8_t pcm8[2 * 100];
  log_record log;
  int f;
  phosphene_audio_frame_init(&frame);
  memset(&log, 0, sizeof log);
  memset(pcm16, 0, sizeof pcm16);
  memset(pcm8, 128, sizeof pcm8);
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  CHECK(engine != NULL);
  CHECK(strcmp(phosphene_engine_last_error(engine), "") == 0);
  CHECK(phosphene_engine_set_log_callback(engine, record_log, &log, PHOSPHENE_LOG_DEBUG) ==
        PHOSPHENE_OK);
  CHECK(phosphene_engine_set_log_callback(engine, record_log, &log, (phosphene_log_level)9) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);

  CHECK(phosphene_engine_add_pcm_float(NULL, pcm, 1, 2, 44100) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_add_pcm_float(engine, NULL, 1, 2, 44100) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_add_pcm_float(engine, pcm, 0, 2, 44100) == PHOSPHENE_OK);
  CHECK(phosphene_engine_add_pcm_float(engine, pcm, 1, 0, 44100) ==
        PHOSPHENE_ERROR_UNSUPPORTED_FORMAT);
  CHECK(phosphene_engine_add_pcm_float(engine, pcm, 1, 2, 10) ==
        PHOSPHENE_ERROR_UNSUPPORTED_FORMAT);
  CHECK(phosphene_engine_add_pcm_int16(engine, pcm16, 100, 2, 48000) == PHOSPHENE_OK);
  CHECK(phosphene_engine_add_pcm_uint8(engine, pcm8, 200, 1, 22050) == PHOSPHENE_OK);
  CHECK(phosphene_engine_dropped_pcm_frames(engine) == 0);

  CHECK(phosphene_audio_analyze(engine, 0.0, NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(strlen(phosphene_engine_last_error(engine)) > 0);
  CHECK(log.count >= 1 && log.last_level == PHOSPHENE_LOG_ERROR);
  CHECK(phosphene_audio_analyze(engine, -1.0, &frame) == PHOSPHENE_ERROR_INVALID_ARGUMENT);

  for (f = 0; f < 120; ++f) {
    fill_tone(pcm, 735, 220.0, (size_t)f * 735, 44100);
    CHECK(phosphene_engine_add_pcm_float(engine, pcm, 735, 2, 44100) == PHOSPHENE_OK);
    CHECK(phosphene_audio_analyze(engine, 0.0, &frame) == PHOSPHENE_OK);
  }
  CHECK(frame.frame == 119);
  CHECK(fabs(frame.time_s - 2.0) < 1e-9);
  CHECK(frame.fps == 60.0);
  CHECK(isfinite(frame.bass) && isfinite(frame.treb_att));
  CHECK(fabs(frame.vol - frame.treb * 0.3333f) < 1e-6);
  CHECK(fabs(frame.waveform[0][575]) <= 64.5f);
  CHECK(frame.spectrum[0][5] > frame.spectrum[0][400]); /* 220 Hz lives in bin ~5 */
  phosphene_engine_destroy(engine);
}

/* Two engines, interleaved, fed different audio: the first must match a lone engine. */
static void test_two_engines(void) {
  phosphene_engine *alone = NULL, *a = NULL, *b = NULL;
  phosphene_audio_frame fa, fb, fl;
  float pcm[2 * 735];
  int f, same = 1;
  phosphene_audio_frame_init(&fa);
  phosphene_audio_frame_init(&fb);
  phosphene_audio_frame_init(&fl);
  CHECK(phosphene_engine_create(NULL, &alone) == PHOSPHENE_OK);
  CHECK(phosphene_engine_create(NULL, &a) == PHOSPHENE_OK);
  CHECK(phosphene_engine_create(NULL, &b) == PHOSPHENE_OK);
  for (f = 0; f < 90; ++f) {
    fill_tone(pcm, 735, 80.0, (size_t)f * 735, 44100);
    phosphene_engine_add_pcm_float(alone, pcm, 735, 2, 44100);
    phosphene_engine_add_pcm_float(a, pcm, 735, 2, 44100);
    fill_tone(pcm, 735, 9000.0, (size_t)f * 735, 44100);
    phosphene_engine_add_pcm_float(b, pcm, 735, 2, 44100);
    phosphene_audio_analyze(b, 1.0 / 25.0, &fb);
    phosphene_audio_analyze(a, 0.0, &fa);
    phosphene_audio_analyze(alone, 0.0, &fl);
    if (memcmp(&fa, &fl, sizeof fa) != 0) same = 0;
  }
  CHECK(same);
  CHECK(memcmp(fa.spectrum, fb.spectrum, sizeof fa.spectrum) != 0);
  CHECK(fb.fps == 25.0);
  phosphene_engine_destroy(alone);
  phosphene_engine_destroy(a);
  phosphene_engine_destroy(b);
}

static void test_presets_without_gl(void) {
  static const char preset[] =
      "[preset00]\nzoom=1.02\nper_frame_1=wave_r = 0.5 + 0.5*sin(time);\n"
      "per_frame_2=this is ( not code;\n";
  static const char junk[] = "no preset here\n";
  phosphene_engine* engine = NULL;
  phosphene_diagnostic d;
  uint32_t i, count;
  int saw_error = 0;
  phosphene_diagnostic_init(&d);
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  /* Rendering needs a preset first; none of these calls touches GL. */
  CHECK(phosphene_render_frame_to_framebuffer(engine, 0, 64, 48, 0.0) == PHOSPHENE_ERROR_NO_PRESET);
  CHECK(phosphene_render_frame(engine, 0.0) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_render_frame_to_texture(engine, 0, 64, 48, 0.0) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_load_preset_text(engine, junk, sizeof junk - 1) ==
        PHOSPHENE_ERROR_PRESET_INVALID);
  CHECK(phosphene_engine_current_preset_diagnostic_count(engine) >= 1);
  CHECK(phosphene_load_preset_text(engine, NULL, 0) == PHOSPHENE_ERROR_PRESET_INVALID);
  CHECK(phosphene_load_preset_text(engine, NULL, 5) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_load_preset_file(engine, "/no/such/dir/p.milk") == PHOSPHENE_ERROR_IO);
  CHECK(phosphene_load_preset_file(engine, NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  /* A preset with one broken line still loads; the broken block is reported as an error. */
  CHECK(phosphene_load_preset_text(engine, preset, sizeof preset - 1) == PHOSPHENE_OK);
  count = phosphene_engine_current_preset_diagnostic_count(engine);
  for (i = 0; i < count; ++i) {
    CHECK(phosphene_engine_current_preset_diagnostic(engine, i, &d) == PHOSPHENE_OK);
    CHECK(d.id != NULL && d.message != NULL && d.section != NULL);
    if (d.severity == PHOSPHENE_LOG_ERROR) saw_error = 1;
  }
  CHECK(saw_error);
  CHECK(phosphene_engine_current_preset_diagnostic(engine, count, &d) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_current_preset_diagnostic(NULL, 0, &d) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_set_drawable_size(engine, 640, 480) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_drawable_size(engine, 0, 0) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_drawable_size(engine, -1, 480) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_set_drawable_size(engine, 640, 0) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_set_mesh_size(engine, 32, 24) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_mesh_size(engine, 7, 24) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_set_mesh_size(NULL, 32, 24) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_render_frame_to_framebuffer(engine, 0, 0, 48, 0.0) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_render_frame(NULL, 0.0) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(strcmp(phosphene_result_string(PHOSPHENE_ERROR_PRESET_INVALID), "invalid preset") == 0);
  CHECK(strcmp(phosphene_result_string(PHOSPHENE_ERROR_GL), "OpenGL error") == 0);
  phosphene_engine_destroy(engine);
}

static void test_texture_search_path(void) {
  static const char* const two[] = {"/no/such/textures", "textures"};
  static const char* const with_null[] = {"textures", NULL};
  static const char* const with_empty[] = {""};
  phosphene_engine* engine = NULL;
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  /* Folders need not exist; the list is copied. No GL is touched. */
  CHECK(phosphene_engine_set_texture_search_path(engine, two, 2) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_texture_search_path(engine, NULL, 0) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_texture_search_path(engine, two, 0) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_texture_search_path(NULL, two, 2) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_set_texture_search_path(engine, NULL, 1) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(phosphene_engine_last_error(engine), "phosphene_engine_set_texture_search_path") !=
        NULL);
  CHECK(phosphene_engine_set_texture_search_path(engine, with_null, 2) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(phosphene_engine_last_error(engine), "dirs[1]") != NULL);
  CHECK(phosphene_engine_set_texture_search_path(engine, with_empty, 1) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_set_texture_search_path(engine, two, PHOSPHENE_MAX_TEXTURE_DIRS + 1) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  phosphene_engine_destroy(engine);
}

static const char* next_none(void* user, phosphene_switch_reason reason) {
  (void)user;
  (void)reason;
  return NULL;
}

static void test_switching_without_gl(void) {
  static const char preset[] = "[preset00]\nzoom=1.02\n";
  phosphene_engine* engine = NULL;
  phosphene_switch_settings s;
  phosphene_event e;
  phosphene_event_init(&e);
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  memset(&s, 0, sizeof s);
  s.struct_size = 4;
  CHECK(phosphene_engine_get_switch_settings(engine, &s) == PHOSPHENE_ERROR_ABI_MISMATCH);
  s.struct_size = sizeof s;
  CHECK(phosphene_engine_get_switch_settings(engine, &s) == PHOSPHENE_OK);
  /* MilkDrop 2's defaults. */
  CHECK(s.preset_duration == 16.0 && s.preset_duration_random == 10.0);
  CHECK(s.blend_time_auto == 2.7 && s.blend_time_user == 1.7);
  CHECK(s.loudness_hard_cuts == 0 && s.locked == 0 && s.auto_switch == 1);
  CHECK(s.blend_pattern == PHOSPHENE_BLEND_RANDOM && s.iteration_budget > 0);
  s.preset_duration = -1.0;
  CHECK(phosphene_engine_set_switch_settings(engine, &s) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  s.preset_duration = 5.0;
  s.blend_pattern = (phosphene_blend_pattern)9;
  CHECK(phosphene_engine_set_switch_settings(engine, &s) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  s.blend_pattern = PHOSPHENE_BLEND_PLASMA;
  CHECK(phosphene_engine_set_switch_settings(engine, &s) == PHOSPHENE_OK);
  memset(&s, 0, sizeof s);
  s.struct_size = sizeof s;
  CHECK(phosphene_engine_get_switch_settings(engine, &s) == PHOSPHENE_OK);
  CHECK(s.preset_duration == 5.0 && s.blend_pattern == PHOSPHENE_BLEND_PLASMA);
  /* Beat sensitivity: 1 by default, 0 on set means 1, outside 0.1..10 refused; a host built
   * before the field existed (struct ending at blend_pattern) leaves it as it was. */
  CHECK(s.beat_sensitivity == 1.0);
  s.beat_sensitivity = 20.0;
  CHECK(phosphene_engine_set_switch_settings(engine, &s) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  s.beat_sensitivity = 2.5;
  CHECK(phosphene_engine_set_switch_settings(engine, &s) == PHOSPHENE_OK);
  s.beat_sensitivity = 7.0;
  s.struct_size = (uint32_t)offsetof(phosphene_switch_settings, beat_sensitivity);
  CHECK(phosphene_engine_set_switch_settings(engine, &s) == PHOSPHENE_OK);
  s.struct_size = sizeof s;
  CHECK(phosphene_engine_get_switch_settings(engine, &s) == PHOSPHENE_OK &&
        s.beat_sensitivity == 2.5);
  s.beat_sensitivity = 0.0;
  CHECK(phosphene_engine_set_switch_settings(engine, &s) == PHOSPHENE_OK);
  CHECK(phosphene_engine_get_switch_settings(engine, &s) == PHOSPHENE_OK &&
        s.beat_sensitivity == 1.0);
  CHECK(phosphene_engine_set_switch_settings(NULL, &s) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  /* Requests are queued for the loader thread; no GL is touched. */
  CHECK(phosphene_request_preset_text(engine, preset, sizeof preset - 1, "p", 1.0) == PHOSPHENE_OK);
  CHECK(phosphene_request_preset_file(engine, NULL, 1.0) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_request_preset_file(engine, "x.milk", NAN) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_request_preset_text(engine, NULL, 3, "p", 0.0) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_wait_for_preset(engine) == PHOSPHENE_OK);
  CHECK(phosphene_engine_wait_for_preset(NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_set_next_preset_callback(engine, next_none, NULL) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_next_preset_callback(engine, NULL, NULL) == PHOSPHENE_OK);
  CHECK(phosphene_engine_is_transitioning(engine) == 0);
  CHECK(phosphene_engine_poll_event(engine, &e) == 0); /* nothing has started yet */
  CHECK(phosphene_engine_poll_event(NULL, &e) == 0);
  /* A synchronous load starts at once and says so. */
  CHECK(phosphene_load_preset_text(engine, preset, sizeof preset - 1) == PHOSPHENE_OK);
  CHECK(phosphene_engine_poll_event(engine, &e) == 1);
  CHECK(e.type == PHOSPHENE_EVENT_PRESET_STARTED && e.reason == PHOSPHENE_SWITCH_USER);
  CHECK(strcmp(e.name, "<text>") == 0 && e.transition_seconds == 0.0);
  phosphene_engine_destroy(engine);
}

/* A host built against an older, smaller output struct: the library writes only its bytes. */
static void test_older_output_structs(void) {
  static const char preset[] = "[preset00]\nper_frame_1=x = ( broken;\n";
  phosphene_engine* engine = NULL;
  phosphene_audio_frame frame;
  phosphene_diagnostic d;
  phosphene_event e;
  const unsigned char* bytes;
  size_t i, old_size;
  int untouched = 1;
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  memset(&frame, 0xAB, sizeof frame);
  old_size = offsetof(phosphene_audio_frame, waveform);
  frame.struct_size = (uint32_t)old_size;
  CHECK(phosphene_audio_analyze(engine, 0.0, &frame) == PHOSPHENE_OK);
  CHECK(frame.frame == 0 && frame.fps == 60.0 && frame.struct_size == old_size);
  bytes = (const unsigned char*)&frame;
  for (i = old_size; i < sizeof frame; ++i) untouched = untouched && bytes[i] == 0xAB;
  CHECK(untouched);
  frame.struct_size = 0;
  CHECK(phosphene_audio_analyze(engine, 0.0, &frame) == PHOSPHENE_ERROR_ABI_MISMATCH);

  CHECK(phosphene_load_preset_text(engine, preset, sizeof preset - 1) == PHOSPHENE_OK);
  memset(&d, 0xCD, sizeof d);
  d.struct_size = (uint32_t)offsetof(phosphene_diagnostic, line);
  CHECK(phosphene_engine_current_preset_diagnostic(engine, 0, &d) == PHOSPHENE_OK);
  CHECK(d.id != NULL && strlen(d.id) > 0);
  bytes = (const unsigned char*)&d;
  untouched = 1;
  for (i = offsetof(phosphene_diagnostic, line); i < sizeof d; ++i)
    untouched = untouched && bytes[i] == 0xCD;
  CHECK(untouched);

  memset(&e, 0xEF, sizeof e);
  e.struct_size = (uint32_t)offsetof(phosphene_event, time);
  CHECK(phosphene_engine_poll_event(engine, &e) == 1);
  CHECK(e.type == PHOSPHENE_EVENT_PRESET_STARTED && e.playlist_index == -1);
  bytes = (const unsigned char*)&e;
  untouched = 1;
  for (i = offsetof(phosphene_event, time); i < sizeof e; ++i)
    untouched = untouched && bytes[i] == 0xEF;
  CHECK(untouched);
  e.struct_size = 0; /* not set: nothing is taken, and the loop idiom ends */
  CHECK(phosphene_engine_poll_event(engine, &e) == 0);
  phosphene_engine_destroy(engine);
}

/* Preset handles: made without an engine, read on any thread, switched to by id. */
static void test_preset_handles(void) {
  static const char good[] = "[preset00]\nzoom=1.01\nper_frame_1=rot = 0.01;\n";
  static const char broken[] = "[preset00]\nper_frame_1=rot = ( ;\n";
  phosphene_preset *a = NULL, *b = NULL, *missing = NULL, *junk = NULL;
  phosphene_engine* engine = NULL;
  phosphene_diagnostic d;
  phosphene_transition_desc cut;
  phosphene_event e;
  uint64_t request = 0;
  int started = 0, loaded = 0, guard = 0;
  phosphene_diagnostic_init(&d);
  phosphene_event_init(&e);
  CHECK(phosphene_preset_create_from_text(good, sizeof good - 1, "good", &a) == PHOSPHENE_OK);
  CHECK(strcmp(phosphene_preset_name(a), "good") == 0 && strcmp(phosphene_preset_path(a), "") == 0);
  CHECK(phosphene_preset_diagnostic_count(a) == 0);
  CHECK(phosphene_preset_create_from_text(broken, sizeof broken - 1, NULL, &b) == PHOSPHENE_OK);
  CHECK(phosphene_preset_diagnostic_count(b) >= 1);
  {
    uint32_t i;
    int saw_error = 0;
    for (i = 0; i < phosphene_preset_diagnostic_count(b); ++i) {
      CHECK(phosphene_preset_diagnostic(b, i, &d) == PHOSPHENE_OK);
      if (d.severity == PHOSPHENE_LOG_ERROR) saw_error = 1;
    }
    CHECK(saw_error);
    CHECK(phosphene_preset_diagnostic(b, i, &d) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  }
  CHECK(phosphene_preset_create_from_file("/no/such/p.milk", &missing) == PHOSPHENE_ERROR_IO);
  CHECK(missing != NULL && phosphene_preset_status(missing) == PHOSPHENE_ERROR_IO);
  CHECK(phosphene_preset_diagnostic_count(missing) >= 1);
  CHECK(phosphene_preset_create_from_text("hello", 5, "junk", &junk) ==
        PHOSPHENE_ERROR_PRESET_INVALID);
  CHECK(junk != NULL && phosphene_preset_status(junk) == PHOSPHENE_ERROR_PRESET_INVALID);
  phosphene_preset_destroy(junk); /* made, so that its diagnostics can be read */
  CHECK(phosphene_preset_create_from_text(NULL, 3, "x", &junk) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_preset_create_from_file(NULL, &junk) == PHOSPHENE_ERROR_INVALID_ARGUMENT);

  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_ERROR_NO_PRESET);
  CHECK(phosphene_engine_switch_preset(engine, missing, NULL, &request) ==
        PHOSPHENE_ERROR_PRESET_INVALID);
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_BLEND;
  cut.seconds = -1.0;
  CHECK(phosphene_engine_switch_preset(engine, a, &cut, &request) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  CHECK(phosphene_engine_switch_preset(engine, a, &cut, &request) == PHOSPHENE_OK);
  CHECK(request > 0);
  phosphene_preset_destroy(a); /* the engine keeps what it needs */
  /* advance needs no GL: the preset is prepared, starts, and its events carry the request id. */
  while (!started && guard++ < 600) {
    CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_OK);
    while (phosphene_engine_poll_event(engine, &e) == 1) {
      if (e.type == PHOSPHENE_EVENT_PRESET_LOADED && e.request_id == request) loaded = 1;
      if (e.type == PHOSPHENE_EVENT_PRESET_STARTED && e.request_id == request) started = 1;
    }
    if (!started) phosphene_engine_wait_for_preset(engine);
  }
  CHECK(loaded && started);
  CHECK(strcmp(phosphene_engine_current_preset_name(engine), "good") == 0);
  CHECK(phosphene_engine_draw(engine, NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT); /* no size */
  CHECK(phosphene_engine_set_drawable_size(engine, 32, 24) == PHOSPHENE_OK);
  CHECK(phosphene_engine_draw(engine, NULL) == PHOSPHENE_ERROR_NO_CONTEXT);
  CHECK(phosphene_engine_release_gl(engine) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_frame_time(engine, 0.0) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  {
    double t = 0.0;
    uint64_t frame = 0;
    CHECK(phosphene_engine_get_time(engine, &t, &frame) == PHOSPHENE_OK);
    CHECK(phosphene_engine_set_frame_time(engine, t + 0.5) == PHOSPHENE_OK);
    CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_OK);
    CHECK(phosphene_engine_get_time(engine, &t, NULL) == PHOSPHENE_OK);
    CHECK(phosphene_engine_set_frame_time(engine, t + 11.0) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  }
  phosphene_preset_destroy(b);
  phosphene_preset_destroy(missing);
  phosphene_preset_destroy(NULL);
  phosphene_engine_destroy(engine);
}

typedef struct spin_state {
  int instances;
  int frames;
} spin_state;

static void* spin_create(void* user) {
  ((spin_state*)user)->instances++;
  return user;
}

static void spin_destroy(void* user, void* instance) {
  (void)instance;
  ((spin_state*)user)->instances--;
}

static void spin_frame(void* instance, phosphene_native_frame* frame) {
  spin_state* state = (spin_state*)instance;
  state->frames++;
  phosphene_native_set(frame, "rot", 0.1 * phosphene_native_get(frame, "bass"));
  phosphene_native_set(frame, "q1", phosphene_native_get(frame, "time"));
  if (phosphene_native_set(frame, "bass", 1.0) != PHOSPHENE_ERROR_NOT_FOUND) state->frames = -1000;
}

/* A native preset without GL: its instance lives while it plays, its function runs per frame. */
static void test_native_preset(void) {
  spin_state state = {0, 0};
  phosphene_native_preset_desc desc;
  phosphene_preset* spin = NULL;
  phosphene_engine* engine = NULL;
  phosphene_transition_desc cut;
  int f;
  phosphene_native_preset_desc_init(&desc);
  desc.name = "spin";
  desc.user_data = &state;
  desc.create = spin_create;
  desc.destroy = spin_destroy;
  CHECK(phosphene_preset_create_native(&desc, &spin) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  desc.per_frame = spin_frame;
  CHECK(phosphene_preset_create_native(&desc, &spin) == PHOSPHENE_OK);
  CHECK(strcmp(phosphene_preset_name(spin), "spin") == 0);
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  CHECK(phosphene_engine_switch_preset(engine, spin, &cut, NULL) == PHOSPHENE_OK);
  CHECK(phosphene_engine_wait_for_preset(engine) == PHOSPHENE_OK);
  for (f = 0; f < 10; ++f) CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_OK);
  CHECK(state.instances == 1 && state.frames == 10);
  phosphene_engine_destroy(engine);
  CHECK(state.instances == 0);
  phosphene_preset_destroy(spin);
}

/* The engine's playlist without GL: preset handles, order, ratings, moves that switch. */
static void test_playlist_without_gl(void) {
  static const char* const names[] = {"one", "two", "three"};
  static const char* const drop_two[] = {"-two"};
  static const char* const bad_rule[] = {"two"};
  phosphene_engine* engine = NULL;
  phosphene_playlist* list;
  phosphene_preset* p;
  phosphene_event e;
  uint64_t request = 0;
  uint32_t removed = 0;
  int i, seen = 0, guard = 0;
  char text[64];
  phosphene_event_init(&e);
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  list = phosphene_engine_get_playlist(engine);
  CHECK(list != NULL && phosphene_playlist_size(list) == 0);
  CHECK(phosphene_playlist_play(list, PHOSPHENE_PLAY_NEXT, 0, NULL, NULL) ==
        PHOSPHENE_ERROR_NOT_FOUND);
  for (i = 0; i < 3; ++i) {
    sprintf(text, "[preset00]\nzoom=1.0%d\n", i);
    CHECK(phosphene_preset_create_from_text(text, strlen(text), names[i], &p) == PHOSPHENE_OK);
    CHECK(phosphene_playlist_add_preset(list, p) == PHOSPHENE_OK);
    phosphene_preset_destroy(p);
  }
  CHECK(phosphene_playlist_size(list) == 3);
  CHECK(phosphene_playlist_sort(list, PHOSPHENE_SORT_BY_NAME) == PHOSPHENE_OK);
  CHECK(strcmp(phosphene_playlist_item_name(list, 0), "one") == 0);
  CHECK(strcmp(phosphene_playlist_item_name(list, 1), "three") == 0);
  CHECK(strcmp(phosphene_playlist_item_name(list, 9), "") == 0);
  CHECK(phosphene_playlist_set_filters(list, bad_rule, 1, NULL) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_playlist_set_filters(list, drop_two, 1, &removed) == PHOSPHENE_OK);
  CHECK(removed == 1 && phosphene_playlist_size(list) == 2);
  CHECK(phosphene_playlist_get_rating(list, 0) == 3); /* MilkDrop's default */
  CHECK(phosphene_playlist_set_rating(list, 0, 5) == PHOSPHENE_OK);
  CHECK(phosphene_playlist_set_rating(list, 0, 6) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_playlist_get_rating(list, 0) == 5);
  CHECK(phosphene_playlist_set_favourite(list, 1, 1) == PHOSPHENE_OK);
  CHECK(phosphene_playlist_is_favourite(list, 1) == 1 &&
        phosphene_playlist_is_favourite(list, 0) == 0);
  CHECK(phosphene_playlist_play(list, PHOSPHENE_PLAY_INDEX, 7, NULL, NULL) ==
        PHOSPHENE_ERROR_NOT_FOUND);
  CHECK(phosphene_playlist_play(list, PHOSPHENE_PLAY_INDEX, 1, NULL, &request) == PHOSPHENE_OK);
  CHECK(request > 0 && phosphene_playlist_position(list) == 1);
  while (!seen && guard++ < 100) {
    phosphene_engine_wait_for_preset(engine);
    CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_OK);
    while (phosphene_engine_poll_event(engine, &e) == 1)
      if (e.type == PHOSPHENE_EVENT_PRESET_STARTED && e.request_id == request) {
        seen = 1;
        CHECK(e.playlist_index == 1 && strcmp(e.name, "three") == 0);
      }
  }
  CHECK(seen);
  CHECK(strcmp(phosphene_engine_current_preset_name(engine), "three") == 0);
  phosphene_engine_destroy(engine);
}

int main(void) {
  test_version_and_results();
  test_create_errors();
  test_engine_calls();
  test_two_engines();
  test_presets_without_gl();
  test_texture_search_path();
  test_switching_without_gl();
  test_older_output_structs();
  test_preset_handles();
  test_native_preset();
  test_playlist_without_gl();
  if (failures == 0) printf("c api: all checks passed\n");
  return failures == 0 ? 0 : 1;
}
