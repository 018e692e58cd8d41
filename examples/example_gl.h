/*
 * example_gl.h: what the rendering examples share: a headless OpenGL ES 3.0 context (EGL on
 * Mesa's surfaceless platform: no window, no GPU needed) and a synthetic beat to feed the engine.
 * Static functions in a header so that each example stays one file plus this one.
 */
#ifndef PHOSPHENE_EXAMPLE_GL_H
#define PHOSPHENE_EXAMPLE_GL_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <math.h>

#include <phosphene/phosphene.h>

/* Makes an ES 3.0 context current without any surface. Returns 0 when there is no EGL display. */
static int example_make_context(EGLDisplay* out_display, EGLContext* out_context) {
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

/* Releases what example_make_context made. */
static void example_drop_context(EGLDisplay display, EGLContext context) {
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, context);
  eglTerminate(display);
}

/* One video frame (1/60 s at 44.1 kHz) of a kick on every 16th frame over a soft chord. */
static void example_add_audio(phosphene_engine* engine, int frame) {
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
  phosphene_engine_add_pcm_float(engine, samples, 735, 2, 44100);
}

/* A host-owned RGBA8 texture of width x height to render into. */
static GLuint example_make_texture(int width, int height) {
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, width, height);
  glBindTexture(GL_TEXTURE_2D, 0);
  return texture;
}

#endif /* PHOSPHENE_EXAMPLE_GL_H */
