/*
 * render_preset: the smallest host that renders a MilkDrop preset with Phosphene.
 *
 * It makes a headless OpenGL ES 3.0 context with EGL (Mesa's surfaceless platform, no window, no
 * GPU needed), creates a texture to draw into, loads a preset (argv[1], or a small one written
 * below), and renders 60 frames of a synthetic beat into the texture, one call per frame. It then
 * prints the average brightness of the last frame. Exit status 0 on success, 77 (skipped) when the
 * machine has no EGL display, 1 on failure.
 *
 *   render_preset [preset.milk]
 */
#include <stdio.h>

#include "example_gl.h"

#define WIDTH 64
#define HEIGHT 48

static const char kPreset[] =
    "[preset00]\n"
    "fDecay=0.96\nzoom=1.03\nrot=0.02\nwarp=0.5\n"
    "nWaveMode=2\nfWaveAlpha=1\nfWaveScale=1.5\nbAdditiveWaves=1\n"
    "wave_r=1\nwave_g=0.6\nwave_b=0.2\n"
    "per_frame_1=wave_r = 0.6 + 0.4*sin(time*1.3);\n"
    "per_frame_2=wave_b = 0.6 + 0.4*sin(time*0.7 + bass);\n"
    "per_pixel_1=zoom = zoom + 0.03*sin(rad*6 + time);\n";

int main(int argc, char** argv) {
  EGLDisplay display;
  EGLContext context;
  GLuint texture = 0, framebuffer = 0;
  phosphene_engine* engine = NULL;
  phosphene_result rc;
  static unsigned char pixels[WIDTH * HEIGHT * 4];
  double sum = 0.0;
  int frame, i, status = 1;

  if (!example_make_context(&display, &context)) {
    printf("render_preset: no EGL display with OpenGL ES 3.0; skipped\n");
    return 77;
  }
  /* The host's render target: an RGBA8 texture (and a framebuffer to read it back). */
  texture = example_make_texture(WIDTH, HEIGHT);

  if (phosphene_engine_create(NULL, &engine) != PHOSPHENE_OK) goto done;
  rc = argc > 1 ? phosphene_load_preset_file(engine, argv[1])
                : phosphene_load_preset_text(engine, kPreset, sizeof kPreset - 1);
  if (rc != PHOSPHENE_OK) {
    fprintf(stderr, "render_preset: %s: %s\n", phosphene_result_string(rc),
            phosphene_engine_last_error(engine));
    goto done;
  }
  for (frame = 0; frame < 60; ++frame) {
    example_add_audio(engine, frame);
    rc = phosphene_render_frame_to_texture(engine, texture, WIDTH, HEIGHT, 0.0);
    if (rc != PHOSPHENE_OK) {
      fprintf(stderr, "render_preset: frame %d: %s\n", frame, phosphene_engine_last_error(engine));
      goto done;
    }
  }
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  glReadPixels(0, 0, WIDTH, HEIGHT, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  for (i = 0; i < WIDTH * HEIGHT; ++i) sum += pixels[4 * i] + pixels[4 * i + 1] + pixels[4 * i + 2];
  printf("render_preset: 60 frames at %dx%d, mean brightness %.1f of 255\n", WIDTH, HEIGHT,
         sum / (3.0 * WIDTH * HEIGHT));
  status = sum > 0.0 ? 0 : 1; /* a black image means nothing was drawn */

done:
  phosphene_engine_destroy(engine); /* with the context still current: it frees GL objects */
  if (framebuffer != 0) glDeleteFramebuffers(1, &framebuffer);
  glDeleteTextures(1, &texture);
  example_drop_context(display, context);
  return status;
}
