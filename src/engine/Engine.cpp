#include "engine/Engine.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <string>
#include <utility>

#include "core/Diagnostic.hpp"
#include "engine/PresetShaderTranslation.hpp"

namespace phosphene::engine {
const char* switchReasonName(SwitchReason reason) {
  switch (reason) {
    case SwitchReason::User:
      return "user";
    case SwitchReason::Auto:
      return "auto";
    case SwitchReason::HardCut:
      return "hard-cut";
    case SwitchReason::Beat:
      return "beat";
    case SwitchReason::LoadFailed:
      return "load-failed";
    case SwitchReason::OverBudget:
      return "over-budget";
  }
  return "?";
}

Engine::Engine(const EngineSettings& settings)
    : settings_(settings),
      pcm_(settings.pcmRingFrames),
      analyzer_(audio::AnalyzerSettings{.alignWaves = settings.alignWaves}),
      clock_(settings.fps),
      random_(settings.seed),
      switchRandom_(settings.seed ^ 0x5717c4e5a11ce5edULL),
      gpu_([this](render::SlotId id, shader::Dialect dialect, render::PresetShaders shaders) {
        // The renderer's dialect, known at the link: a cache hit when the loader translated for
        // it (the SPIR-V half, where errors come from, is shared by both dialects).
        if (const PresetSlot* slot = slotWithId(id); slot != nullptr && slot->runtime) {
          TranslatedPresetShaders t = translatePresetShaders(slot->runtime->program().preset(),
                                                             dialect, translations_, nullptr);
          shaders.warp = std::move(t.warp);
          shaders.comp = std::move(t.comp);
        }
        return shaders;
      }) {}

Engine::~Engine() = default;

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
  if (nextFrameTime_ && dt_s == 0.0) dt_s = *nextFrameTime_ - clock_.time();
  nextFrameTime_.reset();
  clock_.advance(dt_s);
  pcm_.collect();
  reportInputProblems();
  const audio::FrameTiming timing{clock_.frame(), static_cast<float>(clock_.fps()), clock_.dt()};
  audio_ = analyzer_.analyze(pcm_.window(), timing);
  return true;
}

bool Engine::setNextFrameTime(double time) {
  const double step = time - clock_.time();
  if (!std::isfinite(time) || !(step > 0.0) || step > 10.0) {
    setLastError("frame time must be later than the current frame's, by at most 10 seconds");
    return false;
  }
  nextFrameTime_ = time;
  return true;
}

void Engine::emit(EngineEvent event) {
  // The listener hears every event, also those a host that never polls would lose below.
  if (eventListener_) eventListener_(event);
  // A host that never reads events must not make the engine grow without bound.
  if (events_.size() >= kMaxQueuedEvents) events_.pop_front();
  events_.push_back(std::move(event));
}

bool Engine::pollEvent(EngineEvent& out) {
  if (events_.empty()) return false;
  out = std::move(events_.front());
  events_.pop_front();
  return true;
}

std::vector<EngineEvent> Engine::takeEvents() {
  std::vector<EngineEvent> all(std::make_move_iterator(events_.begin()),
                               std::make_move_iterator(events_.end()));
  events_.clear();
  return all;
}

void Engine::scheduleNextSwitch(double blendSeconds) {
  double wait = switch_.presetDuration;
  if (switch_.presetDurationRandom > 0.0)
    wait += switch_.presetDurationRandom * switchRandom_.uniform();
  if (switch_.durationIncludesBlend) wait += blendSeconds;
  // An automatic switch counts from when it was due, not from the frame that made it, so a
  // sequence keeps its rhythm (every S seconds exactly) instead of drifting by up to a frame
  // at each switch.
  const double from =
      switchDue_ >= 0.0 && clock_.time() - switchDue_ < 1.0 ? switchDue_ : clock_.time();
  switchDue_ = -1.0;
  nextSwitchTime_ = from + wait;
}

void Engine::setSwitchSettings(const SwitchSettings& settings) {
  switch_ = settings;
  analyzer_.setBeatSensitivity(static_cast<float>(switch_.beatSensitivity));
  if (current_.runtime)
    current_.runtime->setIterationBudgetPerFrame(switch_.iterationBudgetPerFrame);
  if (outgoing_.runtime)
    outgoing_.runtime->setIterationBudgetPerFrame(switch_.iterationBudgetPerFrame);
  if (current_.runtime) scheduleNextSwitch(0.0);
}

bool Engine::switchToNext(SwitchReason reason, double transitionSeconds) {
  if (!provider_) return false;
  std::optional<PresetSource> next = provider_(reason);
  if (!next) return false;
  requestPreset(std::move(*next), transitionSeconds, reason);
  return true;
}

