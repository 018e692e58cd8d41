#include "SdlWindow.hpp"

#include "gl/Gl.hpp"  // epoxy first: SDL's own GL header is never included

namespace phosphene::platform {

const char* vsyncName(Vsync vsync) {
  switch (vsync) {
    case Vsync::Adaptive:
      return "adaptive";
    case Vsync::On:
      return "on";
    case Vsync::Off:
      return "off";
  }
  return "?";
}

SdlWindow::SdlWindow(Private) {}

SdlWindow::~SdlWindow() {
  if (context_) SDL_GL_DeleteContext(context_);
  if (window_) SDL_DestroyWindow(window_);
  if (videoStarted_) SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

std::unique_ptr<SdlWindow> SdlWindow::create(const SdlWindowOptions& options, std::string& error) {
  auto window = std::make_unique<SdlWindow>(Private{});
  if (!window->open(options, error)) return nullptr;
  return window;
}

bool SdlWindow::open(const SdlWindowOptions& options, std::string& error) {
  // A visualizer that blanks the screen after ten minutes would be useless to leave running.
  SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "0");
  if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
    error = std::string("cannot start SDL video (no display? set DISPLAY or WAYLAND_DISPLAY): ") +
            SDL_GetError();
    return false;
  }
  videoStarted_ = true;
  const int displays = SDL_GetNumVideoDisplays();
  const int display = options.display >= 0 && options.display < displays ? options.display : 0;
  const int x = options.x ? *options.x : static_cast<int>(SDL_WINDOWPOS_CENTERED_DISPLAY(display));
  const int y = options.y ? *options.y : static_cast<int>(SDL_WINDOWPOS_CENTERED_DISPLAY(display));
  Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
  if (options.borderless) flags |= SDL_WINDOW_BORDERLESS;
  if (options.fullscreen) flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
  flags |= options.hidden ? SDL_WINDOW_HIDDEN : SDL_WINDOW_SHOWN;

  // The attributes are read when the window is created (the visual) and again per context.
  const GlApi order[2] = {options.api, options.api == GlApi::Core33 ? GlApi::Es30 : GlApi::Core33};
  const int tries = options.apiForced ? 1 : 2;
  std::string reasons;
  for (int i = 0; i < tries; ++i) {
    const GlApi api = order[i];
    SDL_GL_ResetAttributes();
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_RED_SIZE, 8);
    SDL_GL_SetAttribute(SDL_GL_GREEN_SIZE, 8);
    SDL_GL_SetAttribute(SDL_GL_BLUE_SIZE, 8);
    if (api == GlApi::Es30) {
      SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
      SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
      SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    } else {
      SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
      SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
      SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
      SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
    }
    window_ = SDL_CreateWindow(options.title.c_str(), x, y, options.width, options.height, flags);
    if (!window_) {
      reasons += std::string(glApiName(api)) + ": window: " + SDL_GetError() + "; ";
      continue;
    }
    std::string why;
    if (makeContext(api, why)) {
      applyVsync(options.vsync);
      return true;
    }
    reasons += std::string(glApiName(api)) + ": " + why + "; ";
    SDL_DestroyWindow(window_);
    window_ = nullptr;
  }
  error = "cannot create an OpenGL 3.3 core or OpenGL ES 3.0 context (" + reasons + ")";
  return false;
}

bool SdlWindow::makeContext(GlApi api, std::string& error) {
  context_ = SDL_GL_CreateContext(window_);
  if (!context_) {
    error = SDL_GetError();
    return false;
  }
  if (SDL_GL_MakeCurrent(window_, context_) != 0) {
    error = SDL_GetError();
    SDL_GL_DeleteContext(context_);
    context_ = nullptr;
    return false;
  }
  api_ = api;
  return true;
}

void SdlWindow::applyVsync(Vsync wanted) {
  // Adaptive (late frames tear instead of halving the rate) is not offered everywhere: fall back.
  if (wanted == Vsync::Adaptive) {
    if (SDL_GL_SetSwapInterval(-1) == 0) {
      vsync_ = Vsync::Adaptive;
      return;
    }
    wanted = Vsync::On;
  }
  if (wanted == Vsync::On && SDL_GL_SetSwapInterval(1) == 0) {
    vsync_ = Vsync::On;
    return;
  }
  SDL_GL_SetSwapInterval(0);
  vsync_ = Vsync::Off;
}

void SdlWindow::drawableSize(int& width, int& height) const {
  SDL_GL_GetDrawableSize(window_, &width, &height);
}

void SdlWindow::windowSize(int& width, int& height) const {
  SDL_GetWindowSize(window_, &width, &height);
}

void SdlWindow::position(int& x, int& y) const {
  SDL_GetWindowPosition(window_, &x, &y);
}

bool SdlWindow::fullscreen() const {
  return (SDL_GetWindowFlags(window_) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
}

void SdlWindow::setFullscreen(bool on) {
  SDL_SetWindowFullscreen(window_, on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
}

std::string SdlWindow::description() const {
  const auto* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return std::string(api_ == GlApi::Es30 ? "OpenGL ES 3.0 context" : "OpenGL 3.3 core context") +
         " (" + (version ? version : "?") + ", " + (renderer ? renderer : "?") + "), vsync " +
         vsyncName(vsync_) + ", video driver " + SDL_GetCurrentVideoDriver();
}

void SdlWindow::bindDefaultFramebuffer() const {
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

bool SdlWindow::readBackBuffer(RgbaImage& out, std::string& error) const {
  int w = 0, h = 0;
  drawableSize(w, h);
  if (w <= 0 || h <= 0) {
    error = "the window has no pixels (minimised?)";
    return false;
  }
  out = RgbaImage(w, h);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  if (api_ == GlApi::Core33) glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, out.pixels.data());
  if (const GLenum e = glGetError(); e != GL_NO_ERROR) {
    error = "glReadPixels failed (GL error " + std::to_string(e) + ")";
    return false;
  }
  flipVertically(out);
  for (std::size_t i = 3; i < out.pixels.size(); i += 4) out.pixels[i] = 255;  // opaque PNGs
  return true;
}

}  // namespace phosphene::platform
