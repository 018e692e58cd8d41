#include "engine/Engine.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <string>
#include <utility>

#include "core/Diagnostic.hpp"
#include "engine/PresetShaderTranslation.hpp"
#include "render/TextureFinder.hpp"

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
      switchRandom_(settings.seed ^ 0x5717c4e5a11ce5edULL) {}

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

shader::Dialect Engine::dialect() const {
  // Before the first frame the context is unknown: GLSL 330; linkSlot re-emits for ES from the
  // cache (the SPIR-V half, where errors come from, is shared by both dialects).
  if (renderer_ && renderer_->dialect() == gl::GlslDialect::Glsl300Es)
    return shader::Dialect::Glsl300es;
  return shader::Dialect::Glsl330;
}

Engine::LoadStatus Engine::loadPresetText(std::string_view text, std::string name) {
  return loadNow(PresetSource::fromText(std::string(text), std::move(name)));
}

Engine::LoadStatus Engine::loadPresetFile(const std::filesystem::path& path) {
  return loadNow(PresetSource::file(path));
}

Engine::LoadStatus Engine::loadNow(const PresetSource& source) {
  PreparedPreset prepared = loader_.prepareNow(source, dialect(), textureSearch_);
  const LoadStatus status = prepared.status;
  pendingRequestId_ = 0;
  if (!install(std::move(prepared), 0.0, SwitchReason::User)) return status;
  // A synchronous load supersedes anything still pending.
  pendingTicket_ = 0;
  ready_.reset();
  if (staged_) retire(*staged_);
  staged_.reset();
  return LoadStatus::Ok;
}

std::uint64_t Engine::requestPreset(PresetSource source, double transitionSeconds,
                                    SwitchReason reason) {
  pendingTransition_ = transitionSeconds < 0.0 ? switch_.blendTimeUser : transitionSeconds;
  pendingReason_ = reason;
  ready_.reset();
  pendingTicket_ = loader_.request(std::move(source), dialect(), textureSearch_);
  pendingRequestId_ = pendingTicket_;
  return pendingTicket_;
}

LoadStatus Engine::waitForPendingLoad() {
  if (pendingTicket_ != 0) {
    ready_ = loader_.wait(pendingTicket_);
    pendingTicket_ = 0;
  }
  if (!ready_ || ready_->ok()) return LoadStatus::Ok;
  return ready_->status == LoadStatus::Ok ? LoadStatus::Invalid : ready_->status;
}

LoadStatus Engine::finishPendingLoad() {
  const LoadStatus status = waitForPendingLoad();
  if (ready_) servicePendingLoad();
  return status;
}

void Engine::servicePendingLoad() {
  // The second half of a staged switch (see below): its warp program linked at the last draw,
  // its comp program links at the next; the preset starts now.
  if (staged_) {
    PresetSlot slot = std::move(*staged_);
    staged_.reset();
    start(std::move(slot), stagedTransition_, stagedReason_);
    return;
  }
  if (pendingTicket_ != 0) {
    if (switch_.waitForLoads) {
      waitForPendingLoad();
    } else if (std::optional<PreparedPreset> done = loader_.take(pendingTicket_)) {
      ready_ = std::move(done);
      pendingTicket_ = 0;
    }
  }
  if (!ready_) return;
  PreparedPreset prepared = std::move(*ready_);
  ready_.reset();
  const SwitchReason reason = pendingReason_;
  if (reportIfFailed(prepared, reason)) {
    // An automatic pick that fails is skipped: ask for another one (once per frame at most, so
    // a folder of broken files cannot spin).
    if (reason != SwitchReason::User && provider_)
      if (std::optional<PresetSource> next = provider_(SwitchReason::LoadFailed))
        requestPreset(std::move(*next), pendingTransition_, SwitchReason::LoadFailed);
    return;
  }
  EngineEvent loaded = eventAbout(prepared, EngineEvent::Type::PresetLoaded, reason);
  loaded.loadSeconds = prepared.prepareSeconds;
  emit(std::move(loaded));
  PresetSlot slot = makeSlot(std::move(prepared));
  if (!switch_.waitForLoads && renderer_ && current_.runtime && slot.shaders.warp &&
      slot.shaders.comp) {
    // Live: linking both shader programs in one frame is a visible hitch on a software
    // rasteriser; the next draw links the warp, the one after the comp, and the outgoing preset
    // keeps drawing meanwhile (MD2 also compiles one shader per frame, plugin.cpp
    // LoadPresetTick).
    staged_ = std::move(slot);
    stagedTransition_ = pendingTransition_;
    stagedReason_ = reason;
    return;
  }
  start(std::move(slot), pendingTransition_, reason);
}

EngineEvent Engine::eventAbout(const PreparedPreset& prepared, EngineEvent::Type type,
                               SwitchReason reason) const {
  EngineEvent event;
  event.type = type;
  event.reason = reason;
  event.requestId = pendingRequestId_;
  event.tag = prepared.tag;
  event.name = prepared.name;
  event.path = prepared.path;
  event.time = clock_.time();
  return event;
}

