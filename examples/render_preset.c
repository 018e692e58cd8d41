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
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <phosphene/phosphene.h>

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

/* Makes an ES 3.0 context current without any surface. Returns 0 when there is no EGL display. */
static int make_context(EGLDisplay* out_display, EGLContext* out_context) {
  PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLint major = 0, minor = 0, count = 0;
  EGLConfig config;
  static const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_DONT_CARE, EGL_RENDERABLE_TYPE,
                                          EGL_OPENGL_ES3_BIT, EGL_NONE};
  static const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION,
                                           0, EGL_NONE};
  EGLContext context;
  if (get_platform_display != NULL)
    display = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, &major, &minor)) return 0;
  if (!eglBindAPI(EGL_OPENGL_ES_API) ||
      !eglChooseConfig(display, config_attribs, &config, 1, &count) || count < 1)
    return 0;
  context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attribs);
  if (context == EGL_NO_CONTEXT ||
      !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
    return 0;
  *out_display = display;
  *out_context = context;
  return 1;
}

/* One video frame (1/60 s at 44.1 kHz) of a kick on every 16th frame over a soft chord. */
static void add_audio(phosphene_engine* engine, int frame) {
  float samples[735 * 2];
  int i;
  for (i = 0; i < 735; ++i) {
    double t = (frame * 735 + i) / 44100.0;
    double kick = (frame % 16 < 3) ? sin(2.0 * 3.14159265358979 * 55.0 * t) : 0.0;
    double chord =
        0.15 * (sin(2.0 * 3.14159265358979 * 440.0 * t) + sin(2.0 * 3.14159265358979 * 660.0 * t));
    samples[2 * i] = (float)(0.6 * kick + chord);
    samples[2 * i + 1] = (float)(0.6 * kick - chord);
  }
  phosphene_pcm_add_float(engine, samples, 735, 2, 44100);
}

int main(int argc, char** argv) {
  EGLDisplay display;
  EGLContext context;
  GLuint texture = 0, framebuffer = 0;
  phosphene_engine* engine = NULL;
  phosphene_result rc;
  static unsigned char pixels[WIDTH * HEIGHT * 4];
  double sum = 0.0;
  int frame, i, status = 1;

  if (!make_context(&display, &context)) {
    printf("render_preset: no EGL display with OpenGL ES 3.0; skipped\n");
    return 77;
  }
  /* The host's render target: an RGBA8 texture (and a framebuffer to read it back). */
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, WIDTH, HEIGHT);
  glBindTexture(GL_TEXTURE_2D, 0);

  if (phosphene_engine_create(NULL, &engine) != PHOSPHENE_OK) goto done;
  rc = argc > 1 ? phosphene_load_preset_file(engine, argv[1])
                : phosphene_load_preset_text(engine, kPreset, sizeof kPreset - 1);
  if (rc != PHOSPHENE_OK) {
    fprintf(stderr, "render_preset: %s: %s\n", phosphene_result_string(rc),
            phosphene_last_error(engine));
    goto done;
  }
  for (frame = 0; frame < 60; ++frame) {
    add_audio(engine, frame);
    rc = phosphene_render_frame_to_texture(engine, texture, WIDTH, HEIGHT, 0.0);
    if (rc != PHOSPHENE_OK) {
      fprintf(stderr, "render_preset: frame %d: %s\n", frame, phosphene_last_error(engine));
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
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, context);
  eglTerminate(display);
  return status;
}
