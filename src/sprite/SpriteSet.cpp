#include "sprite/SpriteSet.hpp"

#include <array>
#include <string>
#include <utility>

#include "milk/CodeText.hpp"

namespace phosphene::sprite {
namespace {

/// texmgr.cpp RegisterBuiltInVariables: the inputs, then the outputs, in its order.
enum Var : std::size_t {
  Time,
  Frame,
  Fps,
  Progress,
  Bass,
  BassAtt,
  Mid,
  MidAtt,
  Treb,
  TrebAtt,
  X,
  Y,
  Sx,
  Sy,
  RepeatX,
  RepeatY,
  Rot,
  FlipX,
  FlipY,
  R,
  G,
  B,
  A,
  BlendMode,
  Done,
  Burn,
  VarCount
};
constexpr std::array<const char*, VarCount> kNames = {
    "time",     "frame", "fps", "progress", "bass", "bass_att",  "mid",     "mid_att", "treb",
    "treb_att", "x",     "y",   "sx",       "sy",   "repeatx",   "repeaty", "rot",     "flipx",
    "flipy",    "r",     "g",   "b",        "a",    "blendmode", "done",    "burn"};

/// Compiles a block; what does not compile is reported (lines mapped back to the ini) and the
/// sprite runs without it, as LoadTex only warns (TEXMGR_WARN_ERROR_IN_*_CODE).
std::optional<eel::Program> compileBlock(const milk::CodeBlock& block, const char* section,
                                         eel::Context& context, core::Diagnostics& diagnostics) {
  const milk::JoinedCode joined = milk::joinEquations(block);
  // RecompileExpressions' quick fix: text of only spaces and separators is no code.
  if (joined.text.find_first_not_of(" \t\r\n") == std::string::npos) return std::nullopt;
  eel::CompileOptions options;
  options.section = section;
  core::Expected<eel::Program> compiled = eel::compile(joined.text, context, options);
  for (core::Diagnostic d : compiled.diagnostics()) {
    // The joined text is one line (MD2 deletes the separators): its column is an offset.
    if (d.line == 1 && d.column > 0) {
      const milk::SourcePos pos = joined.locate(static_cast<std::size_t>(d.column - 1));
      d.line = pos.line > 0 ? pos.line : pos.blockLine;
      d.column = pos.column;
    }
    d.section = section;
    diagnostics.push_back(std::move(d));
  }
  if (compiled.ok()) return std::move(compiled.value());
  const int line = block.lines.empty() ? 0 : block.lines.front().sourceLine;
  diagnostics.push_back(core::makeDiagnostic(core::DiagnosticId::SpriteCodeFailed,
                                             std::string("'") + section + "' is left out", section,
                                             line));
  return std::nullopt;
}

}  // namespace

struct SpriteSet::Sprite {
  SpriteId id = 0;
  int number = -1;
  SpriteImage image;
  double startTime = 0.0;
  std::uint64_t startFrame = 0;
  std::unique_ptr<eel::Context> context;
  std::array<double*, VarCount> vars{};
  std::optional<eel::Program> perFrame;

  SpriteOutputs outputs() const {
    SpriteOutputs o;
    o.x = *vars[X];
    o.y = *vars[Y];
    o.sx = *vars[Sx];
    o.sy = *vars[Sy];
    o.rot = *vars[Rot];
    o.flipx = *vars[FlipX];
    o.flipy = *vars[FlipY];
    o.repeatx = *vars[RepeatX];
    o.repeaty = *vars[RepeatY];
    o.r = *vars[R];
    o.g = *vars[G];
    o.b = *vars[B];
    o.a = *vars[A];
    o.blendmode = *vars[BlendMode];
    o.done = *vars[Done];
    o.burn = *vars[Burn];
    return o;
  }
};

SpriteSet::SpriteSet(eel::Globals& globals, int maxSprites) : globals_(&globals) {
  slots_.resize(static_cast<std::size_t>(maxSprites > 0 ? maxSprites : 1));
  budget_.limit = kDefaultIterationBudget;
}

SpriteSet::~SpriteSet() = default;

LaunchResult SpriteSet::launch(const SpriteDefinition& definition, const SpriteImage& image,
                               double time, std::uint64_t frame) {
  LaunchResult result;
  // LaunchSprite: the first free slot; if none, the oldest sprite (lowest start frame, first
  // slot on a tie) is killed and its slot taken.
  std::size_t slot = slots_.size();
  std::size_t oldest = 0;
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    if (!slots_[i]) {
      slot = i;
      break;
    }
    if (slots_[i]->startFrame < slots_[oldest]->startFrame) oldest = i;
  }
  if (slot == slots_.size()) {
    slot = oldest;
    result.evicted = slots_[slot]->id;
    slots_[slot].reset();
  }

