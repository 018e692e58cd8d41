#include "preset/VariableSlots.hpp"

#include <string>

namespace phosphene::preset {
namespace {

// Equation names as MD2 registers them (state.cpp RegisterBuiltInVariables).
constexpr std::array<const char*, kFrameVarCount> kFrameVarNames = {"zoom",
                                                                    "zoomexp",
                                                                    "rot",
                                                                    "warp",
                                                                    "cx",
                                                                    "cy",
                                                                    "dx",
                                                                    "dy",
                                                                    "sx",
                                                                    "sy",
                                                                    "decay",
                                                                    "gamma",
                                                                    "echo_zoom",
                                                                    "echo_alpha",
                                                                    "echo_orient",
                                                                    "wave_mode",
                                                                    "wave_r",
                                                                    "wave_g",
                                                                    "wave_b",
                                                                    "wave_a",
                                                                    "wave_x",
                                                                    "wave_y",
                                                                    "wave_mystery",
                                                                    "wave_usedots",
                                                                    "wave_thick",
                                                                    "wave_additive",
                                                                    "wave_brighten",
                                                                    "darken_center",
                                                                    "wrap",
                                                                    "invert",
                                                                    "brighten",
                                                                    "darken",
                                                                    "solarize",
                                                                    "ob_size",
                                                                    "ob_r",
                                                                    "ob_g",
                                                                    "ob_b",
                                                                    "ob_a",
                                                                    "ib_size",
                                                                    "ib_r",
                                                                    "ib_g",
                                                                    "ib_b",
                                                                    "ib_a",
                                                                    "mv_x",
                                                                    "mv_y",
                                                                    "mv_dx",
                                                                    "mv_dy",
                                                                    "mv_l",
                                                                    "mv_r",
                                                                    "mv_g",
                                                                    "mv_b",
                                                                    "mv_a",
                                                                    "blur1_min",
                                                                    "blur2_min",
                                                                    "blur3_min",
                                                                    "blur1_max",
                                                                    "blur2_max",
                                                                    "blur3_max",
                                                                    "blur1_edge_darken"};

constexpr std::array<const char*, kShapeVarCount> kShapeVarNames = {
    "x",        "y",        "rad",      "ang",   "tex_ang",  "tex_zoom", "sides",    "textured",
    "instance", "num_inst", "additive", "thick", "r",        "g",        "b",        "a",
    "r2",       "g2",       "b2",       "a2",    "border_r", "border_g", "border_b", "border_a"};

constexpr std::array<double ShapeVars::*, kShapeVarCount> kShapeMembers = {
    &ShapeVars::x,        &ShapeVars::y,       &ShapeVars::rad,      &ShapeVars::ang,
    &ShapeVars::texAng,   &ShapeVars::texZoom, &ShapeVars::sides,    &ShapeVars::textured,
    &ShapeVars::instance, &ShapeVars::numInst, &ShapeVars::additive, &ShapeVars::thick,
    &ShapeVars::r,        &ShapeVars::g,       &ShapeVars::b,        &ShapeVars::a,
    &ShapeVars::r2,       &ShapeVars::g2,      &ShapeVars::b2,       &ShapeVars::a2,
    &ShapeVars::borderR,  &ShapeVars::borderG, &ShapeVars::borderB,  &ShapeVars::borderA};

template <std::size_t N>
void bindNumbered(eel::Context& ctx, const char* prefix, std::array<eel::Slot, N>& slots) {
  for (std::size_t i = 0; i < N; ++i) slots[i] = ctx.slot(prefix + std::to_string(i + 1));
}

// Same order as kFrameVarNames.
template <typename V>
auto framePointers(V& v) {
  using Ptr = decltype(&v.zoom);
  return std::array<Ptr, kFrameVarCount>{&v.zoom,
                                         &v.zoomExp,
                                         &v.rot,
                                         &v.warp,
                                         &v.cx,
                                         &v.cy,
                                         &v.dx,
                                         &v.dy,
                                         &v.sx,
                                         &v.sy,
                                         &v.decay,
                                         &v.gamma,
                                         &v.echoZoom,
                                         &v.echoAlpha,
                                         &v.echoOrient,
                                         &v.waveMode,
                                         &v.waveR,
                                         &v.waveG,
                                         &v.waveB,
                                         &v.waveA,
                                         &v.waveX,
                                         &v.waveY,
                                         &v.waveMystery,
                                         &v.waveUseDots,
                                         &v.waveThick,
                                         &v.waveAdditive,
                                         &v.waveBrighten,
                                         &v.darkenCenter,
                                         &v.wrap,
                                         &v.invert,
                                         &v.brighten,
                                         &v.darken,
                                         &v.solarize,
                                         &v.obSize,
                                         &v.obR,
                                         &v.obG,
                                         &v.obB,
                                         &v.obA,
                                         &v.ibSize,
                                         &v.ibR,
                                         &v.ibG,
                                         &v.ibB,
                                         &v.ibA,
                                         &v.mvX,
                                         &v.mvY,
                                         &v.mvDx,
                                         &v.mvDy,
                                         &v.mvL,
                                         &v.mvR,
                                         &v.mvG,
                                         &v.mvB,
                                         &v.mvA,
                                         &v.blurMin[0],
                                         &v.blurMin[1],
                                         &v.blurMin[2],
                                         &v.blurMax[0],
                                         &v.blurMax[1],
                                         &v.blurMax[2],
                                         &v.blur1EdgeDarken};
}

}  // namespace

const std::array<const char*, kFrameVarCount>& frameVarNames() {
  return kFrameVarNames;
}
const std::array<const char*, kShapeVarCount>& shapeVarNames() {
  return kShapeVarNames;
}

double& frameVarRef(FrameVars& v, std::size_t i) {
  return *framePointers(v)[i];
}

void InputSlots::bind(eel::Context& ctx) {
  time = ctx.slot("time");
  fps = ctx.slot("fps");
  frame = ctx.slot("frame");
  progress = ctx.slot("progress");
  bass = ctx.slot("bass");
  mid = ctx.slot("mid");
  treb = ctx.slot("treb");
  bassAtt = ctx.slot("bass_att");
  midAtt = ctx.slot("mid_att");
  trebAtt = ctx.slot("treb_att");
}

void InputSlots::load(eel::Context& ctx, const FrameInputs& in) const {
  ctx[time] = in.time;
  ctx[fps] = in.fps;
  ctx[frame] = in.frame;
  ctx[progress] = in.progress;
  ctx[bass] = in.bass;
  ctx[mid] = in.mid;
  ctx[treb] = in.treb;
  ctx[bassAtt] = in.bassAtt;
  ctx[midAtt] = in.midAtt;
  ctx[trebAtt] = in.trebAtt;
}

void ViewSlots::bind(eel::Context& ctx) {
  meshX = ctx.slot("meshx");
  meshY = ctx.slot("meshy");
  pixelsX = ctx.slot("pixelsx");
  pixelsY = ctx.slot("pixelsy");
  aspectX = ctx.slot("aspectx");
  aspectY = ctx.slot("aspecty");
}

void ViewSlots::load(eel::Context& ctx, const FrameInputs& in) const {
  ctx[meshX] = in.meshX;
  ctx[meshY] = in.meshY;
  ctx[pixelsX] = in.canvasWidth;
  ctx[pixelsY] = in.canvasHeight;
  ctx[aspectX] = in.aspectX;
  ctx[aspectY] = in.aspectY;
}

void QSlots::bind(eel::Context& ctx, int n) {
  count = n;
  for (int i = 0; i < n; ++i)
    slots[static_cast<std::size_t>(i)] = ctx.slot("q" + std::to_string(i + 1));
}

void PresetSlots::bind(eel::Context& ctx, int qCount) {
  for (std::size_t i = 0; i < kFrameVarCount; ++i) vars[i] = ctx.slot(kFrameVarNames[i]);
  inputs.bind(ctx);
  view.bind(ctx);
  q.bind(ctx, qCount);
  monitor = ctx.slot("monitor");
}

void PresetSlots::storeVars(eel::Context& ctx, const FrameVars& v) const {
  const auto values = framePointers(v);
  for (std::size_t i = 0; i < kFrameVarCount; ++i) ctx[vars[i]] = *values[i];
}

void PresetSlots::loadVars(eel::Context& ctx, FrameVars& v) const {
  const auto refs = framePointers(v);
  for (std::size_t i = 0; i < kFrameVarCount; ++i) *refs[i] = ctx[vars[i]];
  q.load(ctx, v.q);
}

void VertexSlots::bind(eel::Context& ctx, int qCount) {
  static constexpr const char* kMotion[10] = {"zoom", "zoomexp", "rot", "warp", "cx",
                                              "cy",   "dx",      "dy",  "sx",   "sy"};
  x = ctx.slot("x");
  y = ctx.slot("y");
  rad = ctx.slot("rad");
  ang = ctx.slot("ang");
  for (std::size_t i = 0; i < motion.size(); ++i) motion[i] = ctx.slot(kMotion[i]);
  inputs.bind(ctx);
  view.bind(ctx);
  q.bind(ctx, qCount);
}

void WaveFrameSlots::bind(eel::Context& ctx, int qCount) {
  inputs.bind(ctx);
  q.bind(ctx, qCount);
  bindNumbered(ctx, "t", t);
  r = ctx.slot("r");
  g = ctx.slot("g");
  b = ctx.slot("b");
  a = ctx.slot("a");
  samples = ctx.slot("samples");
}

void WavePointSlots::bind(eel::Context& ctx, int qCount) {
  inputs.bind(ctx);
  q.bind(ctx, qCount);
  bindNumbered(ctx, "t", t);
  sample = ctx.slot("sample");
  value1 = ctx.slot("value1");
  value2 = ctx.slot("value2");
  x = ctx.slot("x");
  y = ctx.slot("y");
  r = ctx.slot("r");
  g = ctx.slot("g");
  b = ctx.slot("b");
  a = ctx.slot("a");
}

void ShapeSlots::bind(eel::Context& ctx, int qCount) {
  inputs.bind(ctx);
  q.bind(ctx, qCount);
  bindNumbered(ctx, "t", t);
  for (std::size_t i = 0; i < kShapeVarCount; ++i) vars[i] = ctx.slot(kShapeVarNames[i]);
}

void ShapeSlots::store(eel::Context& ctx, const ShapeVars& v) const {
  for (std::size_t i = 0; i < kShapeVarCount; ++i) ctx[vars[i]] = v.*kShapeMembers[i];
}

void ShapeSlots::load(eel::Context& ctx, ShapeVars& v) const {
  for (std::size_t i = 0; i < kShapeVarCount; ++i) v.*kShapeMembers[i] = ctx[vars[i]];
}

}  // namespace phosphene::preset
