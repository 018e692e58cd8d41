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
  phosphene_engine_desc desc;
  log_record log;
  phosphene_engine_desc_init(&desc);
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
  phosphene_engine_desc_init(&desc);
  desc.struct_size = 0; /* not set */
  CHECK(phosphene_engine_create(&desc, &engine) == PHOSPHENE_ERROR_ABI_MISMATCH);
  phosphene_engine_desc_init(&desc);
  CHECK(desc.struct_size == sizeof desc && desc.fps == 0.0 && desc.log_min_level == 0);
  CHECK(phosphene_engine_create(&desc, &engine) == PHOSPHENE_OK); /* zeros are the defaults */
  phosphene_engine_destroy(engine);
  engine = NULL;
  phosphene_engine_desc_init(&desc);
  desc.api_version = PHOSPHENE_MAKE_VERSION(PHOSPHENE_VERSION_MAJOR + 1, 0, 0);
  CHECK(phosphene_engine_create(&desc, &engine) == PHOSPHENE_ERROR_ABI_MISMATCH);
  /* A host built against an older, shorter desc: the fields it lacks take their defaults. */
  phosphene_engine_desc_init(&desc);
  desc.flags = 0xFFu; /* beyond the old struct: must be ignored, not rejected */
  desc.struct_size = (uint32_t)offsetof(phosphene_engine_desc, flags);
  CHECK(phosphene_engine_create(&desc, &engine) == PHOSPHENE_OK);
  phosphene_engine_destroy(engine);
  engine = NULL;
  phosphene_engine_desc_init(&desc);
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

  /* No frame has been analysed yet: there is no audio to read. */
  CHECK(phosphene_engine_get_audio(engine, &frame) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_get_audio(engine, NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_get_audio(NULL, &frame) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_advance(engine, -1.0) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(strlen(phosphene_engine_last_error(engine)) > 0);
  CHECK(log.count >= 1 && log.last_level == PHOSPHENE_LOG_ERROR);
  CHECK(phosphene_engine_advance(engine, NAN) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_advance(engine, PHOSPHENE_MAX_FRAME_SECONDS + 1.0) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  /* Refused steps moved nothing: still no frame. */
  CHECK(phosphene_engine_get_audio(engine, &frame) == PHOSPHENE_ERROR_INVALID_ARGUMENT);

  /* An analysis-only host: advance (no preset, no GL) then read the frame's audio. */
  for (f = 0; f < 120; ++f) {
    fill_tone(pcm, 735, 220.0, (size_t)f * 735, 44100);
    CHECK(phosphene_engine_add_pcm_float(engine, pcm, 735, 2, 44100) == PHOSPHENE_OK);
    CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_OK);
    CHECK(phosphene_engine_get_audio(engine, &frame) == PHOSPHENE_OK);
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

/* advance needs no preset: the clock and the audio analysis move on while the frame is black. */
static void test_advance_without_preset(void) {
  phosphene_engine* engine = NULL;
  phosphene_audio_frame frame;
  float pcm[2 * 735];
  double t = -1.0, before = 0.0;
  uint64_t index = 99;
  float max_bass = 0.0f, peak = 0.0f;
  int f, i, silent_levels = 1;
  phosphene_audio_frame_init(&frame);
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  CHECK(phosphene_engine_get_time(engine, &t, &index) == PHOSPHENE_OK);
  CHECK(t == 0.0 && index == 0);
  /* Silence first: MilkDrop's levels are exactly 1 while their averages are still 0. */
  memset(pcm, 0, sizeof pcm);
  for (f = 0; f < 30; ++f) {
    CHECK(phosphene_engine_add_pcm_float(engine, pcm, 735, 2, 44100) == PHOSPHENE_OK);
    CHECK(phosphene_engine_advance(engine, 1.0 / 60.0) == PHOSPHENE_OK);
    CHECK(phosphene_engine_get_audio(engine, &frame) == PHOSPHENE_OK);
    if (frame.bass != 1.0f || frame.mid != 1.0f || frame.treb != 1.0f) silent_levels = 0;
  }
  CHECK(silent_levels);
  CHECK(frame.waveform[0][0] == 0.0f && frame.spectrum[0][5] == 0.0f);
  CHECK(strcmp(phosphene_engine_current_preset_name(engine), "") == 0);
  CHECK(phosphene_engine_current_preset_diagnostic_count(engine) == 0);
  /* The clock moved with every step, and get_audio reports the same frame. */
  CHECK(phosphene_engine_get_time(engine, &t, &index) == PHOSPHENE_OK);
  CHECK(index == 29 && index == frame.frame);
  CHECK(fabs(t - 0.5) < 1e-9 && t == frame.time_s);
  before = t;
  CHECK(phosphene_engine_advance(engine, 0.25) == PHOSPHENE_OK);
  CHECK(phosphene_engine_get_time(engine, &t, &index) == PHOSPHENE_OK);
  CHECK(index == 30 && fabs(t - (before + 0.25)) < 1e-9);

  /* Then a loud 80 Hz tone: bass leaves 1, the waveform and the low spectrum fill. */
  for (f = 0; f < 60; ++f) {
    fill_tone(pcm, 735, 80.0, (size_t)f * 735, 44100);
    CHECK(phosphene_engine_add_pcm_float(engine, pcm, 735, 2, 44100) == PHOSPHENE_OK);
    CHECK(phosphene_engine_advance(engine, 1.0 / 60.0) == PHOSPHENE_OK);
    CHECK(phosphene_engine_get_audio(engine, &frame) == PHOSPHENE_OK);
    if (frame.bass > max_bass) max_bass = frame.bass;
  }
  for (i = 0; i < PHOSPHENE_WAVEFORM_SAMPLES; ++i)
    if (fabs(frame.waveform[0][i]) > peak) peak = (float)fabs(frame.waveform[0][i]);
  CHECK(max_bass > 1.2f);
  CHECK(peak > 10.0f);
  CHECK(frame.spectrum[0][2] > frame.spectrum[0][300]); /* 80 Hz lives in bin ~2 */
  CHECK(frame.frame == 90);
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
    CHECK(phosphene_engine_advance(b, 1.0 / 25.0) == PHOSPHENE_OK);
    CHECK(phosphene_engine_advance(a, 0.0) == PHOSPHENE_OK);
    CHECK(phosphene_engine_advance(alone, 0.0) == PHOSPHENE_OK);
    CHECK(phosphene_engine_get_audio(b, &fb) == PHOSPHENE_OK);
    CHECK(phosphene_engine_get_audio(a, &fa) == PHOSPHENE_OK);
    CHECK(phosphene_engine_get_audio(alone, &fl) == PHOSPHENE_OK);
    if (memcmp(&fa, &fl, sizeof fa) != 0) same = 0;
  }
  CHECK(same);
  CHECK(memcmp(fa.spectrum, fb.spectrum, sizeof fa.spectrum) != 0);
  CHECK(fb.fps == 25.0);
  phosphene_engine_destroy(alone);
  phosphene_engine_destroy(a);
  phosphene_engine_destroy(b);
}

/* A load that runs before the next call, as the synchronous loads before 1.0 did: a hard cut,
 * prepared on the loader thread while we wait; the wait makes it current and says whether it
 * loaded (`loaded`: PHOSPHENE_OK, or the failure expected). Then one frame. */
static uint64_t load_text_now(phosphene_engine* engine, const char* text, size_t length,
                              const char* name, phosphene_result loaded) {
  phosphene_transition_desc cut;
  uint64_t request = 0;
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  CHECK(phosphene_engine_load_preset_text(engine, text, length, name, &cut, &request) ==
        PHOSPHENE_OK);
  CHECK(request > 0);
  CHECK(phosphene_engine_wait_for_preset(engine) == loaded);
  CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_OK);
  return request;
}

/* Polls until the event of `type` for `request` (1) or the queue is empty (0). Stops at it, so
 * its strings and diagnostics stay readable until the next poll. */
static int find_event(phosphene_engine* engine, uint64_t request, phosphene_event_type type,
                      phosphene_event* out) {
  phosphene_event_init(out);
  while (phosphene_engine_poll_event(engine, out) == 1)
    if (out->type == type && out->request_id == request) return 1;
  return 0;
}

/* Checks that the event just polled carries `count` readable diagnostics, one of them `id`. */
static void check_event_diagnostics(phosphene_engine* engine, const phosphene_event* e,
                                    const char* id) {
  phosphene_diagnostic d;
  uint32_t i;
  int saw = 0;
  phosphene_diagnostic_init(&d);
  CHECK(e->diagnostic_count >= 1);
  CHECK(strcmp(e->diagnostic_id, id) == 0 && strlen(e->message) > 0);
  for (i = 0; i < e->diagnostic_count; ++i) {
    CHECK(phosphene_engine_event_diagnostic(engine, i, &d) == PHOSPHENE_OK);
    CHECK(d.id != NULL && d.message != NULL && d.section != NULL);
    if (strcmp(d.id, id) == 0 && d.severity == PHOSPHENE_LOG_ERROR) saw = 1;
  }
  CHECK(saw);
  CHECK(phosphene_engine_event_diagnostic(engine, e->diagnostic_count, &d) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
}

static void test_presets_without_gl(void) {
  static const char preset[] =
      "[preset00]\nzoom=1.02\nper_frame_1=wave_r = 0.5 + 0.5*sin(time);\n"
      "per_frame_2=this is ( not code;\n";
  static const char junk[] = "no preset here\n";
  phosphene_engine* engine = NULL;
  phosphene_render_target target;
  phosphene_transition_desc cut;
  phosphene_audio_frame frame;
  phosphene_diagnostic d;
  phosphene_event e;
  char first_id[32];
  uint64_t request = 0, index = 7;
  uint32_t i, count;
  int saw_error = 0;
  phosphene_diagnostic_init(&d);
  phosphene_audio_frame_init(&frame);
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  /* No GL context here: render refuses before the frame advances, so nothing moved. */
  phosphene_render_target_init(&target);
  target.width = 64;
  target.height = 48;
  CHECK(phosphene_engine_render(engine, 0.0, &target) == PHOSPHENE_ERROR_NO_CONTEXT);
  CHECK(phosphene_engine_get_time(engine, NULL, &index) == PHOSPHENE_OK && index == 0);
  CHECK(phosphene_engine_get_audio(engine, &frame) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_render(engine, 0.0, NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT); /* size */
  target.kind = PHOSPHENE_TARGET_TEXTURE; /* texture 0 */
  CHECK(phosphene_engine_render(engine, 0.0, &target) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  target.struct_size = 0;
  CHECK(phosphene_engine_render(engine, 0.0, &target) == PHOSPHENE_ERROR_ABI_MISMATCH);

  /* Loads are queued; what is wrong with the text or file arrives as a PRESET_LOAD_FAILED event
   * with its diagnostics, and no preset runs. */
  request = load_text_now(engine, junk, sizeof junk - 1, "junk", PHOSPHENE_ERROR_PRESET_INVALID);
  CHECK(find_event(engine, request, PHOSPHENE_EVENT_PRESET_LOAD_FAILED, &e));
  CHECK(strcmp(e.name, "junk") == 0 && e.reason == PHOSPHENE_SWITCH_USER);
  check_event_diagnostics(engine, &e, "PRE004");
  CHECK(strcmp(phosphene_engine_current_preset_name(engine), "") == 0);
  CHECK(phosphene_engine_current_preset_diagnostic_count(engine) == 0);
  request =
      load_text_now(engine, NULL, 0, NULL, PHOSPHENE_ERROR_PRESET_INVALID); /* queued, then empty */
  CHECK(find_event(engine, request, PHOSPHENE_EVENT_PRESET_LOAD_FAILED, &e));
  CHECK(strcmp(e.name, "<text>") == 0 && e.diagnostic_count >= 1);
  CHECK(phosphene_engine_load_preset_text(engine, NULL, 5, NULL, NULL, &request) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(request == 0);
  CHECK(phosphene_engine_load_preset_file(engine, "/no/such/dir/p.milk", &cut, &request) ==
        PHOSPHENE_OK);
  CHECK(request > 0);
  /* The wait tells the failure at once; then nothing is pending. */
  CHECK(phosphene_engine_wait_for_preset(engine) == PHOSPHENE_ERROR_IO);
  CHECK(phosphene_engine_wait_for_preset(engine) == PHOSPHENE_OK);
  CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_OK);
  CHECK(find_event(engine, request, PHOSPHENE_EVENT_PRESET_LOAD_FAILED, &e));
  CHECK(strcmp(e.path, "/no/such/dir/p.milk") == 0);
  check_event_diagnostics(engine, &e, "IO001");
  CHECK(phosphene_engine_load_preset_file(engine, NULL, NULL, &request) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_load_preset_file(NULL, "p.milk", NULL, NULL) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);

  /* A preset with one broken line still loads; the broken block is reported as an error. */
  request = load_text_now(engine, preset, sizeof preset - 1, "broken line", PHOSPHENE_OK);
  CHECK(find_event(engine, request, PHOSPHENE_EVENT_PRESET_STARTED, &e));
  CHECK(strcmp(phosphene_engine_current_preset_name(engine), "broken line") == 0);
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
  /* A failed load leaves the current preset and its diagnostics as they were; the failure's own
   * diagnostics travel in its event. */
  CHECK(phosphene_engine_current_preset_diagnostic(engine, 0, &d) == PHOSPHENE_OK);
  strncpy(first_id, d.id, sizeof first_id - 1);
  first_id[sizeof first_id - 1] = '\0';
  request =
      load_text_now(engine, junk, sizeof junk - 1, "junk again", PHOSPHENE_ERROR_PRESET_INVALID);
  CHECK(find_event(engine, request, PHOSPHENE_EVENT_PRESET_LOAD_FAILED, &e));
  check_event_diagnostics(engine, &e, "PRE004");
  CHECK(strcmp(phosphene_engine_current_preset_name(engine), "broken line") == 0);
  CHECK(phosphene_engine_current_preset_diagnostic_count(engine) == count);
  CHECK(phosphene_engine_current_preset_diagnostic(engine, 0, &d) == PHOSPHENE_OK);
  CHECK(strcmp(d.id, first_id) == 0);

  CHECK(phosphene_engine_set_drawable_size(engine, 640, 480) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_drawable_size(engine, 0, 0) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_drawable_size(engine, -1, 480) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_set_drawable_size(engine, 640, 0) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_set_mesh_size(engine, 32, 24) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_mesh_size(engine, 7, 24) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_set_mesh_size(NULL, 32, 24) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  phosphene_render_target_init(&target);
  target.height = 48; /* a width of 0 with a height is no size */
  CHECK(phosphene_engine_render(engine, 0.0, &target) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_render(NULL, 0.0, NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(strcmp(phosphene_result_string(PHOSPHENE_ERROR_PRESET_INVALID), "invalid preset") == 0);
  CHECK(strcmp(phosphene_result_string(PHOSPHENE_ERROR_GL), "OpenGL error") == 0);
  /* -8 (no preset before 1.0) is retired: nothing returns it, and it is never reused. */
  CHECK(strcmp(phosphene_result_string((phosphene_result)-8), "unknown result") == 0);
  phosphene_engine_destroy(engine);
}

static void no_texture_answer(void* user_data, phosphene_texture_request* request) {
  (void)user_data;
  (void)request;
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
  /* The texture provider: set and removed without GL (it is asked only when a draw links). */
  CHECK(phosphene_engine_set_texture_provider(engine, no_texture_answer, engine) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_texture_provider(engine, NULL, NULL) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_texture_provider(NULL, no_texture_answer, NULL) ==
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
  phosphene_transition_desc blend;
  phosphene_event e;
  uint64_t request = 0;
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
  /* Loads are queued for the loader thread; no GL is touched. A first preset has nothing to
   * blend from: it starts with a cut; the next one blends. */
  load_text_now(engine, preset, sizeof preset - 1, "first", PHOSPHENE_OK);
  while (phosphene_engine_poll_event(engine, &e) == 1) continue;
  phosphene_transition_desc_init(&blend);
  blend.style = PHOSPHENE_TRANSITION_BLEND;
  blend.seconds = 1.0;
  CHECK(phosphene_engine_load_preset_text(engine, preset, sizeof preset - 1, "p", &blend,
                                          &request) == PHOSPHENE_OK);
  CHECK(request > 0);
  CHECK(phosphene_engine_load_preset_file(engine, NULL, &blend, NULL) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  blend.seconds = NAN;
  CHECK(phosphene_engine_load_preset_file(engine, "x.milk", &blend, NULL) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_load_preset_text(engine, NULL, 3, "p", NULL, NULL) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_is_transitioning(engine) == 0);
  CHECK(phosphene_engine_poll_event(engine, &e) == 0); /* queued, not prepared yet */
  /* The wait makes the preset current at once, blend and events included. */
  CHECK(phosphene_engine_wait_for_preset(engine) == PHOSPHENE_OK);
  CHECK(phosphene_engine_wait_for_preset(NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(strcmp(phosphene_engine_current_preset_name(engine), "p") == 0);
  CHECK(phosphene_engine_is_transitioning(engine) == 1);
  CHECK(find_event(engine, request, PHOSPHENE_EVENT_PRESET_STARTED, &e));
  CHECK(strcmp(e.name, "p") == 0 && e.reason == PHOSPHENE_SWITCH_USER);
  CHECK(e.transition_seconds == 1.0);
  CHECK(phosphene_engine_poll_event(NULL, &e) == 0);
  CHECK(phosphene_engine_set_next_preset_callback(engine, next_none, NULL) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_next_preset_callback(engine, NULL, NULL) == PHOSPHENE_OK);
  CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_OK);
  CHECK(phosphene_engine_is_transitioning(engine) == 1);
  /* The old synchronous load: a hard cut, waited for. */
  phosphene_transition_desc_init(&blend);
  blend.style = PHOSPHENE_TRANSITION_HARD_CUT;
  CHECK(phosphene_engine_load_preset_text(engine, preset, sizeof preset - 1, NULL, &blend,
                                          &request) == PHOSPHENE_OK);
  CHECK(strcmp(phosphene_engine_current_preset_name(engine), "p") == 0);
  CHECK(phosphene_engine_wait_for_preset(engine) == PHOSPHENE_OK);
  CHECK(find_event(engine, request, PHOSPHENE_EVENT_PRESET_STARTED, &e));
  CHECK(e.reason == PHOSPHENE_SWITCH_USER);
  CHECK(strcmp(e.name, "<text>") == 0 && e.transition_seconds == 0.0);
  CHECK(strcmp(phosphene_engine_current_preset_name(engine), "<text>") == 0);
  CHECK(phosphene_engine_is_transitioning(engine) == 0); /* a cut ends the blend in flight */
  CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_OK);
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
  int n, untouched = 1;
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  memset(&frame, 0xAB, sizeof frame);
  old_size = offsetof(phosphene_audio_frame, waveform);
  frame.struct_size = (uint32_t)old_size;
  CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_OK);
  CHECK(phosphene_engine_get_audio(engine, &frame) == PHOSPHENE_OK);
  CHECK(frame.frame == 0 && frame.fps == 60.0 && frame.struct_size == old_size);
  bytes = (const unsigned char*)&frame;
  for (i = old_size; i < sizeof frame; ++i) untouched = untouched && bytes[i] == 0xAB;
  CHECK(untouched);
  frame.struct_size = 0;
  CHECK(phosphene_engine_get_audio(engine, &frame) == PHOSPHENE_ERROR_ABI_MISMATCH);

  load_text_now(engine, preset, sizeof preset - 1, NULL, PHOSPHENE_OK);
  memset(&d, 0xCD, sizeof d);
  d.struct_size = (uint32_t)offsetof(phosphene_diagnostic, line);
  CHECK(phosphene_engine_current_preset_diagnostic(engine, 0, &d) == PHOSPHENE_OK);
  CHECK(d.id != NULL && strlen(d.id) > 0);
  bytes = (const unsigned char*)&d;
  untouched = 1;
  for (i = offsetof(phosphene_diagnostic, line); i < sizeof d; ++i)
    untouched = untouched && bytes[i] == 0xCD;
  CHECK(untouched);

  /* Every event up to the preset's start, read into an old event struct. */
  for (n = 0; n < 16; ++n) {
    memset(&e, 0xEF, sizeof e);
    e.struct_size = (uint32_t)offsetof(phosphene_event, time);
    if (phosphene_engine_poll_event(engine, &e) != 1) break;
    bytes = (const unsigned char*)&e;
    untouched = 1;
    for (i = offsetof(phosphene_event, time); i < sizeof e; ++i)
      untouched = untouched && bytes[i] == 0xEF;
    CHECK(untouched);
    if (e.type == PHOSPHENE_EVENT_PRESET_STARTED) break;
  }
  CHECK(e.type == PHOSPHENE_EVENT_PRESET_STARTED && e.playlist_index == -1);
  load_text_now(engine, preset, sizeof preset - 1, NULL, PHOSPHENE_OK); /* queues more events */
  e.struct_size = 0; /* not set: nothing is taken, and the loop idiom ends */
  CHECK(phosphene_engine_poll_event(engine, &e) == 0);
  CHECK(strstr(phosphene_engine_last_error(engine), "struct_size") != NULL);
  phosphene_event_init(&e);
  CHECK(phosphene_engine_poll_event(engine, &e) == 1); /* still queued */
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
  {
    /* A MilkDrop 3 .milk2 double preset is a preset; one with a half missing is not. */
    static const char twin[] =
        "blending_pattern=cercle\n[PRESET1_BEGIN]\n[preset00]\nzoom=0.9\n[PRESET1_END]\n"
        "[PRESET2_BEGIN]\n[preset00]\nzoom=1.1\n[PRESET2_END]\n";
    static const char half[] = "[PRESET1_BEGIN]\n[preset00]\nzoom=0.9\n[PRESET1_END]\n";
    phosphene_preset* dbl = NULL;
    CHECK(phosphene_preset_create_from_text(twin, sizeof twin - 1, "twin.milk2", &dbl) ==
          PHOSPHENE_OK);
    phosphene_preset_destroy(dbl);
    dbl = NULL;
    CHECK(phosphene_preset_create_from_text(half, sizeof half - 1, "half.milk2", &dbl) ==
          PHOSPHENE_ERROR_PRESET_INVALID);
    CHECK(dbl != NULL && phosphene_preset_diagnostic_count(dbl) >= 1);
    phosphene_preset_destroy(dbl);
  }

  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  /* No preset yet: the frame is black, and that is no error. */
  CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_OK);
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

/* Advances, letting the loader finish between frames, until a preset starts (1, its event in *e)
 * or 100 frames passed (0). Fails the test on a load failure. */
static int advance_until_started(phosphene_engine* engine, phosphene_event* e) {
  int guard;
  phosphene_event_init(e);
  for (guard = 0; guard < 100; ++guard) {
    CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_OK);
    while (phosphene_engine_poll_event(engine, e) == 1) {
      CHECK(e->type != PHOSPHENE_EVENT_PRESET_LOAD_FAILED);
      if (e->type == PHOSPHENE_EVENT_PRESET_STARTED) return 1;
    }
    phosphene_engine_wait_for_preset(engine);
  }
  return 0;
}

/* A new engine whose playlist holds one text preset. */
static phosphene_engine* engine_with_listed_text(const char* text, size_t length,
                                                 const char* name) {
  phosphene_engine* engine = NULL;
  phosphene_preset* p = NULL;
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  CHECK(phosphene_preset_create_from_text(text, length, name, &p) == PHOSPHENE_OK);
  CHECK(phosphene_playlist_add_preset(phosphene_engine_get_playlist(engine), p) == PHOSPHENE_OK);
  phosphene_preset_destroy(p);
  return engine;
}

/* A playlist filled before the first frame starts its first item with no other call: the engine
 * asks its provider whenever nothing runs and nothing is on its way. */
static void test_playlist_starts_itself(void) {
  static const char first[] = "[preset00]\nzoom=1.01\n";
  static const char second[] = "[preset00]\nzoom=1.02\n";
  phosphene_engine* engine = engine_with_listed_text(first, sizeof first - 1, "item0");
  phosphene_playlist* list = phosphene_engine_get_playlist(engine);
  phosphene_preset* p = NULL;
  phosphene_event e;
  CHECK(phosphene_preset_create_from_text(second, sizeof second - 1, "item1", &p) == PHOSPHENE_OK);
  CHECK(phosphene_playlist_add_preset(list, p) == PHOSPHENE_OK);
  phosphene_preset_destroy(p);
  CHECK(phosphene_playlist_size(list) == 2 && phosphene_playlist_position(list) == -1);
  CHECK(advance_until_started(engine, &e));
  CHECK(e.playlist_index == 0 && strcmp(e.name, "item0") == 0);
  CHECK(e.request_id > 0 && e.transition_seconds == 0.0); /* the first preset is a cut */
  CHECK(phosphene_playlist_position(list) == 0);
  CHECK(strcmp(phosphene_engine_current_preset_name(engine), "item0") == 0);
  phosphene_engine_destroy(engine);
}

typedef struct next_record {
  const char* path;
  int calls;
  phosphene_switch_reason last_reason;
} next_record;

static const char* next_from_record(void* user, phosphene_switch_reason reason) {
  next_record* r = (next_record*)user;
  r->calls++;
  r->last_reason = reason;
  return r->path;
}

/* With a next-preset callback set, the engine asks it, not the playlist, for its first preset;
 * removing the callback gives the choice back to the playlist. */
static void test_next_preset_callback_first(void) {
  static const char path[] = "capi_test_next_preset.milk";
  static const char text[] = "[preset00]\nzoom=1.03\n";
  phosphene_engine* engine;
  phosphene_event e;
  next_record record;
  FILE* file = fopen(path, "wb");
  CHECK(file != NULL);
  if (file == NULL) return;
  CHECK(fwrite(text, 1, sizeof text - 1, file) == sizeof text - 1);
  fclose(file);
  memset(&record, 0, sizeof record);
  record.path = path;
  engine = engine_with_listed_text(text, sizeof text - 1, "listed");
  CHECK(phosphene_engine_set_next_preset_callback(engine, next_from_record, &record) ==
        PHOSPHENE_OK);
  CHECK(advance_until_started(engine, &e));
  CHECK(record.calls == 1 && record.last_reason == PHOSPHENE_SWITCH_AUTO);
  CHECK(strcmp(e.path, path) == 0 && e.playlist_index == -1);
  CHECK(strcmp(phosphene_engine_current_preset_path(engine), path) == 0);
  /* the playlist was not asked */
  CHECK(phosphene_playlist_position(phosphene_engine_get_playlist(engine)) == -1);
  phosphene_engine_destroy(engine);

  /* Once removed, the playlist answers again, also for the first preset. */
  engine = engine_with_listed_text(text, sizeof text - 1, "listed");
  CHECK(phosphene_engine_set_next_preset_callback(engine, next_from_record, &record) ==
        PHOSPHENE_OK);
  CHECK(phosphene_engine_set_next_preset_callback(engine, NULL, NULL) == PHOSPHENE_OK);
  record.calls = 0;
  CHECK(advance_until_started(engine, &e));
  CHECK(record.calls == 0);
  CHECK(e.playlist_index == 0 && strcmp(e.name, "listed") == 0);
  phosphene_engine_destroy(engine);
  remove(path);
}

/* A host that never polls loses the oldest events, never memory: the queue keeps the newest
 * PHOSPHENE_MAX_QUEUED_EVENTS, oldest first. */
static void test_event_queue_bounded(void) {
  static const char junk[] = "not a preset\n";
  enum { kLoads = PHOSPHENE_MAX_QUEUED_EVENTS + 44 };
  phosphene_engine* engine = NULL;
  phosphene_event e;
  char name[32];
  int i, polled = 0, in_order = 1;
  phosphene_event_init(&e);
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  /* Each failed load is exactly one event (no preset runs and the playlist is empty, so nothing
   * else happens). */
  for (i = 0; i < kLoads; ++i) {
    sprintf(name, "junk%d", i);
    load_text_now(engine, junk, sizeof junk - 1, name, PHOSPHENE_ERROR_PRESET_INVALID);
  }
  while (phosphene_engine_poll_event(engine, &e) == 1) {
    CHECK(e.type == PHOSPHENE_EVENT_PRESET_LOAD_FAILED);
    sprintf(name, "junk%d", kLoads - PHOSPHENE_MAX_QUEUED_EVENTS + polled);
    if (strcmp(e.name, name) != 0) in_order = 0;
    ++polled;
  }
  CHECK(polled == PHOSPHENE_MAX_QUEUED_EVENTS);
  CHECK(in_order);
  CHECK(strcmp(e.name, "junk299") == 0); /* the newest is kept */
  phosphene_engine_destroy(engine);
}

/* Every call that takes a transition reads it the same way, and a call refused for it starts
 * nothing: no request id, no event, the playlist where it was. */
static void test_bad_transitions(void) {
  static const char text[] = "[preset00]\nzoom=1.01\n";
  phosphene_engine* engine = NULL;
  phosphene_playlist* list;
  phosphene_preset* p = NULL;
  phosphene_transition_desc bad[4];
  phosphene_result expected[4];
  phosphene_event e;
  uint64_t request;
  int i;
  phosphene_event_init(&e);
  for (i = 0; i < 4; ++i) phosphene_transition_desc_init(&bad[i]);
  bad[0].style = PHOSPHENE_TRANSITION_BLEND; /* a blend of no time */
  expected[0] = PHOSPHENE_ERROR_INVALID_ARGUMENT;
  bad[1].style = PHOSPHENE_TRANSITION_BLEND;
  bad[1].seconds = PHOSPHENE_MAX_TRANSITION_SECONDS * 2.0;
  expected[1] = PHOSPHENE_ERROR_INVALID_ARGUMENT;
  bad[2].style = (phosphene_transition_style)7; /* unknown */
  expected[2] = PHOSPHENE_ERROR_INVALID_ARGUMENT;
  bad[3].struct_size = 0; /* not set */
  expected[3] = PHOSPHENE_ERROR_ABI_MISMATCH;
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  list = phosphene_engine_get_playlist(engine);
  CHECK(phosphene_preset_create_from_text(text, sizeof text - 1, "ok", &p) == PHOSPHENE_OK);
  CHECK(phosphene_playlist_add_preset(list, p) == PHOSPHENE_OK);
  /* A callback that never answers keeps the engine from starting the playlist by itself. */
  CHECK(phosphene_engine_set_next_preset_callback(engine, next_none, NULL) == PHOSPHENE_OK);
  for (i = 0; i < 4; ++i) {
    request = 99;
    CHECK(phosphene_engine_load_preset_file(engine, "x.milk", &bad[i], &request) == expected[i]);
    CHECK(request == 0);
    CHECK(strstr(phosphene_engine_last_error(engine), "phosphene_engine_load_preset_file") != NULL);
    request = 99;
    CHECK(phosphene_engine_load_preset_text(engine, text, sizeof text - 1, "t", &bad[i],
                                            &request) == expected[i]);
    CHECK(request == 0);
    CHECK(strstr(phosphene_engine_last_error(engine), "phosphene_engine_load_preset_text") != NULL);
    request = 99;
    CHECK(phosphene_engine_switch_preset(engine, p, &bad[i], &request) == expected[i]);
    CHECK(request == 0);
    CHECK(strstr(phosphene_engine_last_error(engine), "phosphene_engine_switch_preset") != NULL);
    request = 99;
    CHECK(phosphene_playlist_play(list, PHOSPHENE_PLAY_NEXT, 0, &bad[i], &request) == expected[i]);
    CHECK(request == 0);
    CHECK(strstr(phosphene_engine_last_error(engine), "phosphene_playlist_play") != NULL);
  }
  CHECK(phosphene_playlist_position(list) == -1);
  CHECK(phosphene_engine_wait_for_preset(engine) == PHOSPHENE_OK);
  CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_OK);
  CHECK(phosphene_engine_poll_event(engine, &e) == 0);
  CHECK(strcmp(phosphene_engine_current_preset_name(engine), "") == 0);
  /* The longest blend is allowed, as is the default (NULL). */
  bad[1].seconds = PHOSPHENE_MAX_TRANSITION_SECONDS;
  CHECK(phosphene_engine_switch_preset(engine, p, &bad[1], NULL) == PHOSPHENE_OK);
  CHECK(phosphene_playlist_play(list, PHOSPHENE_PLAY_NEXT, 0, NULL, NULL) == PHOSPHENE_OK);
  phosphene_preset_destroy(p);
  phosphene_engine_destroy(engine);
}

/* C API 1.1's canvas settings without GL: defaults, read back, argument checks (what they do to
 * the picture: tests/gl/CApiCanvasTest.cpp). */
static void test_canvas_settings(void) {
  phosphene_engine* engine = NULL;
  float x = 1.0f, y = 1.0f;
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  CHECK(phosphene_engine_get_start_clean(engine) == 0);
  CHECK(phosphene_engine_set_start_clean(engine, 7) == PHOSPHENE_OK);
  CHECK(phosphene_engine_get_start_clean(engine) == 1);
  CHECK(phosphene_engine_set_start_clean(engine, 0) == PHOSPHENE_OK);
  CHECK(phosphene_engine_get_start_clean(engine) == 0);
  CHECK(phosphene_engine_set_start_clean(NULL, 1) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_get_start_clean(NULL) == 0);
  CHECK(phosphene_engine_get_texel_offset(engine, &x, &y) == PHOSPHENE_OK);
  CHECK(x == 0.0f && y == 0.0f);
  CHECK(phosphene_engine_set_texel_offset(engine, 0.5f, -2.0f) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_texel_offset(engine, (float)NAN, 0.0f) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_set_texel_offset(engine, 0.0f, PHOSPHENE_MAX_TEXEL_OFFSET + 1.0f) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_set_texel_offset(NULL, 0.0f, 0.0f) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_get_texel_offset(engine, &x, NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_engine_get_texel_offset(engine, &x, &y) == PHOSPHENE_OK);
  CHECK(x == 0.5f && y == -2.0f); /* the refused calls changed nothing */
  /* Nothing drawn: a 0 x 0 canvas, asked without GL; burns wait for a draw. */
  {
    int w = -1, h = -1;
    uint8_t rgba[4];
    CHECK(phosphene_engine_read_canvas(engine, NULL, 0, &w, &h) == PHOSPHENE_OK);
    CHECK(w == 0 && h == 0);
    CHECK(phosphene_engine_read_canvas(engine, rgba, sizeof rgba, &w, &h) == PHOSPHENE_OK);
    CHECK(phosphene_engine_read_canvas(engine, NULL, 4, &w, &h) ==
          PHOSPHENE_ERROR_INVALID_ARGUMENT);
    CHECK(phosphene_engine_read_canvas(NULL, NULL, 0, &w, &h) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
    CHECK(phosphene_engine_burn_texture(engine, 3, 0, 0, 8, -8) == PHOSPHENE_OK);
    CHECK(phosphene_engine_burn_texture(engine, 0, 0, 0, 8, 8) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  }
  phosphene_engine_destroy(engine);
}

int main(void) {
  test_version_and_results();
  test_create_errors();
  test_engine_calls();
  test_advance_without_preset();
  test_two_engines();
  test_presets_without_gl();
  test_texture_search_path();
  test_switching_without_gl();
  test_older_output_structs();
  test_preset_handles();
  test_native_preset();
  test_playlist_without_gl();
  test_playlist_starts_itself();
  test_next_preset_callback_first();
  test_event_queue_bounded();
  test_bad_transitions();
  test_canvas_settings();
  if (failures == 0) printf("c api: all checks passed\n");
  return failures == 0 ? 0 : 1;
}