  auto s = std::make_unique<Sprite>();
  s->id = nextId_++;
  s->number = definition.number;
  s->image = image;
  s->startTime = time;
  s->startFrame = frame;
  s->context = std::make_unique<eel::Context>(*globals_);
  s->context->setSharedBudget(&budget_);
  budget_.reset();
  for (std::size_t v = 0; v < VarCount; ++v)
    s->vars[v] = s->context->pointer(s->context->slot(kNames[v]));
  // texmgr.cpp RunInitCode: variables registered fresh (all 0: the init code sees time, frame
  // and the audio inputs as 0), the init code compiled, the outputs' defaults set, then the init
  // code run once. Defaults are set only here, so values persist from frame to frame.
  std::optional<eel::Program> init =
      compileBlock(definition.init, "sprite_init", *s->context, result.diagnostics);
  *s->vars[X] = 0.5;
  *s->vars[Y] = 0.5;
  *s->vars[Sx] = 1.0;
  *s->vars[Sy] = 1.0;
  *s->vars[RepeatX] = 1.0;
  *s->vars[RepeatY] = 1.0;
  *s->vars[Rot] = 0.0;
  *s->vars[FlipX] = 0.0;
  *s->vars[FlipY] = 0.0;
  *s->vars[R] = 1.0;
  *s->vars[G] = 1.0;
  *s->vars[B] = 1.0;
  *s->vars[A] = 1.0;
  *s->vars[BlendMode] = 0.0;
  *s->vars[Done] = 0.0;
  *s->vars[Burn] = 1.0;  // burn-in is on unless the code turns it off
  if (init) init->run();
  result.initOverBudget = budget_.refused;
  // LoadTex then compiles the per-frame code in the same context (user variables carry over).
  s->perFrame = compileBlock(definition.code, "sprite_code", *s->context, result.diagnostics);
  result.id = s->id;
  slots_[slot] = std::move(s);
  return result;
}

bool SpriteSet::kill(SpriteId id) {
  for (auto& s : slots_)
    if (s && s->id == id) {
      s.reset();
      return true;
    }
  return false;
}

std::vector<SpriteId> SpriteSet::killAll() {
  std::vector<SpriteId> killed = ids();
  for (auto& s : slots_) s.reset();
  return killed;
}

std::vector<SpriteId> SpriteSet::ids() const {
  std::vector<SpriteId> out;
  for (const auto& s : slots_)
    if (s) out.push_back(s->id);
  return out;
}

std::size_t SpriteSet::count() const {
  std::size_t n = 0;
  for (const auto& s : slots_) n += s ? 1 : 0;
  return n;
}

bool SpriteSet::usesImage(std::uint64_t key) const {
  for (const auto& s : slots_)
    if (s && s->image.key == key) return true;
  return false;
}

void SpriteSet::step(const SpriteFrameInputs& in, std::vector<SpriteDraw>& draws,
                     std::vector<SpriteId>& ended) {
  draws.clear();
  ended.clear();
  budget_.reset();
  lastStepCut_.reset();
  for (auto& slot : slots_) {
    if (!slot) continue;
    Sprite& s = *slot;
    // DrawUserSprites: time and frame count from the launch; bass/mid/treb are imm_rel and the
    // _att values avg_rel (the same values presets see as bass .. treb_att).
    *s.vars[Time] = in.time - s.startTime;
    *s.vars[Frame] = static_cast<double>(in.frame) - static_cast<double>(s.startFrame);
    *s.vars[Fps] = in.fps;
    *s.vars[Progress] = in.progress;
    *s.vars[Bass] = in.bass;
    *s.vars[Mid] = in.mid;
    *s.vars[Treb] = in.treb;
    *s.vars[BassAtt] = in.bassAtt;
    *s.vars[MidAtt] = in.midAtt;
    *s.vars[TrebAtt] = in.trebAtt;
    if (s.perFrame) s.perFrame->run();
    if (budget_.refused && !lastStepCut_) lastStepCut_ = BudgetCut{s.id, s.number};
    SpriteDraw d;
    d.id = s.id;
    d.number = s.number;
    d.image = s.image;
    d.quad = spriteQuad(s.outputs(), s.image.width, s.image.height, in.viewWidth, in.viewHeight);
    draws.push_back(d);
    // Killed right after its draw (KillSprite at the end of the slot's turn).
    if (d.quad.done) {
      ended.push_back(s.id);
      slot.reset();
    }
  }
}

}  // namespace phosphene::sprite
