#include "HeadlessContext.hpp"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdlib>
#include <cstring>

namespace phosphene::platform {
namespace {

constexpr const char* kInstallHint =
    "install Mesa's EGL and software rasteriser (Debian/Ubuntu: apt-get install libegl1 "
    "libegl-mesa0 libgl1-mesa-dri; scripts/deps.sh does it)";

bool hasToken(const char* list, const char* token) {
  if (!list) return false;
  const std::size_t n = std::strlen(token);
  for (const char* p = std::strstr(list, token); p; p = std::strstr(p + 1, token))
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
  return false;
}

std::string eglErrorName(EGLint e) {
  switch (e) {
    case EGL_SUCCESS:
      return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED:
      return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS:
      return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC:
      return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE:
      return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG:
      return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT:
      return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY:
      return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH:
      return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER:
      return "EGL_BAD_PARAMETER";
    case EGL_BAD_SURFACE:
      return "EGL_BAD_SURFACE";
    default:
      return "EGL error " + std::to_string(e);
  }
}

core::Diagnostic unavailable(std::string message) {
  return core::makeDiagnostic(core::DiagnosticId::GlUnavailable, std::move(message), "egl");
}

}  // namespace

const char* glApiName(GlApi api) {
  return api == GlApi::Es30 ? "es3" : "3.3";
}

struct HeadlessContext::State {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context = EGL_NO_CONTEXT;
  EGLSurface surface = EGL_NO_SURFACE;  // only on the pbuffer fallback
  GlApi api = GlApi::Core33;
  std::string description;

  ~State() {
    if (display == EGL_NO_DISPLAY) return;
    if (eglGetCurrentContext() == context)
      eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
    if (surface != EGL_NO_SURFACE) eglDestroySurface(display, surface);
    // No eglTerminate: EGL displays are per process, so terminating would destroy every other
    // HeadlessContext on the same display (two engines, GL 3.3 + ES tests in one process).
  }
};

HeadlessContext::HeadlessContext(std::unique_ptr<State> state) : state_(std::move(state)) {}
HeadlessContext::HeadlessContext(HeadlessContext&&) noexcept = default;
HeadlessContext& HeadlessContext::operator=(HeadlessContext&&) noexcept = default;
HeadlessContext::~HeadlessContext() = default;

core::Expected<HeadlessContext> HeadlessContext::create(const HeadlessOptions& options) {
  // Mesa reads this when it loads its driver; it must be set before the first display opens.
  // overwrite=0: a user who set it either way keeps their choice.
  if (options.software) setenv("LIBGL_ALWAYS_SOFTWARE", "1", 0);
  if (options.rasterThreads >= 0)
    setenv("LP_NUM_THREADS", std::to_string(options.rasterThreads).c_str(), 0);

  auto state = std::make_unique<State>();
  state->api = options.api;
  const char* clientExts = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  bool surfaceless = false;
  auto getPlatformDisplay = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
      eglGetProcAddress("eglGetPlatformDisplayEXT"));
  if (options.display != EglDisplayChoice::DefaultWithPbuffer && getPlatformDisplay &&
      hasToken(clientExts, "EGL_MESA_platform_surfaceless")) {
    state->display =
        getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    surfaceless = state->display != EGL_NO_DISPLAY;
  }
  EGLint major = 0, minor = 0;
  if (surfaceless && !eglInitialize(state->display, &major, &minor)) {
    surfaceless = false;
    state->display = EGL_NO_DISPLAY;
  }
  if (!surfaceless && options.display == EglDisplayChoice::Surfaceless)
    return unavailable(std::string("no EGL surfaceless display (EGL_MESA_platform_surfaceless): ") +
                       kInstallHint);
  if (!surfaceless) {
    // Without a window system, Mesa's default display can only work on its surfaceless platform,
    // which it picks from EGL_PLATFORM (other EGL implementations ignore the variable).
    if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY"))
      setenv("EGL_PLATFORM", "surfaceless", 0);
    state->display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    if (state->display == EGL_NO_DISPLAY)
      return unavailable(std::string("no EGL display: ") + kInstallHint);
    if (!eglInitialize(state->display, &major, &minor)) {
      const std::string err = eglErrorName(eglGetError());
      state->display = EGL_NO_DISPLAY;
      return unavailable("no EGL display (eglInitialize: " + err + "): " + kInstallHint);
    }
  }

