#include "preset/Runtime.hpp"

#include <algorithm>
#include <cmath>
#include <span>
#include <utility>

#include "preset/MotionVectors.hpp"
#include "preset/PerFrameResults.hpp"
#include "preset/PresetValues.hpp"
#include "preset/WarpMesh.hpp"
#include "preset/WaveformSmoothing.hpp"

namespace phosphene::preset {
namespace {

// MD2's bass/mid/treb band split (plugin.cpp DoCustomSoundAnalysis): treble = bins 170..255.
constexpr int kTrebleFirstBin = 170;
constexpr int kTrebleEndBin = 256;

double approximateTrebleImm(const audio::FrameAudio& audio) {
  double sum = 0.0;
  for (int i = kTrebleFirstBin; i < kTrebleEndBin; ++i)
    sum += audio.spectrum[0][static_cast<std::size_t>(i)];
  return sum;
}

AspectFactors aspectOf(const MeshGeometry& g) {
  return {g.aspectX, g.aspectY, g.invAspectX, g.invAspectY};
}

std::span<const double> all(const std::vector<double>& v) {
  return {v.data(), v.size()};
}

}  // namespace

Runtime::Runtime(Program program) : program_(std::move(program)) {
  const milk::Preset& p = program_.preset();
  base_ = baseFrameVars(p);
  for (int k = 0; k < kMaxCustomWaves; ++k)
    waveConfigs_[static_cast<std::size_t>(k)] =
        customWaveConfig(p.waves[static_cast<std::size_t>(k)]);
  for (int k = 0; k < kMaxCustomShapes; ++k)
    shapeConfigs_[static_cast<std::size_t>(k)] =
        customShapeConfig(p.shapes[static_cast<std::size_t>(k)]);
  state_.vars = base_;
  // Every code block of the preset draws on one per-frame loop budget.
  program_.presetCode().context->setSharedBudget(budget_.get());
  program_.vertexCode().context->setSharedBudget(budget_.get());
  for (int k = 0; k < program_.waveCount(); ++k) {
    program_.wave(k).frameContext->setSharedBudget(budget_.get());
    program_.wave(k).pointContext->setSharedBudget(budget_.get());
  }
  for (int k = 0; k < program_.shapeCount(); ++k)
    program_.shape(k).context->setSharedBudget(budget_.get());
}

Runtime::Runtime(const milk::Preset& preset, eel::Globals& globals)
    : Runtime(Program::compile(preset, globals)) {}

const FrameState& Runtime::step(const audio::FrameAudio& audio, const clock::FrameClock& clock,
                                const StepInputs& in) {
  beginFrame(audio, clock, in);
  return finishFrame(audio);
}

FrameVars& Runtime::beginFrame(const audio::FrameAudio& audio, const clock::FrameClock& clock,
                               const StepInputs& in) {
  stepInputs_ = in;
  budget_->reset();
  prepareFrameBase();
  state_.clearDrawLists();

  // Mesh and canvas are inputs: a changed size rebuilds the geometry (a no-op otherwise).
  MeshSpec spec;
  spec.gridX = in.meshX;
  spec.gridY = in.meshY;
  // A zero-sized canvas (a minimised window) would make the one-texel sizes infinite.
  spec.canvasWidth = std::max(1, in.canvasWidth);
  spec.canvasHeight = std::max(1, in.canvasHeight);
  spec.texelOffsetX = in.texelOffsetX;
  spec.texelOffsetY = in.texelOffsetY;
  buildMeshGeometry(spec, state_.mesh.geometry);
  const MeshGeometry& g = state_.mesh.geometry;

  FrameInputs& fi = state_.inputs;
  fi.time = clock.time();
  fi.fps = clock.fps();
  fi.frame = static_cast<double>(clock.frame());
  fi.progress = in.progress;
  fi.bass = audio.bass;
  fi.mid = audio.mid;
  fi.treb = audio.treb;
  fi.bassAtt = audio.bass_att;
  fi.midAtt = audio.mid_att;
  fi.trebAtt = audio.treb_att;
  fi.meshX = g.gridX;
  fi.meshY = g.gridY;
  fi.canvasWidth = g.canvasWidth;
  fi.canvasHeight = g.canvasHeight;
  fi.aspectX = g.invAspectX;
  fi.aspectY = g.invAspectY;

  // Init code runs once, with the first frame's inputs (MD2 runs it at load, state.cpp
  // RecompileExpressions; Phosphene's inputs are those of a hard cut, spec §3.3 item 4).
  if (frames_ == 0) runInitCode();

  // §5.4: the built-in wave reads smoothed copies; custom waves read the raw data.
  std::copy(audio.waveform[0].begin(), audio.waveform[0].end(), smoothL_.begin());
  std::copy(audio.waveform[1].begin(), audio.waveform[1].end(), smoothR_.begin());
  // Wave scale and smoothing are blendable floats (MD2 evaluates them at the current time).
  const FrameVars& base = frameBase();
  smoothWaveformChannel(smoothL_, base.waveScale, base.waveSmoothing);
  smoothWaveformChannel(smoothR_, base.waveScale, base.waveSmoothing);

  runPerFrame();
  return state_.vars;
}

FrameState& Runtime::finishFrame(const audio::FrameAudio& audio) {
  const MeshGeometry& g = state_.mesh.geometry;
  FrameInputs& fi = state_.inputs;
  // §4.1 step 6: motion vectors are drawn before the warp, so they look up LAST frame's mesh.
  buildMotionVectors(motionVectorParams(state_.vars, fi), meshUvView(state_.mesh),
                     state_.motionVectors);

  runPerVertex();
  runShapes();
  runWaves(audio);

  BuiltinWaveParams wave = builtinWaveParams(state_.vars, fi, g);
  wave.trebleImm = stepInputs_.trebleImm.value_or(approximateTrebleImm(audio));
  wave.modeCount = program_.milkdrop3().waveModes();
  wave.spectrum = audio.spectrum[0];
  if (stepInputs_.blendOldWaveMode >= 0) {
    wave.blending = true;
    wave.oldMode = stepInputs_.blendOldWaveMode;
    wave.blendProgress = stepInputs_.blendProgress;
  }
  builtinWave_.build(wave, smoothL_, smoothR_, state_.builtinWave);
  state_.spectrum.assign(audio.spectrum[0].begin(), audio.spectrum[0].end());

  ++frames_;
  return state_;
}

void Runtime::prepareFrameBase() {
  usesBlendedBase_ = blendedBase_ != nullptr;
  if (!usesBlendedBase_) return;
  // The ten motion values are read unblended (MD2 LoadPerFrameEvallibVars evaluates them with
  // eval(-1)); their blend happens through the warp texcoords.
  blendScratch_ = *blendedBase_;
  blendScratch_.zoom = base_.zoom;
  blendScratch_.zoomExp = base_.zoomExp;
  blendScratch_.rot = base_.rot;
  blendScratch_.warp = base_.warp;
  blendScratch_.cx = base_.cx;
  blendScratch_.cy = base_.cy;
  blendScratch_.dx = base_.dx;
  blendScratch_.dy = base_.dy;
  blendScratch_.sx = base_.sx;
  blendScratch_.sy = base_.sy;
}

void Runtime::loadPresetContext() {
  PresetCode& pc = program_.presetCode();
  eel::Context& ctx = *pc.context;
  pc.slots.storeVars(ctx, frameBase());
  pc.slots.inputs.load(ctx, state_.inputs);
  pc.slots.view.load(ctx, state_.inputs);
}

void Runtime::runInitCode() {
  // Preset init: q and monitor start at 0 (spec §3.3 item 1); what init leaves is kept.
  PresetCode& pc = program_.presetCode();
  eel::Context& ctx = *pc.context;
  loadPresetContext();
  pc.slots.q.store(ctx, std::array<double, kMaxQCount>{});
  ctx[pc.slots.monitor] = 0.0;
  if (pc.init.runnable()) pc.init.program->run();
  pc.slots.q.load(ctx, qAfterInit_);
  monitor_ = ctx[pc.slots.monitor];

  // Wave and shape init code runs for every wave and shape, enabled or not (MD2 compiles and
  // runs it in RecompileExpressions without looking at `enabled`). It sees the post-init q and
  // t = 0; the t it leaves is restored every frame (spec §3.4).
  for (int k = 0; k < program_.waveCount(); ++k) {
    const auto ku = static_cast<std::size_t>(k);
    WaveCode& w = program_.wave(k);
    eel::Context& wc = *w.frameContext;
    w.frameSlots.inputs.load(wc, state_.inputs);
    w.frameSlots.q.store(wc, qAfterInit_);
    storeSlots(wc, w.frameSlots.t, std::array<double, kTCount>{});
    const CustomWaveFrameVars start = customWaveFrameStart(waveConfigs_[ku]);
    wc[w.frameSlots.r] = start.r;
    wc[w.frameSlots.g] = start.g;
    wc[w.frameSlots.b] = start.b;
    wc[w.frameSlots.a] = start.a;
    wc[w.frameSlots.samples] = start.samples;
    if (w.init.runnable()) w.init.program->run();
    loadSlots(wc, w.frameSlots.t, waveTAfterInit_[ku]);
  }
  for (int k = 0; k < program_.shapeCount(); ++k) {
    const auto ku = static_cast<std::size_t>(k);
    ShapeCode& s = program_.shape(k);
    eel::Context& sc = *s.context;
    s.slots.inputs.load(sc, state_.inputs);
    s.slots.q.store(sc, qAfterInit_);
    storeSlots(sc, s.slots.t, std::array<double, kTCount>{});
    s.slots.store(sc, shapeVarsForInstance(shapeConfigs_[ku], 0));
    if (s.init.runnable()) s.init.program->run();
    loadSlots(sc, s.slots.t, shapeTAfterInit_[ku]);
  }
}

void Runtime::runPerFrame() {
  // MD2 LoadPerFrameEvallibVars: every built-in back to its file value, q1..qN to the post-init
  // values, monitor to what the previous per_frame left; user variables are left alone.
  PresetCode& pc = program_.presetCode();
  eel::Context& ctx = *pc.context;
  loadPresetContext();
  pc.slots.q.store(ctx, qAfterInit_);
  ctx[pc.slots.monitor] = monitor_;
  if (pc.perFrame.runnable()) pc.perFrame.program->run();
  monitor_ = ctx[pc.slots.monitor];

  FrameVars& v = state_.vars;
  v = frameBase();
  pc.slots.loadVars(ctx, v);
  v.monitor = monitor_;
  applyPerFrameRangeChecks(v);
}

void Runtime::runPerVertex() {
  const MeshGeometry& g = state_.mesh.geometry;
  const FrameVars& v = state_.vars;
  const std::size_t n = g.vertexCount();
  VertexCode& vc = program_.vertexCode();
  VertexMotion motion;
  if (vc.perPixel.runnable()) {
    eel::Context& ctx = *vc.context;
    const VertexSlots& s = vc.slots;
    // Once per frame (MD2 RunPerFrameEquations): inputs and the q hand-off. q is NOT reset per
    // vertex, so a q written at one vertex is seen by the next, as in MD2.
    s.inputs.load(ctx, state_.inputs);
    s.view.load(ctx, state_.inputs);
    s.q.store(ctx, v.q);
    // Per vertex (MD2 ComputeGridAlphaValues): x y rad ang from the mesh, the ten motion values
    // reset to the per-frame results before every vertex.
    const double perFrame[10] = {v.zoom, v.zoomExp, v.rot, v.warp, v.cx,
                                 v.cy,   v.dx,      v.dy,  v.sx,   v.sy};
    eel::BatchInput inputs[14] = {
        {s.x, g.x.data()}, {s.y, g.y.data()}, {s.rad, g.rad.data()}, {s.ang, g.ang.data()}};
    eel::BatchOutput outputs[10];
    for (std::size_t i = 0; i < 10; ++i) {
      ctx[s.motion[i]] = perFrame[i];
      inputs[4 + i] = {s.motion[i], nullptr};
      vertexOut_[i].resize(n);
      outputs[i] = {s.motion[i], vertexOut_[i].data()};
    }
    vc.perPixel.program->runBatch(static_cast<int>(n), inputs, outputs);
    motion = {all(vertexOut_[0]), all(vertexOut_[1]), all(vertexOut_[2]), all(vertexOut_[3]),
              all(vertexOut_[4]), all(vertexOut_[5]), all(vertexOut_[6]), all(vertexOut_[7]),
              all(vertexOut_[8]), all(vertexOut_[9])};
  } else {
    for (auto& out : vertexOut_) out.clear();
    motion = uniformMotion(v);
  }
  WarpFrameParams params;
  params.time = state_.inputs.time;
  params.warpAnimSpeed = v.warpAnimSpeed;
  params.warpScale = v.warpScale;
  computeWarpUv(g, motion, params, state_.mesh.uv);
  state_.mesh.alpha.assign(n, 1.0f);
}

void Runtime::runShapes() {
  const FrameVars& v = state_.vars;
  for (int k = 0; k < program_.shapeCount(); ++k) {
    const auto ku = static_cast<std::size_t>(k);
    const CustomShapeConfig& cfg = shapeConfigs_[ku];
    const int count = shapeInstanceCount(cfg);
    if (count == 0) continue;
    ShapeCode& s = program_.shape(k);
    eel::Context& ctx = *s.context;
    auto& instances = state_.customShapes[ku].instances;
    instances.reserve(static_cast<std::size_t>(count));
    for (int instance = 0; instance < count; ++instance) {
      // MD2 LoadCustomShapePerFrameEvallibVars, before every instance: inputs, q from the
      // preset's per_frame, t from the post-init values, every shape value from the file.
      s.slots.inputs.load(ctx, state_.inputs);
      s.slots.q.store(ctx, v.q);
      storeSlots(ctx, s.slots.t, shapeTAfterInit_[ku]);
      s.slots.store(ctx, shapeVarsForInstance(cfg, instance));
      if (s.perFrame.runnable()) s.perFrame.program->run();
      ShapeVars out;
      s.slots.load(ctx, out);
      instances.push_back(shapeInstanceFromVars(out, program_.milkdrop3().maxShapeSides()));
    }
  }
}

void Runtime::runWaves(const audio::FrameAudio& audio) {
  const FrameVars& v = state_.vars;
  const AspectFactors aspect = aspectOf(state_.mesh.geometry);
  for (int k = 0; k < program_.waveCount(); ++k) {
    const auto ku = static_cast<std::size_t>(k);
    const CustomWaveConfig& cfg = waveConfigs_[ku];
    if (!cfg.enabled) continue;
    WaveCode& w = program_.wave(k);
    eel::Context& fc = *w.frameContext;
    eel::Context& pc = *w.pointContext;

    // MD2 LoadCustomWavePerFrameEvallibVars; the per-point context gets the same inputs once per
    // frame, before per_frame runs (DrawCustomWaves step 2.a).
    w.frameSlots.inputs.load(fc, state_.inputs);
    w.pointSlots.inputs.load(pc, state_.inputs);
    w.frameSlots.q.store(fc, v.q);
    storeSlots(fc, w.frameSlots.t, waveTAfterInit_[ku]);
    const CustomWaveFrameVars start = customWaveFrameStart(cfg);
    fc[w.frameSlots.r] = start.r;
    fc[w.frameSlots.g] = start.g;
    fc[w.frameSlots.b] = start.b;
    fc[w.frameSlots.a] = start.a;
    fc[w.frameSlots.samples] = start.samples;
    if (w.perFrame.runnable()) w.perFrame.program->run();

    // q and t go to the per-point context once, so t written by one point is seen by the next.
    w.frameSlots.q.copyTo(fc, pc, w.pointSlots.q);
    copySlots(fc, w.frameSlots.t, pc, w.pointSlots.t);

    const int n = customWavePointCount(cfg, fc[w.frameSlots.samples]);
    if (n == 0) continue;
    const auto& left = cfg.spectrum ? std::span<const float>(audio.spectrum[0])
                                    : std::span<const float>(audio.waveform[0]);
    const auto& right = cfg.spectrum ? std::span<const float>(audio.spectrum[1])
                                     : std::span<const float>(audio.waveform[1]);
    // Unblended even during a transition: MD2's custom waves read m_fWaveScale.eval(-1)
    // (milkdropfs.cpp), unlike the built-in wave's smoothing above.
    prepareCustomWavePoints(cfg, n, base_.waveScale, left, right, pointIn_);

    const double colour[4] = {fc[w.frameSlots.r], fc[w.frameSlots.g], fc[w.frameSlots.b],
                              fc[w.frameSlots.a]};
    const auto count = static_cast<std::size_t>(n);
    if (w.perPoint.runnable()) {
      const WavePointSlots& s = w.pointSlots;
      const eel::Slot colourSlots[4] = {s.r, s.g, s.b, s.a};
      for (int c = 0; c < 4; ++c) pc[colourSlots[c]] = colour[c];
      const eel::BatchInput inputs[9] = {{s.sample, pointIn_.sample.data()},
                                         {s.value1, pointIn_.value1.data()},
                                         {s.value2, pointIn_.value2.data()},
                                         {s.x, pointIn_.x.data()},
                                         {s.y, pointIn_.y.data()},
                                         {s.r, nullptr},
                                         {s.g, nullptr},
                                         {s.b, nullptr},
                                         {s.a, nullptr}};
      const eel::Slot outSlots[6] = {s.x, s.y, s.r, s.g, s.b, s.a};
      eel::BatchOutput outputs[6];
      for (std::size_t i = 0; i < 6; ++i) {
        pointOut_[i].resize(count);
        outputs[i] = {outSlots[i], pointOut_[i].data()};
      }
      w.perPoint.program->runBatch(n, inputs, outputs);
    } else {
      pointOut_[0].assign(pointIn_.x.begin(), pointIn_.x.end());
      pointOut_[1].assign(pointIn_.y.begin(), pointIn_.y.end());
      for (std::size_t c = 0; c < 4; ++c) pointOut_[2 + c].assign(count, colour[c]);
    }
    const CustomWavePointOutputs outputs{all(pointOut_[0]), all(pointOut_[1]), all(pointOut_[2]),
                                         all(pointOut_[3]), all(pointOut_[4]), all(pointOut_[5])};
    finishCustomWave(cfg, outputs, aspect, 1.0, waveScratch_, state_.customWaves[ku]);
  }
}

std::size_t nonFiniteWarpVertices(const FrameState& state) {
  std::size_t n = 0;
  for (const Vec2& p : state.mesh.uv)
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) ++n;
  return n;
}

}  // namespace phosphene::preset
