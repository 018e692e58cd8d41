#pragma once
// Where an Engine draws: its own headless EGL context (made current only during its calls, then
// the caller's context, if any, is current again) or the caller's current context; and the RGBA8
// framebuffer it draws into and reads back from.

#include <EGL/egl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "CallerContext.hpp"
#include "HeadlessEglContext.hpp"
#include "ReadbackFramebuffer.hpp"

namespace phosphene::python {

class GlTarget {
 public:
  /// "own": a headless context for `api` (nullptr with `error` when EGL cannot give one).
  static std::unique_ptr<GlTarget> createOwn(GlApi api, std::string& error);
  /// "current": draws in whichever context the caller has current at each call.
  static std::unique_ptr<GlTarget> useCurrent();
  struct Private {};  // only the factories construct
  explicit GlTarget(Private) {}
  ~GlTarget();
  GlTarget(const GlTarget&) = delete;
  GlTarget& operator=(const GlTarget&) = delete;

  /// Makes the engine's context current for one call (own: ours, the caller's again after;
  /// current: checks one is current). False with `error` when no context can be used.
  class Scope {
   public:
    Scope(GlTarget& target, std::string& error);
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    bool ok() const { return ok_; }

   private:
    std::optional<RestoreCallerContext> restore_;  // own context only
    bool ok_ = false;
  };

  /// A framebuffer of width x height in the context now current (made again when the size
  /// changes). False with `error` on GL failure. Call inside a Scope.
  bool ensureFramebuffer(int width, int height, std::string& error);
  std::uint32_t framebuffer() const { return framebuffer_ ? framebuffer_->id() : 0u; }
  /// Reads the framebuffer as RGBA8, top row first, into `out` (width*height*4 bytes).
  void readTopDown(std::uint8_t* out) const { framebuffer_->readTopDown(out); }

  /// Before the engine goes: true when its GL objects may be deleted (its context is current on
  /// this thread now, inside `scope`); false means they must be abandoned without a GL call.
  bool canDeleteObjects(const Scope& scope) const;
  /// Deletes the framebuffer, or with deleteObjects false forgets it without a GL call.
  void dropFramebuffer(bool deleteObjects);

 private:
  std::unique_ptr<HeadlessEglContext> context_;  // "own" only
  std::unique_ptr<ReadbackFramebuffer> framebuffer_;
  EGLContext drawnIn_ = EGL_NO_CONTEXT;  // "current": the EGL context of the first draw
};

}  // namespace phosphene::python
