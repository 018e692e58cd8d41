/* phosphene_version_features() and the data folder calls, from C99 against the shared library.
 *
 *   api_build_info EXPECTED_DATA_DIR|-
 *
 * EXPECTED_FEATURES (a compile definition) is the token list CMake recorded while configuring
 * this build; EXPECTED_DATA_DIR is what phosphene_default_data_dir() must return (the test runs
 * once with PHOSPHENE_DATA_DIR set), "-" for "whatever was found, as long as it is absolute".
 * The shader check proves the "hlsl-translation" token true: with it a preset shader translates,
 * without it the shader is reported (SHD010 caused by SHD012) and the preset still loads. */
#include <phosphene/phosphene.h>

#include <stdio.h>
#include <string.h>

static int failures = 0;
#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static int has_token(const char* tokens, const char* token) {
  size_t n = strlen(token);
  const char* p = tokens;
  while ((p = strstr(p, token)) != NULL) {
    if ((p == tokens || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return 1;
    p += n;
  }
  return 0;
}

static void test_features(void) {
  static const char* const known[] = {"hlsl-translation", "freetype", "fontconfig", "gles-only"};
  const char* features = phosphene_version_features();
  char copy[256];
  char* token;
  CHECK(features != NULL);
  CHECK(strcmp(features, EXPECTED_FEATURES) == 0);
  if (strcmp(features, EXPECTED_FEATURES) != 0)
    fprintf(stderr, "features \"%s\", configured \"%s\"\n", features, EXPECTED_FEATURES);
  CHECK(features == phosphene_version_features()); /* static, the same every call */
  /* Only documented tokens, single spaces, no leading/trailing space. */
  CHECK(strlen(features) < sizeof copy);
  strncpy(copy, features, sizeof copy - 1);
  copy[sizeof copy - 1] = '\0';
  CHECK(copy[0] != ' ' && (copy[0] == '\0' || copy[strlen(copy) - 1] != ' '));
  CHECK(strstr(copy, "  ") == NULL);
  for (token = strtok(copy, " "); token != NULL; token = strtok(NULL, " ")) {
    size_t i;
    int ok = 0;
    for (i = 0; i < sizeof known / sizeof known[0]; ++i) ok |= strcmp(token, known[i]) == 0;
    if (!ok) fprintf(stderr, "undocumented token: %s\n", token);
    CHECK(ok);
  }
  /* FreeType without fontconfig is possible, fontconfig without FreeType is not. */
  CHECK(!has_token(features, "fontconfig") || has_token(features, "freetype"));
}

static const char* first_texture_dir(phosphene_engine* engine, size_t* count) {
  const char* dirs[4] = {NULL, NULL, NULL, NULL};
  *count = 0;
  CHECK(phosphene_engine_get_texture_search_path(engine, dirs, 4, count) == PHOSPHENE_OK);
  return *count > 0 ? dirs[0] : "";
}

static void test_data_dir(const char* expected) {
  phosphene_engine* engine = NULL;
  const char* def = phosphene_default_data_dir();
  char want[1024];
  size_t count = 0;
  const char* host_dirs[1] = {"/host/textures"};
  CHECK(def != NULL && def[0] == '/');
  if (strcmp(expected, "-") != 0) {
    CHECK(strcmp(def, expected) == 0);
    if (strcmp(def, expected) != 0)
      fprintf(stderr, "data dir \"%s\", expected \"%s\"\n", def, expected);
  }
  CHECK(phosphene_default_data_dir() == def);
  CHECK(strcmp(phosphene_engine_get_data_dir(NULL), "") == 0);
  CHECK(phosphene_engine_set_data_dir(NULL, "/x") == PHOSPHENE_ERROR_INVALID_ARGUMENT);

  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  if (engine == NULL) return;
  /* A new engine: the default folder, and its textures/ as the texture search path. */
  CHECK(strcmp(phosphene_engine_get_data_dir(engine), def) == 0);
  snprintf(want, sizeof want, "%s/textures", def);
  CHECK(strcmp(first_texture_dir(engine, &count), want) == 0 && count == 1);

  /* Another folder for this engine: the default search path follows it. */
  CHECK(phosphene_engine_set_data_dir(engine, "/opt/other data") == PHOSPHENE_OK);
  CHECK(strcmp(phosphene_engine_get_data_dir(engine), "/opt/other data") == 0);
  CHECK(strcmp(first_texture_dir(engine, &count), "/opt/other data/textures") == 0 && count == 1);
  CHECK(strcmp(phosphene_default_data_dir(), def) == 0); /* only this engine changed */

  /* A search path the host chose stays when the data folder changes. */
  CHECK(phosphene_engine_set_texture_search_path(engine, host_dirs, 1) == PHOSPHENE_OK);
  CHECK(phosphene_engine_set_data_dir(engine, NULL) == PHOSPHENE_OK);
  CHECK(strcmp(phosphene_engine_get_data_dir(engine), def) == 0);
  CHECK(strcmp(first_texture_dir(engine, &count), "/host/textures") == 0 && count == 1);
  CHECK(phosphene_engine_set_data_dir(engine, "") == PHOSPHENE_OK);
  CHECK(strcmp(phosphene_engine_get_data_dir(engine), def) == 0);
  phosphene_engine_destroy(engine);
}

static void test_shader_translation(void) {
  static const char preset[] =
      "[preset00]\nMILKDROP_PRESET_VERSION=201\nPSVERSION=2\nPSVERSION_WARP=2\n"
      "PSVERSION_COMP=2\nzoom=1.0\n"
      "warp_1=`shader_body {\nwarp_2=`ret = tex2D(sampler_main, uv).xyz * 0.9;\nwarp_3=`}\n";
  const int translator = has_token(phosphene_version_features(), "hlsl-translation");
  phosphene_engine* engine = NULL;
  phosphene_transition_desc cut;
  uint32_t i, n;
  int fallback = 0, unavailable = 0;
  CHECK(phosphene_engine_create(NULL, &engine) == PHOSPHENE_OK);
  if (engine == NULL) return;
  /* The preset loads either way: without translation its warp stage uses the built-in shader.
   * A hard cut waited for is current at once; its diagnostics are then the engine's. */
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  CHECK(phosphene_engine_load_preset_text(engine, preset, sizeof preset - 1, "translation", &cut,
                                          NULL) == PHOSPHENE_OK);
  CHECK(phosphene_engine_wait_for_preset(engine) == PHOSPHENE_OK);
  CHECK(phosphene_engine_advance(engine, 0.0) == PHOSPHENE_OK);
  CHECK(strcmp(phosphene_engine_current_preset_name(engine), "translation") == 0);
  n = phosphene_engine_current_preset_diagnostic_count(engine);
  for (i = 0; i < n; ++i) {
    phosphene_diagnostic d;
    phosphene_diagnostic_init(&d);
    CHECK(phosphene_engine_current_preset_diagnostic(engine, i, &d) == PHOSPHENE_OK);
    if (strcmp(d.id, "SHD010") == 0) {
      ++fallback;
      CHECK(d.severity == PHOSPHENE_LOG_WARNING);
      CHECK(strcmp(d.section, "warp_shader") == 0);
      if (strstr(d.message, "SHD012") != NULL) ++unavailable;
    }
  }
  if (translator) {
    CHECK(fallback == 0);
  } else {
    CHECK(fallback == 1 && unavailable == 1);
  }
  phosphene_engine_destroy(engine);
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: api_build_info EXPECTED_DATA_DIR|-\n");
    return 2;
  }
  test_features();
  test_data_dir(argv[1]);
  test_shader_translation();
  if (failures != 0) {
    fprintf(stderr, "api_build_info: %d checks failed\n", failures);
    return 1;
  }
  printf("api_build_info: ok (features \"%s\", data %s)\n", phosphene_version_features(),
         phosphene_default_data_dir());
  return 0;
}
