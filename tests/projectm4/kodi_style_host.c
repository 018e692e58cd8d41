/*
 * kodi_style_host: a host shaped like Kodi's visualization.projectm (src/Main.cpp): every
 * parameter set at start, texture paths, stereo float PCM, render_frame; a playlist created on
 * the instance, filled with add_path, listed with items, started at a position, moved with
 * next/previous, shuffled, and a switched callback. Presets switch by themselves (a short preset
 * duration through the switch-requested callback the playlist listens to). Renders real presets
 * (argv[1], a folder) at host frame times and checks pictures, switches and callbacks.
 * Exit 0 on success, 77 without an EGL display.
 */
#include <projectM-4/playlist.h>
#include <projectM-4/projectM.h>
#include <stdio.h>
#include <string.h>

#include "headless_gl.h"

#define WIDTH 96
#define HEIGHT 72

static int failures = 0;
static void check(int ok, const char* what) {
  if (!ok) {
    fprintf(stderr, "kodi_style_host: FAILED: %s\n", what);
    ++failures;
  }
}

static int switched_count = 0;
static unsigned int last_index = 0;
static void on_switched(bool is_hard_cut, unsigned int index, void* user_data) {
  (void)is_hard_cut;
  ++*(int*)user_data;
  last_index = index;
}

int main(int argc, char** argv) {
  static unsigned char earlier[WIDTH * HEIGHT * 4], later[WIDTH * HEIGHT * 4];
  headless_gl gl;
  host_framebuffer fb;
  projectm_handle pm;
  projectm_playlist_handle playlist;
  float stereo[735 * 2];
  const char* texture_paths[1];
  char** items;
  uint32_t size, position, count = 0;
  int frame;
  double brightest = 0.0;
  if (argc < 2) return 2;
  if (!headless_gl_open(&gl)) {
    printf("kodi_style_host: no EGL display; skipped\n");
    return 77;
  }
  host_framebuffer_make(&fb, WIDTH, HEIGHT);

  pm = projectm_create();
  projectm_set_mesh_size(pm, 48, 32);
  projectm_set_fps(pm, 60);
  projectm_set_window_size(pm, WIDTH, HEIGHT);
  projectm_set_aspect_correction(pm, true);
  projectm_set_easter_egg(pm, 0.0f);
  texture_paths[0] = argv[1];
  projectm_set_texture_search_paths(pm, texture_paths, 1);
  projectm_set_soft_cut_duration(pm, 0.5);
  projectm_set_preset_duration(pm, 1.0);
  projectm_set_beat_sensitivity(pm, 1.0f);
  projectm_set_preset_locked(pm, false);

  playlist = projectm_playlist_create(pm);
  projectm_playlist_set_preset_switched_event_callback(playlist, &on_switched, &switched_count);
  size = projectm_playlist_add_path(playlist, argv[1], true, false);
  check(size > 10 && size == projectm_playlist_size(playlist), "add_path found the presets");
  items = projectm_playlist_items(playlist, 0, size);
  while (items != NULL && items[count] != NULL) ++count;
  check(count == size, "items lists every preset");
  projectm_playlist_free_string_array(items);
  position = projectm_playlist_set_position(playlist, 3, true);
  check(position == 3 && projectm_playlist_get_position(playlist) == 3, "set_position");
  check(switched_count == 1 && last_index == 3, "switched callback for set_position");
  check(projectm_playlist_play_next(playlist, true) == 4, "play_next");
  check(projectm_playlist_play_previous(playlist, true) == 3, "play_previous");
  projectm_playlist_set_shuffle(playlist, true);
  check(projectm_playlist_get_shuffle(playlist), "shuffle");

  for (frame = 0; frame < 150; ++frame) {
    music_frame(frame, stereo);
    projectm_pcm_add_float(pm, stereo, 735, PROJECTM_STEREO);
    projectm_set_frame_time(pm, frame / 60.0);
    glBindFramebuffer(GL_FRAMEBUFFER, fb.framebuffer);
    glViewport(0, 0, WIDTH, HEIGHT);
    projectm_opengl_render_frame(pm);
    if (frame == 100) host_framebuffer_read(&fb, earlier);
    /* The shuffled presets differ from run to run and some are nearly black: the brightest of
       every tenth frame shows whether anything is drawn. */
    if (frame % 10 == 9) {
      host_framebuffer_read(&fb, later);
      if (pixels_mean(later, WIDTH * HEIGHT) > brightest)
        brightest = pixels_mean(later, WIDTH * HEIGHT);
    }
  }
  host_framebuffer_read(&fb, later);
  printf(
      "kodi_style_host: %u presets, %d switches, brightest frame %.1f, last %.1f, %.0f%% changed\n",
      size, switched_count, brightest, pixels_mean(later, WIDTH * HEIGHT),
      100.0 * pixels_changed(earlier, later, WIDTH * HEIGHT));
  check(switched_count >= 4, "the playlist switched by itself (preset duration 1 s)");
  check(brightest > 2.0, "frames are not black");
  check(pixels_changed(earlier, later, WIDTH * HEIGHT) > 0.05, "frames change");
  check(projectm_get_last_frame_time(pm) == 149 / 60.0, "last frame time is the host's");

  projectm_playlist_clear(playlist);
  check(projectm_playlist_size(playlist) == 0, "clear");
  projectm_playlist_destroy(playlist);
  projectm_destroy(pm);
  host_framebuffer_free(&fb);
  headless_gl_close(&gl);
  return failures == 0 ? 0 : 1;
}
