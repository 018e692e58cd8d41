// Engine's presets on their way in: synchronous loads (a hard cut), requests prepared on the
// loader thread (one Incoming value from the request to its start), the slots they become and
// the switch to them.
//
// A preset is prepared (read, parsed, compiled, shaders translated: PreparedPreset) on the loader
// thread or on the calling thread; the renderer links its programs on the first frame drawn with
// it. Until the incoming preset is ready the current one keeps drawing, then the transition starts
// (MD2 also starts it a few frames after the request, plugin.cpp LoadPresetTick). A preset that
// fails to load never interrupts the picture: the current one keeps running and the failure is
// reported (diagnostics, an event, the log).
#include <array>
#include <string>
#include <utility>

#include "core/Diagnostic.hpp"
#include "engine/Engine.hpp"

namespace phosphene::engine {

Engine::LoadStatus Engine::loadPresetText(std::string_view text, std::string name) {
  return loadNow(PresetSource::fromText(std::string(text), std::move(name)));
}

Engine::LoadStatus Engine::loadPresetFile(const std::filesystem::path& path) {
  return loadNow(PresetSource::file(path));
}

Engine::LoadStatus Engine::loadNow(const PresetSource& source) {
  PreparedPreset prepared = loader_.prepareNow(source, gpu_.dialect(), textureSearch_);
  const LoadStatus status = prepared.status;
  if (!install(std::move(prepared), 0.0, SwitchReason::User, 0)) return status;
  // A synchronous load supersedes anything still on its way in.
  if (incoming_ && incoming_->staged) retire(*incoming_->staged);
  incoming_.reset();
  return LoadStatus::Ok;
}

std::uint64_t Engine::requestPreset(PresetSource source, double transitionSeconds,
                                    SwitchReason reason) {
  // A newer request replaces the one on its way in, also one staged for the next frame.
  if (incoming_ && incoming_->staged) retire(*incoming_->staged);
  Incoming next;
  next.transition = transitionSeconds < 0.0 ? switch_.blendTimeUser : transitionSeconds;
  next.reason = reason;
  next.ticket = loader_.request(std::move(source), gpu_.dialect(), textureSearch_);
  incoming_ = std::move(next);
  return incoming_->ticket;
}

LoadStatus Engine::waitForPendingLoad() {
  if (!incoming_) return LoadStatus::Ok;
  if (incoming_->preparing()) incoming_->prepared = loader_.wait(incoming_->ticket);
  const std::optional<PreparedPreset>& ready = incoming_->prepared;
  if (!ready || ready->ok()) return LoadStatus::Ok;
  return ready->status == LoadStatus::Ok ? LoadStatus::Invalid : ready->status;
}

LoadStatus Engine::finishPendingLoad() {
  const LoadStatus status = waitForPendingLoad();
  if (incoming_ && incoming_->prepared) servicePendingLoad();
  return status;
}

void Engine::servicePendingLoad() {
  if (!incoming_) return;
  // The second half of a staged switch (see below): its warp program linked at the last draw,
  // its comp program links at the next; the preset starts now.
  if (incoming_->staged) {
    Incoming in = std::move(*std::exchange(incoming_, std::nullopt));
    start(std::move(*in.staged), in.transition, in.reason);
    return;
  }
  if (incoming_->preparing()) {
    if (switch_.waitForLoads)
      waitForPendingLoad();
    else
      incoming_->prepared = loader_.take(incoming_->ticket);
  }
  if (!incoming_->prepared) return;
  Incoming in = std::move(*std::exchange(incoming_, std::nullopt));
  PreparedPreset prepared = std::move(*in.prepared);
  if (reportIfFailed(prepared, in.reason, in.ticket)) {
    // An automatic pick that fails is skipped: ask for another one (once per frame at most, so
    // a folder of broken files cannot spin).
    if (in.reason != SwitchReason::User && provider_)
      if (std::optional<PresetSource> next = provider_(SwitchReason::LoadFailed))
        requestPreset(std::move(*next), in.transition, SwitchReason::LoadFailed);
    return;
  }
  EngineEvent loaded = eventAbout(prepared, EngineEvent::Type::PresetLoaded, in.reason, in.ticket);
  loaded.loadSeconds = prepared.prepareSeconds;
  emit(std::move(loaded));
  if (prepared.blendFrom) {
    startPrepared(std::move(prepared), in.transition, in.reason, in.ticket);
    return;
  }
  PresetSlot slot = makeSlot(std::move(prepared), in.ticket);
  const render::PresetShaders& shaders = gpu_.shaders(slot.id);
  if (!switch_.waitForLoads && gpu_.hasRenderer() && current_.runtime && shaders.warp &&
      shaders.comp) {
    // Live: linking both shader programs in one frame is a visible hitch on a software
    // rasteriser; the next draw links the warp, the one after the comp, and the outgoing preset
    // keeps drawing meanwhile (MD2 also compiles one shader per frame, plugin.cpp
    // LoadPresetTick).
    in.staged = std::move(slot);
    incoming_ = std::move(in);
    return;
  }
  start(std::move(slot), in.transition, in.reason);
}

EngineEvent Engine::eventAbout(const PreparedPreset& prepared, EngineEvent::Type type,
                               SwitchReason reason, std::uint64_t requestId) const {
  EngineEvent event;
  event.type = type;
  event.reason = reason;
  event.requestId = requestId;
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
  event.name = slot.name;
  event.path = slot.path;
  event.time = clock_.time();
  return event;
}

bool Engine::reportIfFailed(const PreparedPreset& prepared, SwitchReason reason,
                            std::uint64_t requestId) {
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
  EngineEvent event = eventAbout(prepared, EngineEvent::Type::PresetLoadFailed, reason, requestId);
  event.diagnostics = prepared.diagnostics;
  emit(std::move(event));
  return true;
}

PresetSlot Engine::makeSlot(PreparedPreset prepared, std::uint64_t requestId) {
  PresetSlot slot;
  slot.id = ++lastSlotId_;
  slot.runtime.emplace(std::move(*prepared.program));
  slot.runtime->setIterationBudgetPerFrame(switch_.iterationBudgetPerFrame);
  render::SlotShaders gpu;
  // state.cpp RandomizePresetVars runs at every load; shader `time` counts from here.
  gpu.shaders.random = preset::ShaderPresetRandom::draw(random_);
  if (!rendererRandomsDrawn_) {
    // Right after the first preset's own draws, where the renderer of a first draw after it took
    // them before issue 33: seeded pictures stay what they were.
    std::array<float, 4> hue{};
    for (float& h : hue) h = static_cast<float>(random_.nextU64() % 100000) / 100000.0f;
    gpu_.setRandoms(hue, random_.nextU64());
    rendererRandomsDrawn_ = true;
  }
  gpu.shaders.startTime = clock_.time();
  gpu.shaders.name = prepared.name;
  gpu.shaders.warp = std::move(prepared.warp);
  gpu.shaders.comp = std::move(prepared.comp);
  gpu.stages = render::PresetStages::fromPsVersions(prepared.warpPsVersion, prepared.compPsVersion);
  gpu.folder = std::move(prepared.folder);
  gpu.textures = std::move(prepared.textures);
  gpu_.add(slot.id, std::move(gpu));
  slot.name = std::move(prepared.name);
  slot.path = std::move(prepared.path);
  slot.loadSeconds = prepared.prepareSeconds;
  slot.requestId = requestId;
  slot.tag = prepared.tag;
  if (prepared.native) slot.native = prepared.native->start();
  return slot;
}

bool Engine::install(PreparedPreset prepared, double transitionSeconds, SwitchReason reason,
                     std::uint64_t requestId) {
  if (reportIfFailed(prepared, reason, requestId)) return false;
  startPrepared(std::move(prepared), transitionSeconds, reason, requestId);
  return true;
}

void Engine::startPrepared(PreparedPreset prepared, double transitionSeconds, SwitchReason reason,
                           std::uint64_t requestId) {
  if (!prepared.blendFrom) {
    start(makeSlot(std::move(prepared), requestId), transitionSeconds, reason);
    return;
  }
  // A .milk2: preset 1 (blend-from) goes in the outgoing slot, preset 2 (blend-to) in the current
  // one, and the transition between them stays at the file's progress. It starts with a cut
  // (both of its presets are new); its slots are made first then second, as MD3 imports them.
  PreparedPreset first = std::move(*prepared.blendFrom);
  prepared.blendFrom.reset();
  const preset::Md3Blend blend = prepared.md3Blend.value_or(preset::Md3Blend{});
  PresetSlot from = makeSlot(std::move(first), requestId);
  PresetSlot to = makeSlot(std::move(prepared), requestId);
  start(std::move(to), 0.0, reason);
  outgoing_ = std::move(from);
  transition_.beginFrozen(blend, outgoing_.runtime->baseValues(),
                          gpu_.shaders(outgoing_.id).comp != nullptr,
                          gpu_.shaders(current_.id).comp != nullptr);
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
                      gpu_.shaders(current_.id).comp != nullptr,
                      gpu_.shaders(slot.id).comp != nullptr);
    retire(outgoing_);
    outgoing_ = std::move(current_);
    outgoing_.runtime->setBlendedBase(midBlend ? &transition_.outgoingBase() : nullptr);
  } else {
    retire(outgoing_);
    retire(current_);
    transition_.end();
  }
  current_ = std::move(slot);
  presetStartTime_ = clock_.time();
  clearCanvasPending_ = startClean_;
  frameDrawable_ = false;
  notePresetStarted();  // the preset name display (EngineMessages.cpp)
  logger_.log(core::LogLevel::Info, "preset started: " + current_.name);
  EngineEvent event = eventAbout(current_, EngineEvent::Type::PresetStarted, reason);
  event.loadSeconds = current_.loadSeconds;
  event.transition = blend ? transitionSeconds : 0.0;
  emit(std::move(event));
  scheduleNextSwitch(blend ? transitionSeconds : 0.0);
}

void Engine::retire(PresetSlot& slot) {
  gpu_.retire(slot.id);
  slot = {};
}

}  // namespace phosphene::engine
