/*
 * render_preset: the smallest host that renders a MilkDrop preset with Phosphene.
 *
 * It makes a headless OpenGL ES 3.0 context with EGL (Mesa's surfaceless platform, no window, no
 * GPU needed), creates a texture to draw into, loads a preset (argv[1], or a small one written
 * below), and renders 60 frames of a synthetic beat into the texture, one call per frame
 * (phosphene_engine_render: advance, then draw). It then
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
  phosphene_preset* preset = NULL;
  phosphene_transition_desc cut;
  phosphene_render_target target;
  phosphene_diagnostic why;
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
  /* Loads are prepared on the engine's loader thread. A hard cut waited for makes the preset the
   * one the first frame draws. A file is read into a handle first, so what is wrong with it is
   * known at once (phosphene_engine_load_preset_file would report it later, as an event). */
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  if (argc > 1) {
    rc = phosphene_preset_create_from_file(argv[1], &preset);
    if (rc == PHOSPHENE_OK) rc = phosphene_engine_switch_preset(engine, preset, &cut, NULL);
  } else {
    rc = phosphene_engine_load_preset_text(engine, kPreset, sizeof kPreset - 1, "example", &cut,
                                           NULL);
  }
  if (rc == PHOSPHENE_OK) rc = phosphene_engine_wait_for_preset(engine);
  if (rc != PHOSPHENE_OK) {
    phosphene_diagnostic_init(&why);
    fprintf(stderr, "render_preset: %s: %s\n", phosphene_result_string(rc),
            phosphene_preset_diagnostic(preset, 0, &why) == PHOSPHENE_OK
                ? why.message
                : phosphene_engine_last_error(engine));
    goto done;
  }
  phosphene_render_target_init(&target);
  target.kind = PHOSPHENE_TARGET_TEXTURE;
  target.gl_name = texture;
  target.width = WIDTH;
  target.height = HEIGHT;
  for (frame = 0; frame < 60; ++frame) {
    example_add_audio(engine, frame);
    rc = phosphene_engine_render(engine, 0.0, &target);
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
  phosphene_preset_destroy(preset); /* the engine keeps what it needs */
  phosphene_engine_destroy(engine); /* with the context still current: it frees GL objects */
  if (framebuffer != 0) glDeleteFramebuffers(1, &framebuffer);
  glDeleteTextures(1, &texture);
  example_drop_context(display, context);
  return status;
}
