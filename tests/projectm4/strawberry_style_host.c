/*
 * strawberry_style_host: a host shaped like Strawberry's projectM visualisation (visualisations
 * branch): fps, mesh size, hard cuts and the preset lock set by the user, a playlist the user
 * fills preset by preset (add_preset), edits (remove_preset) and picks from (set_position),
 * int16 stereo PCM from the player's scope, and each frame drawn with render_frame_fbo into the
 * visualisation's framebuffer object while the toolkit keeps its own framebuffer bound. Renders
 * real presets (argv[1], a folder) and checks: the picture lands in the named framebuffer and the
 * host's binding and viewport survive, frames are not black and change with the music, hard cuts
 * switch presets (the switched callback says hard), the lock stops them.
 * Exit 0 on success, 77 without an EGL display.
 */
#define _POSIX_C_SOURCE 200809L /* scandir, alphasort */
#include <dirent.h>
#include <projectM-4/playlist.h>
#include <projectM-4/projectM.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "headless_gl.h"

#define WIDTH 96
#define HEIGHT 64
#define PRESETS 6

static int failures = 0;
static void check(int ok, const char* what) {
  if (!ok) {
    fprintf(stderr, "strawberry_style_host: FAILED: %s\n", what);
    ++failures;
  }
}

typedef struct switches {
  int soft, hard;
  unsigned int last_index;
} switches;
static void on_switched(bool is_hard_cut, unsigned int index, void* user_data) {
  switches* s = (switches*)user_data;
  if (is_hard_cut)
    ++s->hard;
  else
    ++s->soft;
  s->last_index = index;
}

/* One video frame (1/60 s) of the music as the scope hands it over: int16 stereo. */
static void scope_frame(projectm_handle pm, int frame) {
  float stereo[735 * 2];
  int16_t pcm[735 * 2];
  int i;
  music_frame(frame, stereo);
  for (i = 0; i < 735 * 2; ++i) pcm[i] = (int16_t)(stereo[i] * 30000.0f);
  projectm_pcm_add_int16(pm, pcm, 735, PROJECTM_STEREO);
}

/* The first PRESETS .milk files of the folder, in name order (the user's picks). */
static int pick_presets(const char* folder, char names[PRESETS][1024]) {
  struct dirent** entries = NULL;
  int n = scandir(folder, &entries, NULL, alphasort), i, picked = 0;
  for (i = 0; i < n; ++i) {
    const char* name = entries[i]->d_name;
    size_t length = strlen(name);
    if (picked < PRESETS && length > 5 && strcmp(name + length - 5, ".milk") == 0)
      snprintf(names[picked++], 1024, "%s/%s", folder, name);
    free(entries[i]);
  }
  free(entries);
  return picked;
}

int main(int argc, char** argv) {
  static unsigned char earlier[WIDTH * HEIGHT * 4], later[WIDTH * HEIGHT * 4],
      toolkit_pixels[8 * 8 * 4];
  static char names[PRESETS][1024];
  headless_gl gl;
  host_framebuffer visualisation, toolkit;
  projectm_handle pm;
  projectm_playlist_handle playlist;
  switches seen = {0, 0, 0};
  GLint bound = 0, viewport[4] = {0, 0, 0, 0};
  int frame, i, hard_before_lock, soft_before_lock;
  if (argc < 2) return 2;
  if (!headless_gl_open(&gl)) {
    printf("strawberry_style_host: no EGL display; skipped\n");
    return 77;
  }
  check(pick_presets(argv[1], names) == PRESETS, "the folder has presets");
  host_framebuffer_make(&visualisation, WIDTH, HEIGHT);
  host_framebuffer_make(&toolkit, 8, 8); /* left bound, as Qt leaves its own */
  glViewport(1, 1, 6, 6);
  /* Qt keeps its own framebuffer bound; host_framebuffer_read binds only the read framebuffer. */
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, toolkit.framebuffer);

  pm = projectm_create();
  projectm_set_fps(pm, 60);
  projectm_set_mesh_size(pm, 32, 24);
  projectm_set_window_size(pm, WIDTH, HEIGHT);
  projectm_set_preset_duration(pm, 100.0); /* switches come from hard cuts only */
  projectm_set_hard_cut_enabled(pm, true);
  projectm_set_hard_cut_duration(pm, 0.5);
  projectm_set_hard_cut_sensitivity(pm, 0.0f); /* any sound cuts once the 0.5 s are over */
  projectm_set_preset_locked(pm, false);

  playlist = projectm_playlist_create(pm);
  projectm_playlist_set_preset_switched_event_callback(playlist, &on_switched, &seen);
  for (i = 0; i < PRESETS; ++i)
    check(projectm_playlist_add_preset(playlist, names[i], false), "add_preset");
  check(!projectm_playlist_add_preset(playlist, names[0], false), "no duplicate unless allowed");
  check(projectm_playlist_remove_preset(playlist, 1), "remove_preset");
  check(projectm_playlist_size(playlist) == PRESETS - 1, "size after remove");
  check(projectm_playlist_set_position(playlist, 2, true) == 2, "set_position");
  check(seen.last_index == 2 && seen.hard == 1, "switched callback for the user's pick");
  seen.hard = 0;

  for (frame = 0; frame < 120; ++frame) {
    scope_frame(pm, frame);
    projectm_set_frame_time(pm, frame / 60.0);
    projectm_opengl_render_frame_fbo(pm, visualisation.framebuffer);
    if (frame == 90) host_framebuffer_read(&visualisation, earlier);
  }
  host_framebuffer_read(&visualisation, later);
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  glGetIntegerv(GL_VIEWPORT, viewport);
  check((GLuint)bound == toolkit.framebuffer, "the toolkit's framebuffer stays bound");
  check(viewport[0] == 1 && viewport[2] == 6, "the toolkit's viewport is kept");
  host_framebuffer_read(&toolkit, toolkit_pixels);
  check(pixels_mean(toolkit_pixels, 64) == 0.0, "nothing drawn into the toolkit's framebuffer");

  printf(
      "strawberry_style_host: %d hard cuts, %d soft switches, mean brightness %.1f, %.0f%% "
      "changed\n",
      seen.hard, seen.soft, pixels_mean(later, WIDTH * HEIGHT),
      100.0 * pixels_changed(earlier, later, WIDTH * HEIGHT));
  check(seen.hard >= 2, "hard cuts switched presets (every 0.5 s over 2 s)");
  check(pixels_mean(later, WIDTH * HEIGHT) > 2.0, "frames are not black");
  check(pixels_changed(earlier, later, WIDTH * HEIGHT) > 0.05, "frames change with the music");

  /* The user locks the preset: no more cuts. */
  projectm_set_preset_locked(pm, true);
  hard_before_lock = seen.hard;
  soft_before_lock = seen.soft;
  for (frame = 120; frame < 240; ++frame) {
    scope_frame(pm, frame);
    projectm_set_frame_time(pm, frame / 60.0);
    projectm_opengl_render_frame_fbo(pm, visualisation.framebuffer);
  }
  check(seen.hard == hard_before_lock && seen.soft == soft_before_lock, "the lock stops switches");
  check(projectm_get_preset_locked(pm), "locked");

  projectm_playlist_destroy(playlist);
  projectm_destroy(pm);
  host_framebuffer_free(&toolkit);
  host_framebuffer_free(&visualisation);
  headless_gl_close(&gl);
  return failures == 0 ? 0 : 1;
}
