#pragma once
// Engine: one visualizer instance. For now it ties together the per-engine logger and last
// error, the PCM input, the audio analyser and the frame clock; presets, rendering and
// transitions join it as their stages land. The C API is a thin skin over this class.
//
// Threads: pcm() is the producer side (audio thread); everything else is the controller side.

#include <cstddef>
#include <cstdint>
#include <string>

#include "audio/Analyzer.hpp"
#include "audio/FrameAudio.hpp"
#include "audio/PcmInput.hpp"
#include "clock/FrameClock.hpp"
#include "clock/Random.hpp"
#include "core/Logger.hpp"

namespace phosphene::engine {

struct EngineSettings {
  double fps = 60.0;  // fixed-clock frame rate
  std::uint64_t seed = 0;
  std::size_t pcmRingFrames = audio::kDefaultRingFrames;
  bool alignWaves = true;  // MD2's AlignWaves (audio/WaveAligner.hpp)
};

class Engine {
 public:
  explicit Engine(const EngineSettings& settings = {});

  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  core::Logger& logger() { return logger_; }
  audio::PcmInput& pcm() { return pcm_; }
  const audio::PcmInput& pcm() const { return pcm_; }

  /// Advances the clock (dt_s as FrameClock::advance) and analyses the audio received since the
  /// previous frame. False (with lastError set) when dt_s is not acceptable.
  bool analyzeFrame(double dt_s);
  const audio::FrameAudio& audio() const { return audio_; }
  const clock::FrameClock& clock() const { return clock_; }
  clock::Random& random() { return random_; }
  const EngineSettings& settings() const { return settings_; }

  void setLastError(std::string message);
  void reportInputProblems();
  void clearLastError() { lastError_.clear(); }
  const std::string& lastError() const { return lastError_; }

 private:
  EngineSettings settings_;
  core::Logger logger_;
  std::string lastError_;
  audio::PcmInput pcm_;
  audio::Analyzer analyzer_;
  audio::FrameAudio audio_;
  clock::FrameClock clock_;
  clock::Random random_;
  std::uint64_t nonFiniteReported_ = 0;
  double nonFiniteReportTime_ = -1e9;
};

}  // namespace phosphene::engine
