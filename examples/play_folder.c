/*
 * play_folder: plays a folder of MilkDrop presets the way a visualizer does, headless: the
 * engine's playlist walks the folder in shuffled order, switches every second with MilkDrop's
 * transitions, skips presets that fail to load, and this host prints every event it receives.
 * Half-way it also asks for the previous preset (the playlist's history), like a "back" key.
 *
 *   play_folder FOLDER [FRAMES]
 *
 * Each frame is advanced, then drawn into a texture (advance and draw are separate calls). Lines
 * it prints: "asked request=R index=I name=N" for its own requests, and "event frame=F type=T
 * reason=W request=R index=I name=N transition=S diag=D" for every event. Exit status 0 when all
 * went well, 77 when the machine has no EGL display, 1 on failure.
 */
#include <stdio.h>
#include <stdlib.h>

#include "example_gl.h"

#define WIDTH 96
#define HEIGHT 72

static const char* type_name(phosphene_event_type type) {
  switch (type) {
    case PHOSPHENE_EVENT_PRESET_STARTED:
      return "preset_started";
    case PHOSPHENE_EVENT_TRANSITION_ENDED:
      return "transition_ended";
    case PHOSPHENE_EVENT_PRESET_LOAD_FAILED:
      return "preset_load_failed";
    case PHOSPHENE_EVENT_PRESET_OVER_BUDGET:
      return "preset_over_budget";
    case PHOSPHENE_EVENT_PRESET_LOADED:
      return "preset_loaded";
    case PHOSPHENE_EVENT_BEAT:
      return "beat";
    case PHOSPHENE_EVENT_HARD_CUT:
      return "hard_cut";
    default:
      return "other";
  }
}

static const char* reason_name(phosphene_switch_reason reason) {
  static const char* const names[] = {"user", "auto",        "hard_cut",
                                      "beat", "load_failed", "over_budget"};
  return reason >= 0 && reason <= 5 ? names[reason] : "?";
}

static void print_events(phosphene_engine* engine, int frame) {
  phosphene_event e;
  phosphene_event_init(&e);
  while (phosphene_engine_poll_event(engine, &e)) {
    if (e.type == PHOSPHENE_EVENT_BEAT) continue; /* one per kick: too many to be interesting */
    printf(
        "event frame=%d type=%s reason=%s request=%llu index=%lld name=%s transition=%.2f "
        "diag=%s\n",
        frame, type_name(e.type), reason_name(e.reason), (unsigned long long)e.request_id,
        (long long)e.playlist_index, e.name, e.transition_seconds,
        e.diagnostic_id[0] != '\0' ? e.diagnostic_id : "-");
  }
}

static int ask(phosphene_engine* engine, phosphene_playlist_move move, double seconds) {
  phosphene_playlist* list = phosphene_engine_get_playlist(engine);
  phosphene_transition_desc blend;
  uint64_t request = 0;
  phosphene_result rc;
  phosphene_transition_desc_init(&blend);
  blend.style = PHOSPHENE_TRANSITION_BLEND;
  blend.seconds = seconds;
  rc = phosphene_playlist_play(list, move, 0, &blend, &request);
  if (rc == PHOSPHENE_ERROR_NOT_FOUND && move == PHOSPHENE_PLAY_PREVIOUS) {
    printf("asked previous: nothing before the first preset played\n");
    return 1;
  }
  if (rc != PHOSPHENE_OK) {
    fprintf(stderr, "play_folder: %s: %s\n", phosphene_result_string(rc),
            phosphene_engine_last_error(engine));
    return 0;
  }
  printf("asked request=%llu index=%lld name=%s\n", (unsigned long long)request,
         (long long)phosphene_playlist_position(list),
         phosphene_playlist_item_name(list, (uint32_t)phosphene_playlist_position(list)));
  return 1;
}

int main(int argc, char** argv) {
  EGLDisplay display;
  EGLContext context;
  GLuint texture = 0;
  phosphene_engine_desc desc;
  phosphene_engine* engine = NULL;
  phosphene_playlist* list;
  phosphene_switch_settings settings;
  phosphene_render_target target;
  phosphene_result rc;
  uint32_t added = 0;
  int frames = argc > 2 ? atoi(argv[2]) : 300;
  int frame, status = 1;

  if (argc < 2) {
    fprintf(stderr, "usage: play_folder FOLDER [FRAMES]\n");
    return 1;
  }
  if (!example_make_context(&display, &context)) {
    printf("play_folder: no EGL display with OpenGL ES 3.0; skipped\n");
    return 77;
  }
  texture = example_make_texture(WIDTH, HEIGHT);
  phosphene_engine_desc_init(&desc);
  desc.seed = 7; /* the same folder gives the same shuffle and the same pictures */
  if (phosphene_engine_create(&desc, &engine) != PHOSPHENE_OK) goto done;

  /* Switch every second with a half-second blend; wait for each load (offline: reproducible). */
  phosphene_switch_settings_init(&settings);
  phosphene_engine_get_switch_settings(engine, &settings);
  settings.preset_duration = 1.0;
  settings.preset_duration_random = 0.0;
  settings.blend_time_auto = 0.5;
  settings.wait_for_loads = 1;
  phosphene_engine_set_switch_settings(engine, &settings);

  list = phosphene_engine_get_playlist(engine);
  rc = phosphene_playlist_add_folder(list, argv[1], 1, &added);
  if (rc != PHOSPHENE_OK || added == 0) {
    fprintf(stderr, "play_folder: no presets in %s: %s\n", argv[1],
            phosphene_engine_last_error(engine));
    goto done;
  }
  printf("playlist: %u presets\n", added);
  phosphene_playlist_set_shuffle(list, 1);
  if (!ask(engine, PHOSPHENE_PLAY_NEXT, 0.5)) goto done;

  phosphene_render_target_init(&target);
  target.kind = PHOSPHENE_TARGET_TEXTURE;
  target.gl_name = texture;
  target.width = WIDTH;
  target.height = HEIGHT;
  for (frame = 0; frame < frames; ++frame) {
    example_add_audio(engine, frame);
    if (frame == frames / 2 && !ask(engine, PHOSPHENE_PLAY_PREVIOUS, 0.5)) goto done;
    rc = phosphene_engine_advance(engine, 0.0);
    if (rc == PHOSPHENE_OK) rc = phosphene_engine_draw(engine, &target);
    if (rc != PHOSPHENE_OK) {
      fprintf(stderr, "play_folder: frame %d: %s\n", frame, phosphene_engine_last_error(engine));
      goto done;
    }
    print_events(engine, frame);
  }
  printf("done frames=%d current=%s\n", frames, phosphene_engine_current_preset_name(engine));
  status = 0;

done:
  phosphene_engine_destroy(engine);
  glDeleteTextures(1, &texture);
  example_drop_context(display, context);
  return status;
}
