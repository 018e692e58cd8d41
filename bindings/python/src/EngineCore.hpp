#pragma once
// The state behind phosphene.Engine: one phosphene_engine, where it draws (GlTarget), and a lock,
// since the GIL is released while it renders and another Python thread may call in meanwhile.

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "Bindings.hpp"
#include "GlTarget.hpp"

namespace phosphene::python {

/// The PCM ring of every engine the binding makes (frames at the analysis rate): a whole video
/// frame of audio even at the lowest fps, as `phosphene render` sizes it, so that feeding one
/// frame's samples at a time never drops any.
inline constexpr std::uint32_t kPcmBufferFrames = 1u << 17;
static_assert(kPcmBufferFrames >= PHOSPHENE_ANALYSIS_SAMPLE_RATE / PHOSPHENE_MIN_FPS &&
              kPcmBufferFrames <= PHOSPHENE_MAX_PCM_BUFFER_FRAMES);

class EngineCore {
 public:
  struct Options {
    int width = 640, height = 480;
    std::uint64_t seed = 0;
    int meshX = PHOSPHENE_DEFAULT_MESH_X, meshY = PHOSPHENE_DEFAULT_MESH_Y;
    double fps = PHOSPHENE_DEFAULT_FPS;
    std::string gl = "3.3";
    std::string context = "own";
  };
  explicit EngineCore(const Options& options);
  ~EngineCore();
  EngineCore(const EngineCore&) = delete;
  EngineCore& operator=(const EngineCore&) = delete;

  /// Destroys the engine, its GL objects and its context; idempotent. Never raises.
  void close() noexcept;
  bool closed() const { return engine_ == nullptr; }
  /// The engine, or phosphene.Error when closed. Hold mutex() while using it.
  phosphene_engine* get() const;
  std::mutex& mutex() { return mutex_; }
  /// The engine or nullptr when closed, for code running without the GIL (which cannot raise).
  phosphene_engine* raw() const { return engine_; }
  /// The engine's last error, for messages.
  std::string lastError() const;

  GlTarget& target() { return *target_; }
  int width() const { return width_; }
  int height() const { return height_; }
  void setSize(int width, int height) {
    width_ = width;
    height_ = height;
  }
  double fps() const { return fps_; }
  bool textureDirsGiven = false;  // set_texture_dirs called: no default folders per preset file
  // set_textures' images (CanvasBinding.cpp), read by the engine's texture provider while it
  // draws: replaced only under mutex(), freed after the engine.
  std::shared_ptr<void> hostTextures;

 private:
  phosphene_engine* engine_ = nullptr;
  std::unique_ptr<GlTarget> target_;
  std::mutex mutex_;
  int width_ = 640, height_ = 480;
  double fps_ = PHOSPHENE_DEFAULT_FPS;
};

/// Raises phosphene.Error "WHAT: <result>: <last error>" unless `rc` is PHOSPHENE_OK.
void checkResult(EngineCore& core, phosphene_result rc, const char* what);

void registerPlaylist(py::module_& m);

}  // namespace phosphene::python
