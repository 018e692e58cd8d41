/* A host program built only from the installed files. It also prints what the install test
 * checks about the library it found: its data folder and a new engine's texture search path. */
#include <phosphene/phosphene.h>
#include <stdio.h>

int main(void) {
  phosphene_engine* engine = NULL;
  float silence[2 * 1024] = {0};
  const char* textures[1] = {NULL};
  size_t texture_count = 0;
  phosphene_audio_frame frame;
  phosphene_audio_frame_init(&frame);
  if (phosphene_version() != PHOSPHENE_VERSION) return 1;
  if (phosphene_engine_create(NULL, &engine) != PHOSPHENE_OK) return 2;
  if (phosphene_engine_add_pcm_float(engine, silence, 1024, 2, 48000) != PHOSPHENE_OK) return 3;
  if (phosphene_engine_advance(engine, 0.0) != PHOSPHENE_OK) return 4; /* no preset, no GL */
  if (phosphene_engine_get_audio(engine, &frame) != PHOSPHENE_OK) return 4;
  if (phosphene_engine_get_texture_search_path(engine, textures, 1, &texture_count) != PHOSPHENE_OK)
    return 5;
  printf("consumer ok: phosphene %s, bass %.2f\n", phosphene_version_string(), frame.bass);
  printf("features: %s\n", phosphene_version_features());
  printf("data: %s\n", phosphene_default_data_dir());
  printf("engine data: %s\n", phosphene_engine_get_data_dir(engine));
  printf("textures: %s\n", texture_count > 0 ? textures[0] : "(none)");
  phosphene_engine_destroy(engine);
  return 0;
}
