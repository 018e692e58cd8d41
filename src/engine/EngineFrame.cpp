// Engine's frames: advance (clock, audio, switching, equations; no GL) and draw (the renderer,
// in the host's context), the one-call render, and letting go of GL. Switching and loading live
// in EngineLoading.cpp.
#include <array>
#include <chrono>
#include <string>
#include <utility>

#include "engine/Engine.hpp"

namespace phosphene::engine {
namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

bool Engine::burnTexture(const render::CanvasBurn& burn) {
  if (pendingBurns_.size() >= kMaxBurns) return false;
  pendingBurns_.push_back(burn);
  return true;
}

FrameResult Engine::readCanvas(std::vector<std::uint8_t>* pixels, int& width, int& height) {
  if (pixels != nullptr && !probe_.current()) {
    setLastError("read canvas: no GL context is current on this thread");
    return {FrameStatus::NoContext};
  }
  gpu_.readCanvas(pixels, width, height);
  return {};
}

void Engine::releaseGl() {
  pendingBurns_.clear();  // names of the context that goes
  gpu_.releaseGl();
  frameDrawable_ = false;
}

FrameResult Engine::checkTarget(int width, int height, const char* what) {
  if (width <= 0 || height <= 0) {
    setLastError(std::string(what) + ": render target size must be positive");
    return {FrameStatus::InvalidArgument};
  }
  if (!probe_.current()) {
    setLastError(std::string(what) + ": no GL context is current on this thread");
    return {FrameStatus::NoContext};
  }
  return {};
}

FrameResult Engine::drawToCurrentFramebuffer(int width, int height) {
  if (FrameResult bad = checkTarget(width, height, "draw"); !bad) return bad;
  // Asked only now: reading the binding is a GL call, which needs the context checked above.
  return drawInContext({render::Renderer::boundDrawFramebuffer(), 0, width, height});
}

void Engine::runNative(PresetSlot& slot, preset::FrameVars& vars) {
  if (!slot.native) return;
  NativeFrame frame(vars, slot.runtime->state().inputs, audio_);
  slot.native->perFrame(frame);
}

FrameResult Engine::renderFrame(const render::RenderTarget& target, double dt_s) {
  if (FrameResult bad = checkTarget(target.width, target.height, "render"); !bad) return bad;
  noteTargetSize(target.width, target.height);
  if (FrameResult advanced = advance(dt_s); !advanced) return advanced;
  return drawInContext(target);
}

double Engine::presetProgress() {
  // MD2 (milkdropfs.cpp LoadPerFrameEvallibVars): progress = (now - preset start) / (next switch -
  // preset start), not clamped: it passes 1 while the next preset loads. A locked preset has its
  // start moved to now every frame (plugin.cpp MyRenderFn), so progress stays 0 and counts from
  // the unlock; no automatic switch at all (autoSwitch off, or no provider) is that lock too.
  const double now = clock_.time();
  const bool scheduled = provider_ && switch_.autoSwitch && !switch_.locked;
  if (!scheduled) presetStartTime_ = now;
  // While the automatic switch's preset loads, the schedule is cleared and the due time kept.
  const double next = nextSwitchTime_ >= 0.0 ? nextSwitchTime_ : switchDue_;
  if (!scheduled || !(next > presetStartTime_)) return 0.0;
  return (now - presetStartTime_) / (next - presetStartTime_);
}

FrameResult Engine::advance(double dt_s) {
  if (!analyzeFrame(dt_s)) return {FrameStatus::InvalidArgument};
  // Nothing runs and nothing is on its way (a playlist just filled, or every pick failed): ask
  // the provider, as a hard cut. With none the frame is black while clock and audio go on.
  if (!hasPreset() && !loadPending() && provider_)
    if (std::optional<PresetSource> first = provider_(SwitchReason::Auto))
      requestPreset(std::move(*first), 0.0, SwitchReason::Auto);
  frameStepped_ = false;
  frameDrawable_ = false;
  if (audio_.beat || audio_.hard_cut) {
    EngineEvent event;
    event.type = audio_.hard_cut ? EngineEvent::Type::HardCut : EngineEvent::Type::Beat;
    event.time = clock_.time();
    event.name = current_.name;
    emit(event);
    if (audio_.beat && audio_.hard_cut) {
      event.type = EngineEvent::Type::Beat;
      emit(std::move(event));
    }
  }
  // Last frame's budget: checked here, not right after the step, so the frame stepped is drawn
  // with the states it was stepped with.
  if (transition_.active()) checkBudget(outgoing_, true);
  checkBudget(current_, false);
  servicePendingLoad();
  applySwitchPolicy();
  if (switch_.waitForLoads && incoming_ && incoming_->preparing()) servicePendingLoad();
  // The first preset is still on the loader thread: the frame is black until it is ready.
  if (!current_.runtime) return {};
  if (transition_.active() && transitionProgress() >= 1.0) endTransition();

  preset::StepInputs inputs;
  inputs.meshX = meshX_;
  inputs.meshY = meshY_;
  inputs.texelOffsetX = texelOffsetX_;
  inputs.texelOffsetY = texelOffsetY_;
  inputs.canvasWidth = drawableWidth_ > 0 ? drawableWidth_ : lastTargetWidth_;
  inputs.canvasHeight = drawableHeight_ > 0 ? drawableHeight_ : lastTargetHeight_;
  inputs.trebleImm = audio_.imm[2];
  inputs.progress = presetProgress();

  render::SlotFrameDraw draw;
  const auto stepStart = std::chrono::steady_clock::now();
  if (!transition_.active()) {
    preset::FrameVars& vars = current_.runtime->beginFrame(audio_, clock_, inputs);
    runNative(current_, vars);
    draw.incoming = {&current_.runtime->finishFrame(audio_), current_.id};
  } else {
    const double p = transitionProgress();
    // Spec §9: the new preset's per-frame variables start from the blended file values; both
    // presets run, new first, then old; then outputs and warp texcoords are mixed.
    current_.runtime->setBlendedBase(&transition_.blendBase(current_.runtime->baseValues(), p));
    preset::StepInputs incomingInputs = inputs;
    // The built-in wave morphs from the outgoing preset's mode (MD2 m_nOldWaveMode, taken from
    // its file value at the blend's start, state.cpp StartBlendFrom).
    incomingInputs.blendOldWaveMode = static_cast<int>(outgoing_.runtime->baseValues().waveMode);
    incomingInputs.blendProgress = p;
    preset::FrameVars& newVars = current_.runtime->beginFrame(audio_, clock_, incomingInputs);
    runNative(current_, newVars);
    preset::FrameVars& oldVars = outgoing_.runtime->beginFrame(audio_, clock_, inputs);
    runNative(outgoing_, oldVars);
    transition_.mixPerFrame(newVars, oldVars, p, gpu_.shaders(current_.id).comp != nullptr);
    preset::FrameState& incoming = current_.runtime->finishFrame(audio_);
    const preset::FrameState& old = outgoing_.runtime->finishFrame(audio_);
    transition_.blendMesh(incoming, old, p, switch_.blendPattern, random_);
    draw.incoming = {&incoming, current_.id};
    draw.outgoing = {&old, outgoing_.id};
    draw.progress = p;
  }
  stepSprites(draw, inputs);  // user sprites (issue 35), after the presets: MD2 draws them last
  lastStepSeconds_ = secondsSince(stepStart);
  draw.text = prepareTextLayer();  // messages and titles (EngineMessages.cpp)
  frameDraw_ = draw;
  frameStepped_ = true;
  frameDrawable_ = true;
  return {};
}

FrameResult Engine::draw(const render::RenderTarget& target) {
  if (FrameResult bad = checkTarget(target.width, target.height, "draw"); !bad) return bad;
  return drawInContext(target);
}

FrameResult Engine::drawInContext(const render::RenderTarget& target) {
  if (core::Diagnostics failed = gpu_.ensureRenderer(); !failed.empty())
    return glFailure(std::move(failed), "draw");
  noteTargetSize(target.width, target.height);
  reportLinks(gpu_.beginDraw(incoming_ && incoming_->staged ? incoming_->staged->id : 0));
  const auto drawStart = std::chrono::steady_clock::now();
  const bool drawable = current_.runtime && frameDrawable_;
  // A preset started clean: its first drawn frame warps a black canvas (once, on a fresh frame).
  frameDraw_.clearCanvas = drawable && frameStepped_ && std::exchange(clearCanvasPending_, false);
  // Host textures burnt in since the last fresh frame; kept while no preset draws.
  drawnBurns_.clear();
  if (drawable && frameStepped_) drawnBurns_.swap(pendingBurns_);
  frameDraw_.burns = drawnBurns_;
  const render::SlotDrawResult drawn =
      gpu_.draw(drawable ? &frameDraw_ : nullptr, frameStepped_, target);
  if (drawable) frameStepped_ = false;
  reportLinks(drawn.links);
  lastDrawSeconds_ = secondsSince(drawStart);
  if (!drawn.failures.empty()) return glFailure(drawn.failures, "render failed");
  return {};
}

}  // namespace phosphene::engine
