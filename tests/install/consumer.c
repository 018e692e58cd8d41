/* A host program built only from the installed files. */
#include <phosphene/phosphene.h>
#include <stdio.h>

int main(void) {
  phosphene_engine* engine = NULL;
  float silence[2 * 1024] = {0};
  phosphene_audio_frame frame;
  phosphene_audio_frame_init(&frame);
  if (phosphene_version() != PHOSPHENE_VERSION) return 1;
  if (phosphene_engine_create(NULL, &engine) != PHOSPHENE_OK) return 2;
  if (phosphene_pcm_add_float(engine, silence, 1024, 2, 48000) != PHOSPHENE_OK) return 3;
  if (phosphene_audio_analyze(engine, 0.0, &frame) != PHOSPHENE_OK) return 4;
  phosphene_engine_destroy(engine);
  printf("consumer ok: phosphene %s, bass %.2f\n", phosphene_version_string(), frame.bass);
  return 0;
}
