#pragma once
// preset::Runtime: runs a compiled preset once per frame, in MilkDrop 2's order (spec §3, §4.1,
// §7; MD2 milkdropfs.cpp RenderFrame), and returns the FrameState the renderer draws.
//
// One step:
//   first frame only: per_frame_init, then every wave's and shape's init code (q and t saved);
//   mesh geometry (rebuilt when mesh or canvas size changed); waveform copies smoothed (§5.4);
//   per_frame (built-ins reset to file values, q1..q32 — q1..q64 for a MilkDrop 3 preset — to
//   the post-init values, monitor to last frame's); motion vectors against LAST frame's mesh;
//   per_pixel over every vertex (q and the per-frame motion values handed in); shapes 0..3 per
//   instance (0..15 for MilkDrop 3); waves likewise, per_frame then per_point; the built-in
//   waveform.
// Variables of every context persist across frames (spec §3.5); regs and gmegabuf live in the
// caller's eel::Globals. Nothing here touches GL or throws.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "audio/FrameAudio.hpp"
#include "clock/FrameClock.hpp"
#include "preset/BuiltinWaveform.hpp"
#include "preset/CustomShape.hpp"
#include "preset/CustomWave.hpp"
#include "preset/FrameState.hpp"
#include "preset/Program.hpp"

namespace phosphene::preset {

/// What the host decides about a frame besides audio and time.
struct StepInputs {
  int meshX = 48, meshY = 36;                  // warp mesh cells (MD2 stock default 48×36)
  int canvasWidth = 1280, canvasHeight = 720;  // pixelsx/pixelsy (at least 1); aspect follows
  double progress = 0.0;                       // through the preset's scheduled life (spec §3.1)
  float texelOffsetX = 0.0f, texelOffsetY = 0.0f;  // warp texel shift (MeshSpec; MD2: 0.5)
  /// MD2's raw treble band sum imm[2] for built-in wave mode 3. FrameAudio does not carry it
  /// yet; when absent it is approximated from the left spectrum's treble bins.
  std::optional<double> trebleImm;
  /// During a transition (spec §6, §9): the outgoing preset's wave mode and the linear blend
  /// progress, so the built-in wave morphs between the two modes. −1: no blend.
  int blendOldWaveMode = -1;
  double blendProgress = 0.0;
};

class Runtime {
 public:
  /// Takes the compiled preset over; its contexts become this runtime's.
  explicit Runtime(Program program);
  /// Compiles and takes over in one go.
  Runtime(const milk::Preset& preset, eel::Globals& globals);

  Runtime(Runtime&&) noexcept = default;
  Runtime& operator=(Runtime&&) noexcept = default;

  /// Runs one frame. The reference stays valid until the next step or the runtime's end.
  /// Same as beginFrame() followed by finishFrame().
  const FrameState& step(const audio::FrameAudio& audio, const clock::FrameClock& clock,
                         const StepInputs& inputs = {});

  /// The two halves of step(), for preset transitions (spec §9; MD2 RunPerFrameEquations, then
  /// ComputeGridAlphaValues): beginFrame runs everything up to and including per_frame and
  /// returns the per-frame variables, which the caller may change (the blend mixes both presets'
  /// values there); finishFrame then runs what reads them: motion vectors, per-vertex code,
  /// shapes, waves and the built-in wave, and returns the frame, which the caller may change too
  /// (the blend writes the blended warp texcoords into the incoming preset's mesh, which the
  /// next frame's motion vectors read, as MD2's m_verts). `audio` must be the same object for
  /// both calls.
  FrameVars& beginFrame(const audio::FrameAudio& audio, const clock::FrameClock& clock,
                        const StepInputs& inputs = {});
  FrameState& finishFrame(const audio::FrameAudio& audio);

  const FrameState& state() const { return state_; }
  /// Loop iterations all of this preset's code may run per frame (every block together;
  /// negative: unlimited, the default). Past it loops stop iterating for the rest of the frame
  /// and lastStepOverBudget() says so: a preset cannot hang its host.
  void setIterationBudgetPerFrame(std::int64_t iterations) { budget_->limit = iterations; }
  std::int64_t iterationBudgetPerFrame() const { return budget_->limit; }
  /// Whether the last frame stepped had loops cut short by the budget.
  bool lastStepOverBudget() const { return budget_->refused; }
  /// Loop iterations the last frame stepped ran (all blocks together).
  std::int64_t lastStepIterations() const { return budget_->used; }