void Engine::applySwitchPolicy() {
  if (!provider_ || switch_.locked || loadPending() || !current_.runtime) return;
  const double now = clock_.time();
  if (switch_.loudnessHardCuts && audio_.hard_cut) {
    switchToNext(SwitchReason::HardCut, 0.0);
    return;
  }
  if (switch_.beatHardCuts && audio_.beat && now - lastBeatCut_ >= switch_.beatHardCutMinInterval) {
    lastBeatCut_ = now;
    switchToNext(SwitchReason::Beat, 0.0);
    return;
  }
  // The fixed clock adds 1/fps per frame: allow for the rounding of that sum.
  if (switch_.autoSwitch && nextSwitchTime_ >= 0.0 && now + 1e-6 >= nextSwitchTime_) {
    switchDue_ = nextSwitchTime_;
    nextSwitchTime_ = -1.0;
    switchToNext(SwitchReason::Auto, switch_.blendTimeAuto);
  }
}

double Engine::transitionProgress() const {
  return transition_.progress(clock_.time());
}

void Engine::endTransition() {
  retire(outgoing_);  // its GL programs go at the next draw, with the context current
  transition_.end();
  frameDrawable_ = false;
  if (current_.runtime) current_.runtime->setBlendedBase(nullptr);
  emit(eventAbout(current_, EngineEvent::Type::TransitionEnded, SwitchReason::User));
}

void Engine::setTextureSearchPath(std::vector<std::filesystem::path> dirs) {
  textureSearch_ = std::move(dirs);
  gpu_.setTextureSearchPath(textureSearch_);  // every slot relinks with them
}

std::vector<std::filesystem::path> Engine::effectiveTextureSearchPath() const {
  return gpu_.searchPathFor(current_.id);
}

void Engine::setDrawableSize(int width, int height) {
  drawableWidth_ = std::max(0, width);
  drawableHeight_ = std::max(0, height);
}

void Engine::setMeshSize(int meshX, int meshY) {
  meshX_ = std::clamp(meshX, kMinMeshX, kMaxMeshX);
  meshY_ = std::clamp(meshY, kMinMeshY, kMaxMeshY);
}

FrameResult Engine::glFailure(core::Diagnostics problems, const char* what) {
  setLastError(std::string(what) + ": " + problems.front().format());
  for (std::size_t i = 1; i < problems.size(); ++i)
    logger_.log(core::LogLevel::Error, std::string(what) + ": " + problems[i].format());
  const FrameStatus status = problems.front().id == core::DiagnosticId::GlVersionTooLow
                                 ? FrameStatus::GlVersion
                                 : FrameStatus::GlError;
  return {status, std::move(problems)};
}

const PresetSlot* Engine::slotWithId(render::SlotId id) const {
  if (id == 0) return nullptr;
  if (current_.id == id) return &current_;
  if (outgoing_.id == id) return &outgoing_;
  if (incoming_ && incoming_->staged && incoming_->staged->id == id) return &*incoming_->staged;
  return nullptr;
}

void Engine::reportLinks(const std::vector<render::LinkReport>& links) {
  for (const render::LinkReport& link : links) {
    const PresetSlot* slot = slotWithId(link.slot);
    const bool shown = slot != nullptr && slot != &outgoing_;  // current or staged
    for (const core::Diagnostic& d : link.diagnostics) {
      logger_.log(
          d.severity == core::Severity::Info ? core::LogLevel::Info : core::LogLevel::Warning,
          (slot ? slot->name : std::string()) + ": " + d.format());
      if (shown) presetDiagnostics_.push_back(d);
    }
  }
}

void Engine::checkBudget(PresetSlot& slot, bool outgoing) {
  if (!slot.runtime || !slot.runtime->lastStepOverBudget() || slot.overBudgetReported) return;
  slot.overBudgetReported = true;
  const core::Diagnostic d = core::makeDiagnostic(
      core::DiagnosticId::PresetOverBudget,
      slot.name + ": equations ran more than " + std::to_string(switch_.iterationBudgetPerFrame) +
          " loop iterations in one frame; their loops are cut short from now on",
      "engine");
  logger_.log(core::LogLevel::Warning, d.format());
  EngineEvent event =
      eventAbout(slot, EngineEvent::Type::PresetOverBudget, SwitchReason::OverBudget);
  event.diagnostics = {d};
  emit(std::move(event));
  if (outgoing) {
    endTransition();  // the slow preset was on its way out anyway
    return;
  }
  presetDiagnostics_.push_back(d);
  // Switched away from at once (a hard cut: blending would keep running it).
  if (provider_)
    if (std::optional<PresetSource> next = provider_(SwitchReason::OverBudget))
      requestPreset(std::move(*next), 0.0, SwitchReason::OverBudget);
}

}  // namespace phosphene::engine
