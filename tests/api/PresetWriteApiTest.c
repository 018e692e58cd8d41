/* Mash-ups and writing presets (phosphene_preset_create_mashup, _write, _save) from plain C99:
 * argument checks, the buffer contract, and that written text reads back as the same preset.
 * No GL: the frames a mash-up draws are checked in tests/gl/MashupFrameTest.cpp. Usage:
 * api_preset_write TEMP_DIR. Exit status 0 = all checks passed. */
#include <phosphene/phosphene.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static const char kWaves[] =
    "MILKDROP_PRESET_VERSION=201\n[preset00]\nnWaveMode=3\nzoom=1.5\nper_frame_1=wave_r=0.5;\n";
static const char kShader[] =
    "MILKDROP_PRESET_VERSION=201\nPSVERSION_WARP=2\nPSVERSION_COMP=2\n[preset00]\nfDecay=0.9\n"
    "comp_1=`shader_body { ret = tex2D(sampler_main, uv).xyz; }\n";

static phosphene_preset* from_text(const char* text, const char* name) {
  phosphene_preset* p = NULL;
  CHECK(phosphene_preset_create_from_text(text, strlen(text), name, &p) == PHOSPHENE_OK);
  return p;
}

/* The whole written text of a handle (malloc'd), through the size query. */
static char* written(const phosphene_preset* p) {
  size_t length = 0;
  char* text;
  CHECK(phosphene_preset_write(p, NULL, 0, &length) == PHOSPHENE_OK);
  CHECK(length > 0);
  text = (char*)malloc(length + 1);
  CHECK(phosphene_preset_write(p, text, length + 1, NULL) == PHOSPHENE_OK);
  CHECK(strlen(text) == length);
  return text;
}

static void test_mashup_arguments(void) {
  phosphene_preset* a = from_text(kWaves, "waves");
  phosphene_preset* bad = NULL;
  phosphene_preset* out = (phosphene_preset*)&out; /* cleared on every failure */
  const phosphene_preset* parts[PHOSPHENE_MASHUP_PARTS] = {a, a, a, a, a};
  CHECK(phosphene_preset_create_from_text("no preset here", 14, "bad", &bad) ==
        PHOSPHENE_ERROR_PRESET_INVALID);
  CHECK(phosphene_preset_create_mashup(NULL, PHOSPHENE_MASHUP_PARTS, NULL, &out) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(out == NULL);
  CHECK(phosphene_preset_create_mashup(parts, 4, NULL, &out) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_preset_create_mashup(parts, PHOSPHENE_MASHUP_PARTS, NULL, NULL) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  parts[2] = NULL;
  CHECK(phosphene_preset_create_mashup(parts, PHOSPHENE_MASHUP_PARTS, NULL, &out) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  parts[2] = bad; /* a handle that did not load */
  CHECK(phosphene_preset_create_mashup(parts, PHOSPHENE_MASHUP_PARTS, NULL, &out) ==
        PHOSPHENE_ERROR_PRESET_INVALID);
  CHECK(out == NULL);
  CHECK(phosphene_preset_write(bad, NULL, 0, NULL) == PHOSPHENE_ERROR_PRESET_INVALID);
  phosphene_preset_destroy(bad);
  phosphene_preset_destroy(a);
}

static void test_write_buffer(void) {
  phosphene_preset* p = from_text(kWaves, "waves");
  char small[8];
  size_t length = 0, full = 0;
  char* text = written(p);
  full = strlen(text);
  CHECK(strstr(text, "nWaveMode=3") != NULL);
  CHECK(strstr(text, "per_frame_1=wave_r=0.5;") != NULL);
  /* Too small: a cut, terminated text and the size needed. */
  memset(small, 'x', sizeof small);
  CHECK(phosphene_preset_write(p, small, sizeof small, &length) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(length == full);
  CHECK(small[7] == '\0' && strncmp(small, text, 7) == 0);
  CHECK(phosphene_preset_write(p, NULL, 4, &length) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_preset_write(NULL, NULL, 0, &length) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(length == 0);
  free(text);
  phosphene_preset_destroy(p);
}

/* The mash-up's text carries each part: the waves part's wave mode and equations, the general
 * part's decay and the comp part's shader; and it reads back to the same text. */
static void test_mashup_text(const char* dir) {
  phosphene_preset* waves = from_text(kWaves, "waves");
  phosphene_preset* shader = from_text(kShader, "shader");
  phosphene_preset* mash = NULL;
  phosphene_preset* back = NULL;
  const phosphene_preset* parts[PHOSPHENE_MASHUP_PARTS];
  char path[1024];
  char *text, *again;
  parts[PHOSPHENE_MASHUP_GENERAL] = shader;
  parts[PHOSPHENE_MASHUP_MOTION] = waves;
  parts[PHOSPHENE_MASHUP_WAVES] = waves;
  parts[PHOSPHENE_MASHUP_WARP_SHADER] = waves;
  parts[PHOSPHENE_MASHUP_COMP_SHADER] = shader;
  CHECK(phosphene_preset_create_mashup(parts, PHOSPHENE_MASHUP_PARTS, "mash", &mash) ==
        PHOSPHENE_OK);
  CHECK(strcmp(phosphene_preset_name(mash), "mash") == 0);
  CHECK(strcmp(phosphene_preset_path(mash), "") == 0);
  text = written(mash);
  CHECK(strstr(text, "fDecay=0.9") != NULL);
  CHECK(strstr(text, "nWaveMode=3") != NULL);
  CHECK(strstr(text, "zoom=1.5") != NULL);
  CHECK(strstr(text, "comp_1=`shader_body") != NULL);
  CHECK(strstr(text, "warp_1=") == NULL);
  CHECK(strstr(text, "PSVERSION_COMP=2") != NULL);

  snprintf(path, sizeof path, "%s/saved/new folder/mash.milk", dir);
  CHECK(phosphene_preset_save(mash, path) == PHOSPHENE_OK);
  CHECK(phosphene_preset_create_from_file(path, &back) == PHOSPHENE_OK);
  again = written(back);
  CHECK(strcmp(text, again) == 0);
  CHECK(strcmp(phosphene_preset_name(back), "mash.milk") == 0);
  /* A folder cannot be written over: IO, and nothing else changes. */
  snprintf(path, sizeof path, "%s/saved", dir);
  CHECK(phosphene_preset_save(mash, path) == PHOSPHENE_ERROR_IO);
  CHECK(phosphene_preset_save(mash, NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_preset_save(NULL, path) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  free(text);
  free(again);
  phosphene_preset_destroy(back);
  phosphene_preset_destroy(mash);
  phosphene_preset_destroy(shader);
  phosphene_preset_destroy(waves);
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: api_preset_write TEMP_DIR\n");
    return 2;
  }
  test_mashup_arguments();
  test_write_buffer();
  test_mashup_text(argv[1]);
  if (failures != 0) fprintf(stderr, "%d check(s) failed\n", failures);
  return failures == 0 ? 0 : 1;
}
