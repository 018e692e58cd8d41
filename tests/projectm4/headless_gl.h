/*
 * headless_gl.h — what the projectM host-pattern programs and tests share: a headless OpenGL ES
 * 3.0 context (EGL on Mesa's surfaceless platform, as examples/example_gl.h makes), a host
 * framebuffer to render into and read back, and music to feed: a kick every 16th frame over a
 * chord, so frames change with it. Static functions, so each program stays one file plus this.
 */
#ifndef PHOSPHENE_TESTS_PROJECTM4_HEADLESS_GL_H
#define PHOSPHENE_TESTS_PROJECTM4_HEADLESS_GL_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <math.h>
#include <stdint.h>

typedef struct headless_gl {
  EGLDisplay display;
  EGLContext context;
} headless_gl;

/* Makes an ES 3.0 context current without a surface; 0 when there is no EGL display. */
static inline int headless_gl_open(headless_gl* gl) {
  PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  static const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_DONT_CARE, EGL_RENDERABLE_TYPE,
                                          EGL_OPENGL_ES3_BIT, EGL_NONE};
  static const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION,
                                           0, EGL_NONE};
  EGLint major = 0, minor = 0, count = 0;
  EGLConfig config;
  gl->display = EGL_NO_DISPLAY;
  gl->context = EGL_NO_CONTEXT;
  if (get_display != NULL)
    gl->display = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  if (gl->display == EGL_NO_DISPLAY || !eglInitialize(gl->display, &major, &minor)) return 0;
  if (!eglBindAPI(EGL_OPENGL_ES_API) ||
      !eglChooseConfig(gl->display, config_attribs, &config, 1, &count) || count < 1)
    return 0;
  gl->context = eglCreateContext(gl->display, config, EGL_NO_CONTEXT, context_attribs);
  return gl->context != EGL_NO_CONTEXT &&
         eglMakeCurrent(gl->display, EGL_NO_SURFACE, EGL_NO_SURFACE, gl->context);
}

static inline void headless_gl_close(headless_gl* gl) {
  eglMakeCurrent(gl->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(gl->display, gl->context);
  eglTerminate(gl->display);
}

/* A host framebuffer with an RGBA8 colour texture of width x height. */
typedef struct host_framebuffer {
  GLuint framebuffer, texture;
  int width, height;
} host_framebuffer;

static inline void host_framebuffer_make(host_framebuffer* fb, int width, int height) {
  fb->width = width;
  fb->height = height;
  glGenTextures(1, &fb->texture);
  glBindTexture(GL_TEXTURE_2D, fb->texture);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, width, height);
  glBindTexture(GL_TEXTURE_2D, 0);
  glGenFramebuffers(1, &fb->framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, fb->framebuffer);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, fb->texture, 0);
  glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
}

static inline void host_framebuffer_free(host_framebuffer* fb) {
  glDeleteFramebuffers(1, &fb->framebuffer);
  glDeleteTextures(1, &fb->texture);
}

/* Reads the framebuffer into pixels (width * height * 4 bytes). */
static inline void host_framebuffer_read(const host_framebuffer* fb, unsigned char* pixels) {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fb->framebuffer);
  glReadPixels(0, 0, fb->width, fb->height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
}

/* Mean of the RGB channels, 0..255. */
static inline double pixels_mean(const unsigned char* pixels, int count) {
  double sum = 0.0;
  int i;
  for (i = 0; i < count; ++i) sum += pixels[4 * i] + pixels[4 * i + 1] + pixels[4 * i + 2];
  return sum / (3.0 * count);
}

/* Fraction of pixels whose RGB differs between two images. */
static inline double pixels_changed(const unsigned char* a, const unsigned char* b, int count) {
  int i, changed = 0;
  for (i = 0; i < count; ++i)
    if (a[4 * i] != b[4 * i] || a[4 * i + 1] != b[4 * i + 1] || a[4 * i + 2] != b[4 * i + 2])
      ++changed;
  return (double)changed / count;
}

/* 735 stereo frames (1/60 s at 44.1 kHz) of music for video frame `frame`. */
static inline void music_frame(int frame, float* interleaved_stereo) {
  int i;
  for (i = 0; i < 735; ++i) {
    double t = (frame * 735 + i) / 44100.0;
    double kick = (frame % 16 < 3) ? sin(2.0 * 3.14159265358979 * 55.0 * t) : 0.0;
    double chord =
        0.15 * (sin(2.0 * 3.14159265358979 * 440.0 * t) + sin(2.0 * 3.14159265358979 * 660.0 * t));
    interleaved_stereo[2 * i] = (float)(0.6 * kick + chord);
    interleaved_stereo[2 * i + 1] = (float)(0.6 * kick - chord);
  }
}

#endif /* PHOSPHENE_TESTS_PROJECTM4_HEADLESS_GL_H */
