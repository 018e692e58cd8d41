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
  desc = phosphene_engine_desc_default();
  desc.struct_size = sizeof desc + 8;
  CHECK(phosphene_engine_create(&desc, &engine) == PHOSPHENE_ERROR_ABI_MISMATCH);
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
  CHECK(strcmp(phosphene_last_error(NULL), "") == 0);
}

static void test_engine_calls(void) {
  phosphene_engine* engine = NULL;
  phosphene_audio_frame frame;
  float pcm[2 * 735];
  int16_t pcm16[2 * 100];
  uint8_t pcm8[2 * 100];
  log_record log;
  int f;
  memset(&log, 0, sizeof log);
  memset(pcm16, 0, sizeof pcm16);
  memset(pcm8, 128, sizeof pcm8);
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  CHECK(engine != NULL);
  CHECK(strcmp(phosphene_last_error(engine), "") == 0);
  CHECK(phosphene_set_log_callback(engine, record_log, &log, PHOSPHENE_LOG_DEBUG) == PHOSPHENE_OK);
  CHECK(phosphene_set_log_callback(engine, record_log, &log, (phosphene_log_level)9) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);

  CHECK(phosphene_pcm_add_float(NULL, pcm, 1, 2, 44100) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_pcm_add_float(engine, NULL, 1, 2, 44100) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_pcm_add_float(engine, pcm, 0, 2, 44100) == PHOSPHENE_OK);
  CHECK(phosphene_pcm_add_float(engine, pcm, 1, 0, 44100) == PHOSPHENE_ERROR_UNSUPPORTED_FORMAT);
  CHECK(phosphene_pcm_add_float(engine, pcm, 1, 2, 10) == PHOSPHENE_ERROR_UNSUPPORTED_FORMAT);
  CHECK(phosphene_pcm_add_int16(engine, pcm16, 100, 2, 48000) == PHOSPHENE_OK);
  CHECK(phosphene_pcm_add_uint8(engine, pcm8, 200, 1, 22050) == PHOSPHENE_OK);
  CHECK(phosphene_pcm_dropped_frames(engine) == 0);

  CHECK(phosphene_audio_analyze(engine, 0.0, NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(strlen(phosphene_last_error(engine)) > 0);
  CHECK(log.count >= 1 && log.last_level == PHOSPHENE_LOG_ERROR);
  CHECK(phosphene_audio_analyze(engine, -1.0, &frame) == PHOSPHENE_ERROR_INVALID_ARGUMENT);

  for (f = 0; f < 120; ++f) {
    fill_tone(pcm, 735, 220.0, (size_t)f * 735, 44100);
    CHECK(phosphene_pcm_add_float(engine, pcm, 735, 2, 44100) == PHOSPHENE_OK);
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
  CHECK(phosphene_engine_create(NULL, &alone) == PHOSPHENE_OK);
  CHECK(phosphene_engine_create(NULL, &a) == PHOSPHENE_OK);
  CHECK(phosphene_engine_create(NULL, &b) == PHOSPHENE_OK);
  for (f = 0; f < 90; ++f) {
    fill_tone(pcm, 735, 80.0, (size_t)f * 735, 44100);
    phosphene_pcm_add_float(alone, pcm, 735, 2, 44100);
    phosphene_pcm_add_float(a, pcm, 735, 2, 44100);
    fill_tone(pcm, 735, 9000.0, (size_t)f * 735, 44100);
    phosphene_pcm_add_float(b, pcm, 735, 2, 44100);
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
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  /* Rendering needs a preset first; none of these calls touches GL. */
  CHECK(phosphene_render_frame_to_framebuffer(engine, 0, 64, 48, 0.0) == PHOSPHENE_ERROR_NO_PRESET);
  CHECK(phosphene_render_frame(engine, 0.0) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_render_frame_to_texture(engine, 0, 64, 48, 0.0) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_load_preset_text(engine, junk, sizeof junk - 1) ==
        PHOSPHENE_ERROR_PRESET_INVALID);
  CHECK(phosphene_preset_diagnostic_count(engine) >= 1);
  CHECK(phosphene_load_preset_text(engine, NULL, 0) == PHOSPHENE_ERROR_PRESET_INVALID);
  CHECK(phosphene_load_preset_text(engine, NULL, 5) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_load_preset_file(engine, "/no/such/dir/p.milk") == PHOSPHENE_ERROR_IO);
  CHECK(phosphene_load_preset_file(engine, NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  /* A preset with one broken line still loads; the broken block is reported as an error. */
  CHECK(phosphene_load_preset_text(engine, preset, sizeof preset - 1) == PHOSPHENE_OK);
  count = phosphene_preset_diagnostic_count(engine);
  for (i = 0; i < count; ++i) {
    CHECK(phosphene_preset_diagnostic_get(engine, i, &d) == PHOSPHENE_OK);
    CHECK(d.id != NULL && d.message != NULL && d.section != NULL);
    if (d.severity == PHOSPHENE_LOG_ERROR) saw_error = 1;
  }
  CHECK(saw_error);
  CHECK(phosphene_preset_diagnostic_get(engine, count, &d) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_preset_diagnostic_get(NULL, 0, &d) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_set_drawable_size(engine, 640, 480) == PHOSPHENE_OK);
  CHECK(phosphene_set_drawable_size(engine, 0, 0) == PHOSPHENE_OK);
  CHECK(phosphene_set_drawable_size(engine, -1, 480) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_set_drawable_size(engine, 640, 0) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_set_mesh_size(engine, 32, 24) == PHOSPHENE_OK);
  CHECK(phosphene_set_mesh_size(engine, 7, 24) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_set_mesh_size(NULL, 32, 24) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
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
  CHECK(phosphene_set_texture_search_path(engine, two, 2) == PHOSPHENE_OK);
  CHECK(phosphene_set_texture_search_path(engine, NULL, 0) == PHOSPHENE_OK);
  CHECK(phosphene_set_texture_search_path(engine, two, 0) == PHOSPHENE_OK);
  CHECK(phosphene_set_texture_search_path(NULL, two, 2) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_set_texture_search_path(engine, NULL, 1) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(phosphene_last_error(engine), "phosphene_set_texture_search_path") != NULL);
  CHECK(phosphene_set_texture_search_path(engine, with_null, 2) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(phosphene_last_error(engine), "dirs[1]") != NULL);
  CHECK(phosphene_set_texture_search_path(engine, with_empty, 1) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_set_texture_search_path(engine, two, PHOSPHENE_MAX_TEXTURE_DIRS + 1) ==
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
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  memset(&s, 0, sizeof s);
  s.struct_size = 4;
  CHECK(phosphene_get_switch_settings(engine, &s) == PHOSPHENE_ERROR_ABI_MISMATCH);
  s.struct_size = sizeof s;
  CHECK(phosphene_get_switch_settings(engine, &s) == PHOSPHENE_OK);
  /* MilkDrop 2's defaults. */
  CHECK(s.preset_duration == 16.0 && s.preset_duration_random == 10.0);
  CHECK(s.blend_time_auto == 2.7 && s.blend_time_user == 1.7);
  CHECK(s.loudness_hard_cuts == 0 && s.locked == 0 && s.auto_switch == 1);
  CHECK(s.blend_pattern == PHOSPHENE_BLEND_RANDOM && s.iteration_budget > 0);
  s.preset_duration = -1.0;
  CHECK(phosphene_set_switch_settings(engine, &s) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  s.preset_duration = 5.0;
  s.blend_pattern = (phosphene_blend_pattern)9;
  CHECK(phosphene_set_switch_settings(engine, &s) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  s.blend_pattern = PHOSPHENE_BLEND_PLASMA;
  CHECK(phosphene_set_switch_settings(engine, &s) == PHOSPHENE_OK);
  memset(&s, 0, sizeof s);
  s.struct_size = sizeof s;
  CHECK(phosphene_get_switch_settings(engine, &s) == PHOSPHENE_OK);
  CHECK(s.preset_duration == 5.0 && s.blend_pattern == PHOSPHENE_BLEND_PLASMA);
  CHECK(phosphene_set_switch_settings(NULL, &s) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  /* Requests are queued for the loader thread; no GL is touched. */
  CHECK(phosphene_request_preset_text(engine, preset, sizeof preset - 1, "p", 1.0) == PHOSPHENE_OK);
  CHECK(phosphene_request_preset_file(engine, NULL, 1.0) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_request_preset_file(engine, "x.milk", NAN) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_request_preset_text(engine, NULL, 3, "p", 0.0) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_wait_for_preset(engine) == PHOSPHENE_OK);
  CHECK(phosphene_wait_for_preset(NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_set_next_preset_callback(engine, next_none, NULL) == PHOSPHENE_OK);
  CHECK(phosphene_set_next_preset_callback(engine, NULL, NULL) == PHOSPHENE_OK);
  CHECK(phosphene_is_transitioning(engine) == 0);
  CHECK(phosphene_poll_event(engine, &e) == 0); /* nothing has started yet */
  CHECK(phosphene_poll_event(NULL, &e) == 0);
  /* A synchronous load starts at once and says so. */
  CHECK(phosphene_load_preset_text(engine, preset, sizeof preset - 1) == PHOSPHENE_OK);
  CHECK(phosphene_poll_event(engine, &e) == 1);
  CHECK(e.type == PHOSPHENE_EVENT_PRESET_STARTED && e.reason == PHOSPHENE_SWITCH_USER);
  CHECK(strcmp(e.name, "<text>") == 0 && e.transition_seconds == 0.0);
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
  if (failures == 0) printf("c api: all checks passed\n");
  return failures == 0 ? 0 : 1;
}
