/*
 * qmmp_style_host: a host shaped like Qmmp's projectM 4 plugin (projectm4widget.cpp): the
 * standard parameters set when the GL widget initialises, a playlist filled file by file with
 * add_preset from a folder listing, a preset list kept in step through the switched callback
 * (which asks the playlist for the position and the item's name from inside the callback), the
 * "next" and "previous" menu actions, float stereo PCM in blocks of 512, and render_frame into
 * the widget's framebuffer (bound by the toolkit) at the system clock, as Qmmp does. Renders
 * real presets (argv[1], a folder) and checks: the callback fires for the user's actions and for
 * switches by the preset duration, with the index the playlist reports, frames are not black
 * and change with the music. Exit 0 on success, 77 without an EGL display.
 */
#define _POSIX_C_SOURCE 200809L /* scandir, alphasort, nanosleep */
#include <dirent.h>
#include <projectM-4/playlist.h>
#include <projectM-4/projectM.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "headless_gl.h"

#define WIDTH 96
#define HEIGHT 72
#define MAX_PRESETS 40

static int failures = 0;
static void check(int ok, const char* what) {
  if (!ok) {
    fprintf(stderr, "qmmp_style_host: FAILED: %s\n", what);
    ++failures;
  }
}

/* The widget's preset list: the row it shows as current, kept by the switched callback. */
typedef struct preset_list {
  projectm_playlist_handle playlist;
  unsigned int current_row;
  int switches, mismatches;
  char current_name[1024];
} preset_list;

static void on_switched(bool is_hard_cut, unsigned int index, void* user_data) {
  preset_list* list = (preset_list*)user_data;
  char* name = projectm_playlist_item(list->playlist, index);
  (void)is_hard_cut;
  ++list->switches;
  if (projectm_playlist_get_position(list->playlist) != index || name == NULL) ++list->mismatches;
  list->current_row = index;
  snprintf(list->current_name, sizeof list->current_name, "%s", name != NULL ? name : "");
  projectm_playlist_free_string(name);
}

/* Adds the folder's .milk files one by one, as Qmmp walks its QDir listing. */
static unsigned int add_folder(projectm_playlist_handle playlist, const char* folder) {
  struct dirent** entries = NULL;
  int n = scandir(folder, &entries, NULL, alphasort), i;
  unsigned int added = 0;
  char path[2048];
  for (i = 0; i < n; ++i) {
    const char* name = entries[i]->d_name;
    size_t length = strlen(name);
    if (added < MAX_PRESETS && length > 5 && strcmp(name + length - 5, ".milk") == 0) {
      snprintf(path, sizeof path, "%s/%s", folder, name);
      if (projectm_playlist_add_preset(playlist, path, false)) ++added;
    }
    free(entries[i]);
  }
  free(entries);
  return added;
}

/* One paintGL: the audio that arrived since the last one, then the frame. */
static void paint(projectm_handle pm, const host_framebuffer* widget, int frame) {
  float stereo[735 * 2];
  unsigned int done = 0;
  music_frame(frame, stereo);
  while (done < 735) { /* Qmmp's visual buffer hands over 512 samples at a time */
    unsigned int block = 735 - done < 512 ? 735 - done : 512;
    projectm_pcm_add_float(pm, stereo + 2 * done, block, PROJECTM_STEREO);
    done += block;
  }
  glBindFramebuffer(GL_FRAMEBUFFER, widget->framebuffer);
  glViewport(0, 0, WIDTH, HEIGHT);
  projectm_opengl_render_frame(pm);
}

int main(int argc, char** argv) {
  static unsigned char earlier[WIDTH * HEIGHT * 4], later[WIDTH * HEIGHT * 4];
  const struct timespec tick = {0, 10 * 1000 * 1000}; /* the widget's 10 ms timer */
  struct timespec start, now;
  headless_gl gl;
  host_framebuffer widget;
  projectm_handle pm;
  preset_list list;
  unsigned int added;
  int frame, by_user;
  double elapsed = 0.0;
  if (argc < 2) return 2;
  if (!headless_gl_open(&gl)) {
    printf("qmmp_style_host: no EGL display; skipped\n");
    return 77;
  }
  host_framebuffer_make(&widget, WIDTH, HEIGHT);

  pm = projectm_create();
  projectm_set_window_size(pm, WIDTH, HEIGHT);
  projectm_set_mesh_size(pm, 32, 24);
  projectm_set_fps(pm, 30);
  projectm_set_soft_cut_duration(pm, 0.3);
  projectm_set_preset_duration(pm, 0.5);
  projectm_set_easter_egg(pm, 0.0f);
  projectm_set_beat_sensitivity(pm, 1.0f);
  projectm_set_aspect_correction(pm, true);
  projectm_set_hard_cut_enabled(pm, false);

  memset(&list, 0, sizeof list);
  list.playlist = projectm_playlist_create(pm);
  projectm_playlist_set_preset_switched_event_callback(list.playlist, &on_switched, &list);
  added = add_folder(list.playlist, argv[1]);
  check(added > 10 && projectm_playlist_size(list.playlist) == added, "add_preset per file");

  /* The user picks "next" twice and "previous" once from the menu. */
  check(projectm_playlist_play_next(list.playlist, false) == 1, "play_next");
  check(projectm_playlist_play_next(list.playlist, false) == 2, "play_next again");
  check(projectm_playlist_play_previous(list.playlist, false) == 1, "play_previous");
  by_user = list.switches;
  check(by_user == 3 && list.current_row == 1, "switched callback for the menu actions");
  check(strstr(list.current_name, ".milk") != NULL, "item() from inside the callback");

  /* Qmmp draws at the system clock (no set_frame_time): run for about 2 s of real time. */
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (frame = 0; elapsed < 2.0 && frame < 2000; ++frame) {
    paint(pm, &widget, frame);
    if (elapsed < 1.5) host_framebuffer_read(&widget, earlier);
    nanosleep(&tick, NULL);
    clock_gettime(CLOCK_MONOTONIC, &now);
    elapsed = (double)(now.tv_sec - start.tv_sec) + (now.tv_nsec - start.tv_nsec) / 1e9;
  }
  host_framebuffer_read(&widget, later);
  printf(
      "qmmp_style_host: %u presets, %d frames, %d switches by duration, row %u (%s), "
      "mean brightness %.1f, %.0f%% changed\n",
      added, frame, list.switches - by_user, list.current_row, list.current_name,
      pixels_mean(later, WIDTH * HEIGHT), 100.0 * pixels_changed(earlier, later, WIDTH * HEIGHT));
  check(list.switches - by_user >= 2, "the preset duration (0.5 s) switched presets over 2 s");
  check(list.mismatches == 0, "the callback's index is the playlist's position");
  check(list.current_row == projectm_playlist_get_position(list.playlist), "list row in step");
  check(pixels_mean(later, WIDTH * HEIGHT) > 2.0, "frames are not black");
  check(pixels_changed(earlier, later, WIDTH * HEIGHT) > 0.05, "frames change with the music");
  check(projectm_get_last_frame_time(pm) > 1.0, "the system clock ran");

  projectm_playlist_destroy(list.playlist);
  projectm_destroy(pm);
  host_framebuffer_free(&widget);
  headless_gl_close(&gl);
  return failures == 0 ? 0 : 1;
}
