// phosphene.hpp — optional header-only C++17 wrapper over phosphene.h. It adds ownership (RAII,
// move-only) and overloads; it adds no behaviour. Every call maps to one C function, documented
// there; nothing here throws.
//
//   phosphene::Engine engine;                          // default description
//   if (!engine) { /* engine.createResult() says why */ }
//   engine.addPcm(samples, frameCount, 2, 48000);      // audio thread
//   phosphene_audio_frame frame;
//   engine.analyze(frame);                             // render thread, fixed clock
#ifndef PHOSPHENE_HPP
#define PHOSPHENE_HPP

#include <phosphene/phosphene.h>

#include <functional>
#include <memory>
#include <string>
#include <utility>

namespace phosphene {

class Engine {
 public:
  using LogFunction = std::function<void(phosphene_log_level, const char*)>;

  explicit Engine(const phosphene_engine_desc& desc = phosphene_engine_desc_default()) noexcept
      : result_(phosphene_engine_create(&desc, &engine_)) {}
  ~Engine() { phosphene_engine_destroy(engine_); }

  Engine(Engine&& other) noexcept
      : engine_(std::exchange(other.engine_, nullptr)),
        result_(other.result_),
        log_(std::move(other.log_)) {}
  Engine& operator=(Engine&& other) noexcept {
    if (this != &other) {
      phosphene_engine_destroy(engine_);
      engine_ = std::exchange(other.engine_, nullptr);
      result_ = other.result_;
      log_ = std::move(other.log_);
    }
    return *this;
  }
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  /// True when creation succeeded; otherwise createResult() is the reason.
  explicit operator bool() const noexcept { return engine_ != nullptr; }
  phosphene_result createResult() const noexcept { return result_; }
  /// The C handle, for calls this wrapper does not cover. Still owned by this object.
  phosphene_engine* get() const noexcept { return engine_; }
  /// phosphene_last_error(); "" when none.
  std::string lastError() const { return phosphene_last_error(engine_); }

  // Producer side (audio thread): phosphene_pcm_add_*.
  phosphene_result addPcm(const float* samples, size_t frames, int channels, int rate) noexcept {
    return phosphene_pcm_add_float(engine_, samples, frames, channels, rate);
  }
  phosphene_result addPcm(const int16_t* samples, size_t frames, int channels, int rate) noexcept {
    return phosphene_pcm_add_int16(engine_, samples, frames, channels, rate);
  }
  phosphene_result addPcm(const uint8_t* samples, size_t frames, int channels, int rate) noexcept {
    return phosphene_pcm_add_uint8(engine_, samples, frames, channels, rate);
  }
  uint64_t droppedPcmFrames() const noexcept { return phosphene_pcm_dropped_frames(engine_); }

  /// phosphene_audio_analyze(); dt_s = 0 steps the fixed clock.
  phosphene_result analyze(phosphene_audio_frame& out, double dt_s = 0.0) noexcept {
    return phosphene_audio_analyze(engine_, dt_s, &out);
  }

  /// Installs a log function (an empty one removes it). It runs on the controller thread.
  phosphene_result setLog(LogFunction fn, phosphene_log_level minLevel = PHOSPHENE_LOG_INFO) {
    if (!fn) {
      const phosphene_result r = phosphene_set_log_callback(engine_, nullptr, nullptr, minLevel);
      log_.reset();
      return r;
    }
    // Heap-held so its address survives moves of this Engine.
    auto holder = std::make_unique<LogFunction>(std::move(fn));
    const phosphene_result r =
        phosphene_set_log_callback(engine_, &Engine::forwardLog, holder.get(), minLevel);
    if (r == PHOSPHENE_OK) log_ = std::move(holder);
    return r;
  }

 private:
  static void forwardLog(void* user, phosphene_log_level level, const char* message) {
    (*static_cast<LogFunction*>(user))(level, message);
  }

  phosphene_engine* engine_ = nullptr;
  phosphene_result result_ = PHOSPHENE_OK;
  std::unique_ptr<LogFunction> log_;
};

}  // namespace phosphene

#endif  // PHOSPHENE_HPP