EngineEvent Engine::eventAbout(const PresetSlot& slot, EngineEvent::Type type,
                               SwitchReason reason) const {
  EngineEvent event;
  event.type = type;
  event.reason = reason;
  event.requestId = slot.requestId;
  event.tag = slot.tag;
  event.name = slot.shaders.name;
  event.path = slot.path;
  event.time = clock_.time();
  return event;
}

bool Engine::reportIfFailed(const PreparedPreset& prepared, SwitchReason reason) {
  if (prepared.ok()) {
    // The preset that runs from now on: a failed load leaves the current one's diagnostics, and
    // its own travel in its event.
    presetDiagnostics_ = prepared.diagnostics;
    // A block that fails is left out and the rest runs, as in MD2: the host hears about it as
    // a warning, never as a silent black screen.
    for (const core::Diagnostic& d : prepared.diagnostics) {
      if (d.severity == core::Severity::Info) continue;
      logger_.log(core::LogLevel::Warning, prepared.name + ": " + d.format());
    }
    return false;
  }
  std::string why = prepared.firstError();
  if (why.empty()) why = "not a preset";
  setLastError(prepared.name + ": " + why);
  // reason: why this load was asked for.
  EngineEvent event = eventAbout(prepared, EngineEvent::Type::PresetLoadFailed, reason);
  event.diagnostics = prepared.diagnostics;
  emit(std::move(event));
  return true;
}

Engine::PresetSlot Engine::makeSlot(PreparedPreset prepared) {
  PresetSlot slot;
  slot.runtime.emplace(std::move(*prepared.program));
  slot.runtime->setIterationBudgetPerFrame(switch_.iterationBudgetPerFrame);
  // state.cpp RandomizePresetVars runs at every load; shader `time` counts from here.
  slot.shaders.random = preset::ShaderPresetRandom::draw(random_);
  if (!rendererRandoms_) {
    // Right after the first preset's own draws, where the renderer of a first draw after it took
    // them before issue 33: seeded pictures stay what they were.
    RendererRandoms r;
    for (float& h : r.hue) h = static_cast<float>(random_.nextU64() % 100000) / 100000.0f;
    r.seed = random_.nextU64();
    rendererRandoms_ = r;
    seedRenderer();  // one made before any preset was ready
  }
  slot.shaders.startTime = clock_.time();
  slot.shaders.name = prepared.name;
  slot.shaders.warp = std::move(prepared.warp);
  slot.shaders.comp = std::move(prepared.comp);
  slot.stages =
      render::PresetStages::fromPsVersions(prepared.warpPsVersion, prepared.compPsVersion);
  slot.folder = std::move(prepared.folder);
  slot.path = std::move(prepared.path);
  slot.textures = std::move(prepared.textures);
  slot.loadSeconds = prepared.prepareSeconds;
  slot.requestId = pendingRequestId_;
  slot.tag = prepared.tag;
  if (prepared.native) slot.native = prepared.native->start();
  return slot;
}

bool Engine::install(PreparedPreset prepared, double transitionSeconds, SwitchReason reason) {
  if (reportIfFailed(prepared, reason)) return false;
  start(makeSlot(std::move(prepared)), transitionSeconds, reason);
  return true;
}

void Engine::start(PresetSlot slot, double transitionSeconds, SwitchReason reason) {
  const bool blend = transitionSeconds > 0.0 && current_.runtime.has_value();
  if (blend) {
    // A switch during a transition: the preset coming in becomes the one going out and the one
    // going out is dropped, as MD2's LoadPreset does (the old state is replaced by the current).
    // The blend starts from what the outgoing preset shows now: mid-blend, its blended values.
    const bool midBlend = transition_.active();
    transition_.begin(clock_.time(), transitionSeconds,
                      midBlend ? transition_.blendedBase() : current_.runtime->baseValues(),
                      current_.shaders.comp != nullptr, slot.shaders.comp != nullptr);
    retire(outgoing_);
    outgoing_ = std::move(current_);
    outgoing_.runtime->setBlendedBase(midBlend ? &transition_.outgoingBase() : nullptr);
  } else {
    retire(outgoing_);
    retire(current_);
    transition_.end();
  }
  current_ = std::move(slot);
  frameDrawable_ = false;
  logger_.log(core::LogLevel::Info, "preset started: " + current_.shaders.name);
  EngineEvent event = eventAbout(current_, EngineEvent::Type::PresetStarted, reason);
  event.loadSeconds = current_.loadSeconds;
  event.transition = blend ? transitionSeconds : 0.0;
  emit(std::move(event));
  scheduleNextSwitch(blend ? transitionSeconds : 0.0);
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
  // Textures are resolved when the shaders link: relink both slots.
  current_.warpLinked = current_.compLinked = false;
  outgoing_.warpLinked = outgoing_.compLinked = false;
}

