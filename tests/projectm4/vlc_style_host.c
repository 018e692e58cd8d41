/*
 * vlc_style_host: a host shaped like VLC's projectm module (modules/visualization/projectm.cpp):
 * create, set_window_size, pcm_get_max_samples, pcm_add_float with MONO blocks of at most that
 * many samples, render_frame into whatever framebuffer is bound, destroy; one GL thread. It loads
 * one real preset (argv[1]) and checks: nothing is drawn before the window has a size, frames are
 * not black, and they change with the music. Exit 0 on success, 77 without an EGL display.
 */
#include <projectM-4/projectM.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "headless_gl.h"

#define WIDTH 96
#define HEIGHT 72

static int failures = 0;
static void check(int ok, const char* what) {
  if (!ok) {
    fprintf(stderr, "vlc_style_host: FAILED: %s\n", what);
    ++failures;
  }
}

int main(int argc, char** argv) {
  static unsigned char before[WIDTH * HEIGHT * 4], earlier[WIDTH * HEIGHT * 4],
      later[WIDTH * HEIGHT * 4];
  headless_gl gl;
  host_framebuffer fb;
  projectm_handle pm;
  float stereo[735 * 2], mono[735];
  unsigned int max_samples, i;
  int frame;
  if (argc < 2) return 2;
  if (!headless_gl_open(&gl)) {
    printf("vlc_style_host: no EGL display; skipped\n");
    return 77;
  }
  host_framebuffer_make(&fb, WIDTH, HEIGHT);
  glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);

  pm = projectm_create();
  check(pm != NULL, "projectm_create");
  max_samples = projectm_pcm_get_max_samples();
  check(max_samples == 576, "pcm_get_max_samples is MilkDrop's 576");
  projectm_load_preset_file(pm, argv[1], false);

  /* VLC's window has no size yet: nothing may be drawn. */
  projectm_opengl_render_frame(pm);
  host_framebuffer_read(&fb, before);
  check(before[0] == 64 && before[1] == 128 && before[2] == 191, "0x0 window draws nothing");

  projectm_set_window_size(pm, WIDTH, HEIGHT);
  for (frame = 0; frame < 90; ++frame) {
    unsigned int done = 0;
    music_frame(frame, stereo);
    for (i = 0; i < 735; ++i) mono[i] = stereo[2 * i];
    while (done < 735) { /* VLC hands over blocks of at most max_samples */
      unsigned int block = 735 - done < max_samples ? 735 - done : max_samples;
      projectm_pcm_add_float(pm, mono + done, block, PROJECTM_MONO);
      done += block;
    }
    glBindFramebuffer(GL_FRAMEBUFFER, fb.framebuffer);
    glViewport(0, 0, WIDTH, HEIGHT);
    projectm_opengl_render_frame(pm);
    if (frame == 60) host_framebuffer_read(&fb, earlier);
  }
  host_framebuffer_read(&fb, later);
  printf("vlc_style_host: mean brightness %.1f, %.0f%% of pixels changed in 30 frames\n",
         pixels_mean(later, WIDTH * HEIGHT),
         100.0 * pixels_changed(earlier, later, WIDTH * HEIGHT));
  check(pixels_mean(later, WIDTH * HEIGHT) > 2.0, "frames are not black");
  check(pixels_changed(earlier, later, WIDTH * HEIGHT) > 0.05, "frames change with the music");

  projectm_destroy(pm);
  host_framebuffer_free(&fb);
  headless_gl_close(&gl);
  return failures == 0 ? 0 : 1;
}
