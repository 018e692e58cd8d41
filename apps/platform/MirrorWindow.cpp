#include "MirrorWindow.hpp"

#include <algorithm>
#include <cmath>

#include "gl/Gl.hpp"  // epoxy first: SDL's own GL header is never included

namespace phosphene::platform {
namespace {

// The state the copies change, put back afterwards: the player's overlay and the engine set what
// they use, but the player binds and reads the default framebuffer between them.
class BlitStateGuard {
 public:
  BlitStateGuard() {
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_);
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_);
    glGetIntegerv(GL_VIEWPORT, viewport_);
    glGetFloatv(GL_COLOR_CLEAR_VALUE, clear_);
    scissor_ = glIsEnabled(GL_SCISSOR_TEST) == GL_TRUE;
    glDisable(GL_SCISSOR_TEST);
  }
  ~BlitStateGuard() {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(read_));
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(draw_));
    glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
    glClearColor(clear_[0], clear_[1], clear_[2], clear_[3]);
    if (scissor_) glEnable(GL_SCISSOR_TEST);
  }
  BlitStateGuard(const BlitStateGuard&) = delete;
  BlitStateGuard& operator=(const BlitStateGuard&) = delete;

 private:
  GLint read_ = 0, draw_ = 0;
  GLint viewport_[4] = {};
  GLfloat clear_[4] = {};
  bool scissor_ = false;
};

}  // namespace

MirrorWindow::MirrorWindow(Private, SdlWindow& main) : main_(&main) {}

MirrorWindow::~MirrorWindow() {
  // The copy belongs to the main window's context: current on the main window again first.
  if (main_->makeCurrent()) {
    if (framebuffer_ != 0) glDeleteFramebuffers(1, &framebuffer_);
    if (texture_ != 0) glDeleteTextures(1, &texture_);
  }
  if (window_) SDL_DestroyWindow(window_);
}

std::unique_ptr<MirrorWindow> MirrorWindow::create(SdlWindow& main,
                                                   const MirrorWindowOptions& options,
                                                   std::string& error) {
  // SDL minimises a fullscreen window that loses the focus: a projector would go dark whenever
  // the main window is clicked.
  SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0");
  auto mirror = std::make_unique<MirrorWindow>(Private{}, main);
  const int displays = SDL_GetNumVideoDisplays();
  const int display = options.display >= 0 && options.display < displays ? options.display : 0;
  const int at = static_cast<int>(SDL_WINDOWPOS_CENTERED_DISPLAY(display));
  // The GL attributes the main window was made with are still set, so the mirror gets a visual
  // the same context can draw into.
  Uint32 flags =
      SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI | SDL_WINDOW_SHOWN;
  if (options.fullscreen) flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
  mirror->window_ = SDL_CreateWindow(options.title.c_str(), at, at, std::max(1, options.width),
                                     std::max(1, options.height), flags);
  if (!mirror->window_) {
    error = std::string("cannot open the mirror window: ") + SDL_GetError();
    return nullptr;
  }
  glGenFramebuffers(1, &mirror->framebuffer_);
  glGenTextures(1, &mirror->texture_);
  // Black until the first picture, and a check that the context draws into this window.
  if (!mirror->present(nullptr, error)) return nullptr;
  return mirror;
}

void MirrorWindow::capture(int width, int height) {
  if (width <= 0 || height <= 0 || framebuffer_ == 0) return;
  const BlitStateGuard state;
  if (width != copyWidth_ || height != copyHeight_) {
    GLint texture = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture);
    glBindTexture(GL_TEXTURE_2D, texture_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture));
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer_);
    glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_, 0);
    copyWidth_ = width;
    copyHeight_ = height;
  }
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer_);
  glBlitFramebuffer(0, 0, width, height, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  capturedWidth_ = width;
  capturedHeight_ = height;
}

bool MirrorWindow::present(RgbaImage* shot, std::string& error) {
  if (SDL_GL_MakeCurrent(window_, main_->context()) != 0) {
    error = std::string("cannot draw into the mirror window: ") + SDL_GetError();
    main_->makeCurrent();
    return false;
  }
  // The main window keeps its vsync; the mirror's swap must not wait for a second vblank.
  if (!swapIntervalSet_) {
    SDL_GL_SetSwapInterval(0);
    swapIntervalSet_ = true;
  }
  int w = 0, h = 0;
  SDL_GL_GetDrawableSize(window_, &w, &h);
  {
    const BlitStateGuard state;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, w, h);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    if (capturedWidth_ > 0 && w > 0 && h > 0) {
      // The whole picture, its shape kept, centred: black bars where the shapes differ.
      const double scale = std::min(static_cast<double>(w) / capturedWidth_,
                                    static_cast<double>(h) / capturedHeight_);
      const int dw = std::max(1, static_cast<int>(std::lround(capturedWidth_ * scale)));
      const int dh = std::max(1, static_cast<int>(std::lround(capturedHeight_ * scale)));
      const int x0 = (w - dw) / 2, y0 = (h - dh) / 2;
      glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
      glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
      glBlitFramebuffer(0, 0, capturedWidth_, capturedHeight_, x0, y0, x0 + dw, y0 + dh,
                        GL_COLOR_BUFFER_BIT, GL_LINEAR);
    }
    if (shot != nullptr && w > 0 && h > 0) {
      *shot = RgbaImage(w, h);
      glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
      glReadBuffer(GL_BACK);
      glPixelStorei(GL_PACK_ALIGNMENT, 1);
      glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, shot->pixels.data());
      flipVertically(*shot);
      for (std::size_t i = 3; i < shot->pixels.size(); i += 4) shot->pixels[i] = 255;
    }
  }
  SDL_GL_SwapWindow(window_);
  if (!main_->makeCurrent()) {
    error = std::string("cannot make the main window current again: ") + SDL_GetError();
    return false;
  }
  return true;
}

}  // namespace phosphene::platform