  /// The preset's file values (what per_frame starts from every frame outside transitions).
  const FrameVars& baseValues() const { return base_; }
  /// During a transition (spec §9) the incoming preset's per_frame starts from blended file
  /// values (preset::blendBaseValues) instead, except the ten motion values, which stay its own.
  /// `blended` must stay valid until the next call; nullptr ends it.
  void setBlendedBase(const FrameVars* blended) { blendedBase_ = blended; }
  const Program& program() const { return program_; }
  Program& program() { return program_; }
  /// Frames stepped so far.
  long long framesStepped() const { return frames_; }
  /// q1..q64 as per_frame_init left them (restored before every per_frame; q33..q64 stay 0 for
  /// an MD2 preset).
  const std::array<double, kMaxQCount>& qAfterInit() const { return qAfterInit_; }
  /// Per-vertex motion outputs of the last frame (empty without per_pixel code), in VertexMotion
  /// order zoom zoomexp rot warp cx cy dx dy sx sy.
  const std::array<std::vector<double>, 10>& vertexMotion() const { return vertexOut_; }

 private:
  /// base_, or the blended base during a transition (setBlendedBase).
  const FrameVars& frameBase() const { return usesBlendedBase_ ? blendScratch_ : base_; }
  /// Once per frame: the blended base without its motion values, when setBlendedBase is on.
  void prepareFrameBase();
  void runInitCode();
  void loadPresetContext();
  void runPerFrame();
  void runPerVertex();
  void runShapes();
  void runWaves(const audio::FrameAudio& audio);

  Program program_;
  // Heap-allocated so that the contexts' pointers survive moving the Runtime.
  std::unique_ptr<eel::IterationBudget> budget_ = std::make_unique<eel::IterationBudget>();
  FrameVars base_;
  std::array<CustomWaveConfig, kMaxCustomWaves> waveConfigs_{};
  std::array<CustomShapeConfig, kMaxCustomShapes> shapeConfigs_{};

  std::array<double, kMaxQCount> qAfterInit_{};
  double monitor_ = 0.0;  // MD2 monitor_after_init_code: updated after every per_frame
  std::array<std::array<double, kTCount>, kMaxCustomWaves> waveTAfterInit_{};
  std::array<std::array<double, kTCount>, kMaxCustomShapes> shapeTAfterInit_{};

  FrameState state_;
  long long frames_ = 0;
  StepInputs stepInputs_;  // of the frame begun
  const FrameVars* blendedBase_ = nullptr;
  FrameVars blendScratch_;
  bool usesBlendedBase_ = false;

  // Reused buffers.
  std::array<float, kAudioSamplesPerFrame> smoothL_{}, smoothR_{};
  std::array<std::vector<double>, 10> vertexOut_;
  CustomWavePointInputs pointIn_;
  std::array<std::vector<double>, 6> pointOut_;  // x y r g b a
  std::vector<WavePoint> waveScratch_;
  BuiltinWaveform builtinWave_;
};

/// The engine's default for Runtime::setIterationBudgetPerFrame: ~20x the most any preset of
/// projectm-data runs in a frame (201,782, in the init frame of "Harmony Nova v2a"; over 60
/// frames at 48x36; the corpus test `corpus_preset_budget` keeps every preset below a tenth of
/// it), and small enough that `per_pixel_1=loop(100000000, x=x+1);` costs ~0.1 s a frame. It
/// counts iterations, not time: a loop with a long body costs more per iteration.
inline constexpr std::int64_t kDefaultIterationBudgetPerFrame = 4'000'000;

/// Vertices whose warp texture coordinate is NaN or infinite (0 for a healthy frame). MD2 draws
/// such vertices as garbage too; tools report them (PRE003).
std::size_t nonFiniteWarpVertices(const FrameState& state);

}  // namespace phosphene::preset
