/* audio_levels.c — the smallest Phosphene host: create an engine, feed it PCM the way an audio
 * callback would, advance once per video frame (no preset and no GL needed) and print the audio a
 * MilkDrop preset would read.
 *
 *   audio_levels            (prints one line per 10 frames of a synthetic kick + hi-hat loop)
 *
 * Build: cc -std=c99 audio_levels.c -lphosphene -lm
 */
#include <phosphene/phosphene.h>

#include <math.h>
#include <stdio.h>

#define RATE 48000
#define FPS 60

/* Two seconds of a 120 BPM loop, generated one video frame (800 samples) at a time. */
static void make_audio(float* stereo, size_t frames, size_t first) {
  size_t i;
  for (i = 0; i < frames; ++i) {
    double t = (double)(first + i) / RATE;
    double beat = fmod(t, 0.5); /* seconds since the last kick */
    double kick = 0.8 * exp(-beat / 0.07) * sin(2.0 * 3.14159265 * 55.0 * beat);
    double hat = 0.05 * sin(2.0 * 3.14159265 * 7000.0 * t) * exp(-fmod(t, 0.25) / 0.02);
    stereo[2 * i] = (float)(kick + hat);
    stereo[2 * i + 1] = (float)(kick - hat);
  }
}

int main(void) {
  phosphene_engine_desc desc;
  phosphene_engine* engine = NULL;
  phosphene_audio_frame frame;
  float pcm[2 * (RATE / FPS)];
  int f;
  phosphene_result r;

  phosphene_engine_desc_init(&desc);
  phosphene_audio_frame_init(&frame);
  desc.fps = FPS;
  r = phosphene_engine_create(&desc, &engine);
  if (r != PHOSPHENE_OK) {
    fprintf(stderr, "cannot create engine: %s\n", phosphene_result_string(r));
    return 1;
  }
  printf("Phosphene %s\n frame   time   bass    mid   treb  bass_att beat\n",
         phosphene_version_string());
  for (f = 0; f < 2 * FPS; ++f) {
    make_audio(pcm, RATE / FPS, (size_t)f * (RATE / FPS));
    /* In a real host this call sits in the audio callback; it never blocks. */
    phosphene_engine_add_pcm_float(engine, pcm, RATE / FPS, 2, RATE);
    /* And these in the render loop: 0.0 steps the engine's fixed 60 fps clock, and the frame's
     * audio is what that step analysed. */
    if (phosphene_engine_advance(engine, 0.0) != PHOSPHENE_OK ||
        phosphene_engine_get_audio(engine, &frame) != PHOSPHENE_OK) {
      fprintf(stderr, "analysis failed: %s\n", phosphene_engine_last_error(engine));
      break;
    }
    if (f % 10 == 0 || frame.beat)
      printf("%6lu %6.3f %6.2f %6.2f %6.2f %9.2f %4s\n", (unsigned long)frame.frame, frame.time_s,
             frame.bass, frame.mid, frame.treb, frame.bass_att, frame.beat ? "*" : "");
  }
  phosphene_engine_destroy(engine);
  return 0;
}
