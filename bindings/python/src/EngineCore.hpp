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

class EngineCore {
 public:
  struct Options {
    int width = 640, height = 480;
    std::uint64_t seed = 0;
    int meshX = 48, meshY = 36;
    double fps = 60.0;
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

 private:
  phosphene_engine* engine_ = nullptr;
  std::unique_ptr<GlTarget> target_;
  std::mutex mutex_;
  int width_ = 640, height_ = 480;
  double fps_ = 60.0;
};

void registerPlaylist(py::module_& m);

}  // namespace phosphene::python