  const bool es = options.api == GlApi::Es30;
  if (!eglBindAPI(es ? EGL_OPENGL_ES_API : EGL_OPENGL_API))
    return core::makeDiagnostic(core::DiagnosticId::GlVersionTooLow,
                                std::string("EGL display cannot create ") +
                                    (es ? "OpenGL ES" : "desktop OpenGL") + " contexts",
                                "egl");

  const EGLint configAttribs[] = {EGL_SURFACE_TYPE,
                                  surfaceless ? 0 : EGL_PBUFFER_BIT,
                                  EGL_RENDERABLE_TYPE,
                                  es ? EGL_OPENGL_ES3_BIT : EGL_OPENGL_BIT,
                                  EGL_RED_SIZE,
                                  8,
                                  EGL_GREEN_SIZE,
                                  8,
                                  EGL_BLUE_SIZE,
                                  8,
                                  EGL_ALPHA_SIZE,
                                  8,
                                  EGL_NONE};
  EGLConfig config = nullptr;
  EGLint configs = 0;
  if (!eglChooseConfig(state->display, configAttribs, &config, 1, &configs) || configs < 1)
    return core::makeDiagnostic(
        core::DiagnosticId::GlVersionTooLow,
        std::string("no EGL config for ") + (es ? "OpenGL ES 3" : "desktop OpenGL") + " with RGBA8",
        "egl");

  EGLint contextAttribs[16];
  int n = 0;
  contextAttribs[n++] = EGL_CONTEXT_MAJOR_VERSION;
  contextAttribs[n++] = 3;
  contextAttribs[n++] = EGL_CONTEXT_MINOR_VERSION;
  contextAttribs[n++] = es ? 0 : 3;
  if (!es) {
    contextAttribs[n++] = EGL_CONTEXT_OPENGL_PROFILE_MASK;
    contextAttribs[n++] = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
  }
  if (options.debug) {
    contextAttribs[n++] = EGL_CONTEXT_OPENGL_DEBUG;
    contextAttribs[n++] = EGL_TRUE;
  }
  contextAttribs[n++] = EGL_NONE;
  state->context = eglCreateContext(state->display, config, EGL_NO_CONTEXT, contextAttribs);
  if (state->context == EGL_NO_CONTEXT)
    return core::makeDiagnostic(core::DiagnosticId::GlVersionTooLow,
                                std::string("cannot create an ") +
                                    (es ? "OpenGL ES 3.0" : "OpenGL 3.3 core") +
                                    " context: " + eglErrorName(eglGetError()),
                                "egl");

  if (!surfaceless) {
    const EGLint pbufferAttribs[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
    state->surface = eglCreatePbufferSurface(state->display, config, pbufferAttribs);
    if (state->surface == EGL_NO_SURFACE)
      return unavailable("cannot create an EGL pbuffer: " + eglErrorName(eglGetError()));
  }
  if (!eglMakeCurrent(state->display, state->surface, state->surface, state->context))
    return core::makeDiagnostic(core::DiagnosticId::GlVersionTooLow,
                                "eglMakeCurrent failed: " + eglErrorName(eglGetError()), "egl");

  const char* vendor = eglQueryString(state->display, EGL_VENDOR);
  state->description = "EGL " + std::to_string(major) + "." + std::to_string(minor) + " (" +
                       (vendor ? vendor : "unknown vendor") + "), " +
                       (surfaceless ? "surfaceless platform" : "default display, pbuffer");
  return HeadlessContext(std::move(state));
}

bool HeadlessContext::makeCurrent() const {
  if (!state_) return false;
  // eglMakeCurrent binds for the API last bound with eglBindAPI on this thread.
  eglBindAPI(state_->api == GlApi::Es30 ? EGL_OPENGL_ES_API : EGL_OPENGL_API);
  return eglMakeCurrent(state_->display, state_->surface, state_->surface, state_->context) ==
         EGL_TRUE;
}

GlApi HeadlessContext::api() const {
  return state_ ? state_->api : GlApi::Core33;
}

std::string HeadlessContext::description() const {
  return state_ ? state_->description : "";
}

}  // namespace phosphene::platform
