/*
 * gst_style_host: a host shaped like the GStreamer element gst-projectm: every parameter set at
 * start, texture search paths, a playlist filled with add_path, shuffled, started with play_next
 * and watched through the switched callback; audio arrives as interleaved int16 stereo buffers
 * with timestamps (here 30 video frames per second, 1470 samples per channel each), the frame
 * time is the buffer's timestamp relative to the stream's first one (set_frame_time), each frame
 * is drawn with render_frame into the element's own framebuffer (bound by the host) and read
 * back with glReadPixels for the output video buffer. Renders real presets (argv[1], a folder)
 * and checks: frames not black, changing with the music, switches by the preset duration with
 * the callback firing, the last frame time equal to the timestamp, and (offline rendering) the
 * same timestamps and samples giving the same frames in a second run.
 * Exit 0 on success, 77 without an EGL display.
 */
#include <projectM-4/playlist.h>
#include <projectM-4/projectM.h>
#include <stdio.h>
#include <string.h>

#include "headless_gl.h"

#define WIDTH 80
#define HEIGHT 60
#define VIDEO_RATE 30
#define SAMPLES_PER_BUFFER (44100 / VIDEO_RATE)
#define FRAMES 120

static int failures = 0;
static void check(int ok, const char* what) {
  if (!ok) {
    fprintf(stderr, "gst_style_host: FAILED: %s\n", what);
    ++failures;
  }
}

static int switched_count = 0;
static void on_switched(bool is_hard_cut, unsigned int index, void* user_data) {
  (void)is_hard_cut;
  (void)index;
  ++*(int*)user_data;
}

/* One buffer of int16 stereo music: the headless_gl.h music at 44.1 kHz, buffer k. */
static void music_buffer(int k, int16_t* interleaved) {
  static float stereo[735 * 2];
  int i;
  for (i = 0; i < SAMPLES_PER_BUFFER; ++i) {
    /* music_frame makes 735-sample pieces; two of them cover one 1470-sample buffer. */
    if (i % 735 == 0) music_frame((k * SAMPLES_PER_BUFFER + i) / 735, stereo);
    interleaved[2 * i] = (int16_t)(stereo[2 * (i % 735)] * 32000.0f);
    interleaved[2 * i + 1] = (int16_t)(stereo[2 * (i % 735) + 1] * 32000.0f);
  }
}

/* One run of the element: FRAMES video buffers; the last frame and a middle one are kept. */
static double run(const char* folder, unsigned char* middle, unsigned char* last, int shuffle) {
  static int16_t pcm[SAMPLES_PER_BUFFER * 2];
  host_framebuffer fb;
  projectm_handle pm;
  projectm_playlist_handle playlist;
  const char* texture_paths[1];
  /* A live source's timestamps do not start at zero; the element subtracts the first. */
  const uint64_t first_pts_ns = 5000000000ull;
  uint32_t size;
  int k;
  double last_time = -1.0;

  host_framebuffer_make(&fb, WIDTH, HEIGHT);
  pm = projectm_create();
  check(pm != NULL, "projectm_create");
  projectm_set_window_size(pm, WIDTH, HEIGHT);
  projectm_set_fps(pm, VIDEO_RATE);
  projectm_set_mesh_size(pm, 32, 24);
  projectm_set_aspect_correction(pm, true);
  projectm_set_beat_sensitivity(pm, 1.0f);
  projectm_set_easter_egg(pm, 0.0f);
  projectm_set_hard_cut_enabled(pm, false);
  projectm_set_hard_cut_duration(pm, 20.0);
  projectm_set_hard_cut_sensitivity(pm, 2.0f);
  projectm_set_soft_cut_duration(pm, 0.5);
  projectm_set_preset_duration(pm, 1.0);
  projectm_set_preset_locked(pm, false);
  texture_paths[0] = folder;
  projectm_set_texture_search_paths(pm, texture_paths, 1);

  playlist = projectm_playlist_create(pm);
  projectm_playlist_set_preset_switched_event_callback(playlist, &on_switched, &switched_count);
  size = projectm_playlist_add_path(playlist, folder, true, false);
  check(size > 10 && projectm_playlist_size(playlist) == size, "add_path found the presets");
  projectm_playlist_set_shuffle(playlist, shuffle != 0);
  projectm_playlist_play_next(playlist, true);

  for (k = 0; k < FRAMES; ++k) {
    const uint64_t pts_ns = first_pts_ns + (uint64_t)k * 1000000000ull / VIDEO_RATE;
    music_buffer(k, pcm);
    projectm_pcm_add_int16(pm, pcm, SAMPLES_PER_BUFFER, PROJECTM_STEREO);
    projectm_set_frame_time(pm, (double)(pts_ns - first_pts_ns) / 1e9);
    /* The element binds its own framebuffer, draws, then reads the pixels back. */
    glBindFramebuffer(GL_FRAMEBUFFER, fb.framebuffer);
    glViewport(0, 0, WIDTH, HEIGHT);
    projectm_opengl_render_frame(pm);
    glReadPixels(0, 0, WIDTH, HEIGHT, GL_RGBA, GL_UNSIGNED_BYTE,
                 k == FRAMES / 2 + 15 ? middle : last);
  }
  last_time = projectm_get_last_frame_time(pm);
  projectm_playlist_destroy(playlist);
  projectm_destroy(pm);
  host_framebuffer_free(&fb);
  return last_time;
}

int main(int argc, char** argv) {
  static unsigned char middle[WIDTH * HEIGHT * 4], last[WIDTH * HEIGHT * 4],
      again_middle[WIDTH * HEIGHT * 4], again_last[WIDTH * HEIGHT * 4];
  headless_gl gl;
  double last_time;
  int switches;
  if (argc < 2) return 2;
  if (!headless_gl_open(&gl)) {
    printf("gst_style_host: no EGL display; skipped\n");
    return 77;
  }

  last_time = run(argv[1], middle, last, 1);
  switches = switched_count;
  printf("gst_style_host: %d switches, mean brightness %.1f, %.0f%% changed, last time %.4f s\n",
         switches, pixels_mean(last, WIDTH * HEIGHT),
         100.0 * pixels_changed(middle, last, WIDTH * HEIGHT), last_time);
  check(switches >= 3, "play_next and the preset duration (1 s over 4 s) switched presets");
  check(pixels_mean(last, WIDTH * HEIGHT) > 2.0, "frames are not black");
  check(pixels_changed(middle, last, WIDTH * HEIGHT) > 0.05, "frames change with the music");
  check(fabs(last_time - (double)(FRAMES - 1) / VIDEO_RATE) < 1e-6,
        "last frame time is the timestamp's");

  /* Offline rendering: without shuffle, the same buffers and timestamps give the same video. */
  run(argv[1], middle, last, 0);
  run(argv[1], again_middle, again_last, 0);
  check(memcmp(middle, again_middle, sizeof middle) == 0 &&
            memcmp(last, again_last, sizeof last) == 0,
        "the same timestamps and samples give the same frames");

  headless_gl_close(&gl);
  return failures == 0 ? 0 : 1;
}
