#include "engine/Engine.hpp"

#include <cmath>
#include <string>

#include <utility>
#include "core/Diagnostic.hpp"

namespace phosphene::engine {

Engine::Engine(const EngineSettings& settings)
    : settings_(settings),
      pcm_(settings.pcmRingFrames),
      analyzer_(audio::AnalyzerSettings{.alignWaves = settings.alignWaves}),
      clock_(settings.fps),
      random_(settings.seed) {}

void Engine::setLastError(std::string message) {
  logger_.log(core::LogLevel::Error, message);
  lastError_ = std::move(message);
}

// The producer cannot log (it runs in the host's audio callback), so the controller reports what
// the producer counted: at most one warning per 10 seconds of engine time.
void Engine::reportInputProblems() {
  const std::uint64_t nonFinite = pcm_.nonFiniteSamples();
  if (nonFinite == nonFiniteReported_ || clock_.time() - nonFiniteReportTime_ < 10.0) return;
  logger_.log(core::LogLevel::Warning,
              core::makeDiagnostic(core::DiagnosticId::AudioNonFiniteSamples,
                                   std::to_string(nonFinite - nonFiniteReported_) +
                                       " non-finite PCM samples (NaN or infinity) replaced by 0")
                  .format());
  nonFiniteReported_ = nonFinite;
  nonFiniteReportTime_ = clock_.time();
}

bool Engine::analyzeFrame(double dt_s) {
  // Longer gaps are a paused host, not a frame; MilkDrop 2 clamps those too (DoTime).
  if (!std::isfinite(dt_s) || dt_s < 0.0 || dt_s > 10.0) {
    setLastError("frame time must be 0 (fixed clock) or between 0 and 10 seconds");
    return false;
  }
  clock_.advance(dt_s);
  pcm_.collect();
  reportInputProblems();
  const audio::FrameTiming timing{clock_.frame(), static_cast<float>(clock_.fps()), clock_.dt()};
  audio_ = analyzer_.analyze(pcm_.window(), timing);
  return true;
}

}  // namespace phosphene::engine