// MD2 (plugin.cpp CShaderParams::CacheParams) looks in its textures folder, then in the folder of
// the preset: the configured path first, the preset's folder last.
std::vector<std::filesystem::path> Engine::searchPathFor(const PresetSlot& slot) const {
  std::vector<std::filesystem::path> dirs = textureSearch_;
  if (!slot.folder.empty() && std::find(dirs.begin(), dirs.end(), slot.folder) == dirs.end())
    dirs.push_back(slot.folder);
  return dirs;
}

std::vector<std::filesystem::path> Engine::effectiveTextureSearchPath() const {
  return searchPathFor(current_);
}

// On the first frame drawn with a preset, in the GL context: emit the renderer's dialect (a cache
// hit when it was the one translated at load) and link.
void Engine::linkSlot(PresetSlot& slot) {
  if (!slot.runtime || (slot.warpLinked && slot.compLinked)) return;
  linkSlotPart(slot, !slot.warpLinked, !slot.compLinked);
}

void Engine::linkSlotPart(PresetSlot& slot, bool warp, bool comp) {
  const milk::Preset& p = slot.runtime->program().preset();
  if (warp) {
    // Emit the renderer's dialect (a cache hit when it was the one translated at load).
    TranslatedPresetShaders t = translatePresetShaders(p, dialect(), translations_, nullptr);
    slot.shaders.warp = std::move(t.warp);
    slot.shaders.comp = std::move(t.comp);
  }
  // MD2's one textures folder, for collections installed as several folders: what the path
  // lacks is looked up beside the preset's folder (render/TextureFinder.hpp).
  renderer_->setTextureSearchPath(searchPathFor(slot), render::collectionFolders(slot.folder));
  renderer_->stageDecodedTextures(slot.textures);
  core::Diagnostics report;
  if (warp) report = renderer_->linkPresetWarp(slot.shaders, slot.stages, slot.gpu);
  slot.warpLinked = slot.warpLinked || warp;
  slot.compLinked = slot.compLinked || comp;
  if (comp) {
    slot.textures.clear();  // uploaded now (or already cached): the decoded bytes can go
    const core::Diagnostics more =
        renderer_->linkPresetComp(slot.shaders, slot.gpu, {&current_.gpu, &outgoing_.gpu});
    report.insert(report.end(), more.begin(), more.end());
  }
  for (const core::Diagnostic& d : report) {
    logger_.log(d.severity == core::Severity::Info ? core::LogLevel::Info : core::LogLevel::Warning,
                slot.shaders.name + ": " + d.format());
    if (&slot == &current_ || (staged_ && &slot == &*staged_)) presetDiagnostics_.push_back(d);
  }
}

void Engine::setDrawableSize(int width, int height) {
  drawableWidth_ = std::max(0, width);
  drawableHeight_ = std::max(0, height);
}

void Engine::setMeshSize(int meshX, int meshY) {
  meshX_ = std::clamp(meshX, kMinMeshX, kMaxMeshX);
  meshY_ = std::clamp(meshY, kMinMeshY, kMaxMeshY);
}

// Made in the first draw's context: the host, not the engine, owns contexts.
FrameStatus Engine::ensureRenderer() {
  if (renderer_) return FrameStatus::Ok;
  core::Expected<std::unique_ptr<render::Renderer>> created =
      render::Renderer::createForCurrentContext();
  if (!created) return glFailure(created.diagnostics(), "draw");
  renderer_ = std::move(*created);
  seedRenderer();
  for (PresetSlot* slot : {&current_, &outgoing_}) slot->warpLinked = slot->compLinked = false;
  if (staged_) staged_->warpLinked = staged_->compLinked = false;
  return FrameStatus::Ok;
}

void Engine::seedRenderer() {
  if (!renderer_ || !rendererRandoms_) return;
  renderer_->setHueRandom(rendererRandoms_->hue);
  renderer_->setSeed(rendererRandoms_->seed);
}

void Engine::retire(PresetSlot& slot) {
  if (slot.runtime || slot.gpu.warp || slot.gpu.comp) retired_.push_back(std::move(slot));
  slot = {};
  // Nothing to draw them with: drop them now rather than keep them to the next draw.
  if (!renderer_) retired_.clear();
}

FrameStatus Engine::glFailure(const core::Diagnostics& problems, const char* what) {
  setLastError(std::string(what) + ": " + problems.front().format());
  return problems.front().id == core::DiagnosticId::GlVersionTooLow ? FrameStatus::GlVersion
                                                                    : FrameStatus::GlError;
}

void Engine::checkBudget(PresetSlot& slot, bool outgoing) {
  if (!slot.runtime || !slot.runtime->lastStepOverBudget() || slot.overBudgetReported) return;
  slot.overBudgetReported = true;
  const core::Diagnostic d = core::makeDiagnostic(
      core::DiagnosticId::PresetOverBudget,
      slot.shaders.name + ": equations ran more than " +
          std::to_string(switch_.iterationBudgetPerFrame) +
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
