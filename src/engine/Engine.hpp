#pragma once
// Engine: one visualizer instance. It ties together the per-engine logger and last error, the PCM
// input, the audio analyser, the frame clock, the engine-wide EEL globals (reg00-reg99,
// gmegabuf: one set per engine, so two engines never share them), two preset slots (the current
// preset and, during a transition, the outgoing one), the preset loader thread, the switching
// policy, and a render::Renderer made lazily in the host's GL context on the first render call.
// The C API is a thin skin over this class.
//
// Loading: a preset is prepared (read, parsed, compiled, shaders translated: PreparedPreset) on the
// loader thread (requestPreset) or on the calling thread (loadPresetFile/Text: synchronous, a
// hard cut). The render thread only links the prepared shaders, on the first frame drawn with the
// preset; until the incoming preset is ready the current one keeps drawing, then the transition
// starts (MD2 also starts it a few frames after the request, plugin.cpp LoadPresetTick). A preset
// that fails to load never interrupts the picture: the current one keeps running and the failure
// is reported (diagnostics, an event, the log).
//
// Transitions (spec §9): both presets run every frame, new first, then old, in MD2's two halves:
// per_frame of both (the new preset's variables start from the blended file values), then the
// outputs are mixed (preset::blendPerFrameResults), then the rest of each frame (per-vertex,
// shapes, waves), then the warp texcoords are blended with a random spatial pattern
// (preset::BlendPattern) into the new preset's mesh; the renderer draws both presets' passes
// (render::FrameDraw).
//
// Switching policy (every value a SwitchSettings member with MD2's default): automatic switches
// after the preset duration, loudness hard cuts (off by default, as in MD2), beat hard cuts, a
// preset lock, and a per-frame equation budget: a preset whose equations exceed it is reported
// and switched away from. The engine does not know any preset list: it asks the host's
// PresetProvider for the next preset (the playlist, the CLI's list).
//
// Threads: pcm() is the producer side (audio thread); everything else is the controller side
// (one thread, the one with the GL context). The loader thread is internal.

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "audio/Analyzer.hpp"
#include "audio/FrameAudio.hpp"
#include "audio/PcmInput.hpp"
#include "clock/FrameClock.hpp"
#include "clock/Random.hpp"
#include "core/Diagnostic.hpp"
#include "core/Logger.hpp"
#include "eel/Eel.hpp"
#include "engine/NativePreset.hpp"
#include "engine/PreparedPreset.hpp"
#include "engine/PresetLoader.hpp"
#include "preset/BlendPattern.hpp"
#include "preset/Runtime.hpp"
#include "preset/TransitionStep.hpp"
#include "render/Renderer.hpp"
#include "shader/TranslationCache.hpp"

namespace phosphene::engine {

struct EngineSettings {
  double fps = 60.0;  // fixed-clock frame rate
  std::uint64_t seed = 0;
  std::size_t pcmRingFrames = audio::kDefaultRingFrames;
  bool alignWaves = true;  // MD2's AlignWaves (audio/WaveAligner.hpp)
};

/// Why a preset switch happened (events, the provider's question).
enum class SwitchReason { User, Auto, HardCut, Beat, LoadFailed, OverBudget };
const char* switchReasonName(SwitchReason reason);

/// The switching policy. Defaults are MilkDrop 2's (plugin.cpp MyPreInitialize) where it has one.
struct SwitchSettings {
  double presetDuration = 16.0;         // fTimeBetweenPresets (seconds)
  double presetDurationRandom = 10.0;   // fTimeBetweenPresetsRand: 0..this added per preset
  bool durationIncludesBlend = true;    // MD2: next switch = now + blend time + duration + rand
  double blendTimeAuto = 2.7;           // fBlendTimeAuto: automatic switches
  double blendTimeUser = 1.7;           // fBlendTimeUser: requestPreset with a negative time
  bool autoSwitch = true;               // acts only when a PresetProvider is set
  bool locked = false;                  // preset lock: no automatic switches and no hard cuts
  bool loudnessHardCuts = false;        // MD2's m_bHardCutsDisabled = true (spec §5.5)
  bool beatHardCuts = false;            // cut on the beat detector's onsets
  double beatHardCutMinInterval = 4.0;  // seconds between two beat cuts at least
  /// The beat detector's sensitivity (audio::BeatDetector::setSensitivity, 0.1..10): Beat events
  /// and beat hard cuts; bass/mid/treb, which presets see, are MD2's and never scaled.
  double beatSensitivity = 1.0;
  /// Loop iterations all of a preset's equations may run per frame (preset::Runtime); past it the
  /// preset is stopped and switched away from. Negative: unlimited.
  std::int64_t iterationBudgetPerFrame = preset::kDefaultIterationBudgetPerFrame;
  /// Offline rendering: a frame waits for a requested preset to be ready, so the same options
  /// give the same frames. Interactive hosts leave it off and never stall.
  bool waitForLoads = false;
  /// Forces one warp blend pattern (tests, golden images); nothing: MD2's random choice.
  std::optional<preset::BlendPatternType> blendPattern;
};

/// Something hosts want to hear about, in the order it happened (takeEvents()).
struct EngineEvent {
  enum class Type {
    PresetStarted,     // a preset became current (transition or hard cut)
    TransitionEnded,   // the outgoing preset is gone
    PresetLoadFailed,  // a load failed; the current preset keeps running
    PresetOverBudget,  // a preset's equations exceeded the per-frame budget
    PresetLoaded,      // a requested preset is prepared; it starts at the next frame
    Beat,              // the beat detector saw an onset this frame
    HardCut,           // MD2's loudness hard-cut rule fired this frame
  };
  Type type = Type::PresetStarted;
  SwitchReason reason = SwitchReason::User;
  std::uint64_t requestId = 0;  // the requestPreset ticket it belongs to; 0: none
  std::int64_t tag = -1;        // the PresetSource's tag
  std::string name;
  std::filesystem::path path;  // the preset's file, when it came from one
  double time = 0.0;           // engine clock
  double loadSeconds = 0.0;    // PresetLoaded/Started: preparation time on the loader
  double transition = 0.0;     // PresetStarted: blend duration (0: hard cut)
  core::Diagnostics diagnostics;
};

/// Why a frame call failed, from the failure itself (the C API's result codes map from it).
enum class FrameStatus { Ok, InvalidArgument, NoContext, GlVersion, GlError };

/// A frame call's outcome: true when it went well; lastError() says more otherwise.
struct FrameResult {
  FrameStatus status = FrameStatus::Ok;
  explicit operator bool() const { return status == FrameStatus::Ok; }
};

/// Answers "which preset next?" for automatic switches, hard cuts and switching away from a
/// failed preset. Nothing: no switch.
using PresetProvider = std::function<std::optional<PresetSource>(SwitchReason)>;

class Engine {
 public:
  explicit Engine(const EngineSettings& settings = {});
  ~Engine();

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
  const EngineSettings& settings() const { return settings_; }

  using LoadStatus = engine::LoadStatus;
  /// Synchronous load, a hard cut: prepared on the calling thread and current from the next
  /// frame. Blocks that do not compile are left out and reported as warnings (MD2 runs the rest).
  /// On failure the current preset keeps running. Diagnostics: presetDiagnostics().
  LoadStatus loadPresetText(std::string_view text, std::string name = "<text>");
  LoadStatus loadPresetFile(const std::filesystem::path& path);
  /// Asynchronous load on the loader thread; the preset starts (with a transition of
  /// `transitionSeconds`, 0 = hard cut, negative = SwitchSettings::blendTimeUser) once it is
  /// ready. A newer request replaces an older one still pending. Returns the request's ticket.
  std::uint64_t requestPreset(PresetSource source, double transitionSeconds = -1.0,
                              SwitchReason reason = SwitchReason::User);
  /// Whether a requested preset is still being prepared.
  bool loadPending() const {
    return pendingTicket_ != 0 || ready_.has_value() || staged_.has_value();
  }
  /// Blocks until the pending request (if any) is prepared; it starts on the next frame. Its
  /// outcome (Ok also when nothing is pending): a failure is reported at the next frame.
  LoadStatus waitForPendingLoad();
  /// waitForPendingLoad, then starts the preset now (unless a live switch stages its shaders over
  /// the next draws): its clock, switch schedule and events count from this frame, exactly as a
  /// synchronous load, so a preset started before the first frame is switched away from at
  /// duration, not one frame later.
  LoadStatus finishPendingLoad();

  /// Diagnostics of the last load (failed or not) and of linking the current preset's shaders.
  const core::Diagnostics& presetDiagnostics() const { return presetDiagnostics_; }
  /// Folders searched for user and random textures (`sampler_clouds`, `sampler_rand00`), in
  /// order; the folder of a preset loaded from a file is searched after them, as in MD2.
  /// Applies to presets linked from now on (textures are resolved when the shaders link).
  void setTextureSearchPath(std::vector<std::filesystem::path> dirs);
  const std::vector<std::filesystem::path>& textureSearchPath() const { return textureSearch_; }
  /// The search path the current preset's textures are resolved with.
  std::vector<std::filesystem::path> effectiveTextureSearchPath() const;
  /// The translated shaders of the current preset (null: none, or not translatable).
  const render::PresetShaders& presetShaders() const { return current_.shaders; }
  shader::TranslationCache& translations() { return translations_; }
  bool hasPreset() const { return current_.runtime.has_value(); }
  const preset::Runtime* runtime() const { return current_.runtime ? &*current_.runtime : nullptr; }
  const std::string& presetName() const { return current_.shaders.name; }
  /// The current preset's file (empty for texts and native presets).
  const std::filesystem::path& presetPath() const { return current_.path; }

  void setSwitchSettings(const SwitchSettings& settings);
  const SwitchSettings& switchSettings() const { return switch_; }
  void setPresetProvider(PresetProvider provider) { provider_ = std::move(provider); }
  /// Asks the provider for the next preset now (a "next" key), with the user blend time.
  bool switchToNext(SwitchReason reason = SwitchReason::User, double transitionSeconds = -1.0);
  bool transitioning() const { return transition_.active(); }
  /// Linear blend progress p of the transition in flight (1 outside transitions).
  double transitionProgress() const;
  /// The outgoing preset's runtime during a transition.
  const preset::Runtime* outgoingRuntime() const {
    return outgoing_.runtime ? &*outgoing_.runtime : nullptr;
  }
  /// Events waiting to be taken; older ones are dropped beyond this (the C API's
  /// PHOSPHENE_MAX_QUEUED_EVENTS).
  static constexpr std::size_t kMaxQueuedEvents = 256;
  /// Takes the oldest event waiting; false when there is none.
  bool pollEvent(EngineEvent& out);
  /// Takes every event waiting, oldest first.
  std::vector<EngineEvent> takeEvents();
  /// Called with every event as it happens, before it is queued (the playlist counts failures
  /// there); it must not call back into the engine.
  void setEventListener(std::function<void(const EngineEvent&)> listener) {
    eventListener_ = std::move(listener);
  }

  /// The canvas size the preset is computed for (0×0: the render target's size).
  void setDrawableSize(int width, int height);
  int drawableWidth() const { return drawableWidth_; }
  int drawableHeight() const { return drawableHeight_; }
  /// The mesh sizes the engine accepts (MD2's own limit is 192×144, MAX_GRID_X/Y; larger meshes
  /// are Phosphene's) and stock MD2's default, 48×36 (spec §3.1, meshx). The C API's
  /// PHOSPHENE_*_MESH_* macros are checked against these at compile time.
  static constexpr int kMinMeshX = 8, kMaxMeshX = 320, kMinMeshY = 6, kMaxMeshY = 240;
  static constexpr int kDefaultMeshX = 48, kDefaultMeshY = 36;
  /// Clamped to the limits above.
  void setMeshSize(int meshX, int meshY);
  int meshX() const { return meshX_; }
  int meshY() const { return meshY_; }

  /// The first half of a frame, no GL: advances the clock (dt_s as analyzeFrame, or to the time
  /// setNextFrameTime gave), analyses the audio, applies the switching policy and steps the
  /// preset(s) for the canvas size (drawable size, else the last target's, else 640×480).
  FrameResult advance(double dt_s);
  /// The next advance(0) moves the clock to `time` (later than now by at most 10 s).
  bool setNextFrameTime(double time);
  /// The second half: draws the frame advanced last into `target` (the GL context of the first
  /// draw current). Drawing again before the next advance only composites that frame again
  /// (render::Renderer::redraw): extra views never change how the picture evolves.
  FrameResult draw(const render::RenderTarget& target);
  /// draw() into the draw framebuffer bound in the current context.
  FrameResult drawToCurrentFramebuffer(int width, int height);
  /// The size the next advance computes the frame for when no drawable size is set (draw notes
  /// each target's; a one-call render notes it before advancing, so the first frame fits too).
  void noteTargetSize(int width, int height) {
    lastTargetWidth_ = width;
    lastTargetHeight_ = height;
  }
  /// advance() then draw(), the canvas sized by `target` when no drawable size is set.
  FrameResult renderFrame(const render::RenderTarget& target, double dt_s);
  /// renderFrame into the draw framebuffer bound in the current context.
  FrameResult renderFrameToCurrentFramebuffer(int width, int height, double dt_s);
  /// Forgets every GL object without a GL call (context lost, or none current at destruction);
  /// the next draw makes them again in the context then current.
  void releaseGl();
  /// Whether a GL context is current on this thread (cached look-up, cheap every frame).
  bool contextCurrent() { return probe_.current(); }
  /// Seconds of the last renderFrame spent stepping the preset(s) (CPU) and submitting GL.
  double lastStepSeconds() const { return lastStepSeconds_; }
  double lastDrawSeconds() const { return lastDrawSeconds_; }

  void setLastError(std::string message);
  void reportInputProblems();
  const std::string& lastError() const { return lastError_; }

 private:
  /// One preset in a slot: its runtime, its translated shaders and its GPU state.
  struct PresetSlot {
    std::optional<preset::Runtime> runtime;
    render::PresetShaders shaders;
    render::PresetStages stages;
    render::PresetGpuState gpu;
    std::filesystem::path folder;
    std::filesystem::path path;
    std::vector<render::StagedTexture> textures;  // decoded on the loader, uploaded at link
    std::unique_ptr<NativeInstance> native;       // a native preset's per-frame function
    bool warpLinked = false, compLinked = false;
    bool overBudgetReported = false;
    double loadSeconds = 0.0;  // the loader's preparation time
    std::uint64_t requestId = 0;
    std::int64_t tag = -1;
  };
  /// What every renderer starts from: MD2's per-run hue phases (m_fRandStart) and a seed.
  struct RendererRandoms {
    std::array<float, 4> hue{};
    std::uint64_t seed = 0;
  };

  FrameStatus ensureRenderer();
  void seedRenderer();
  shader::Dialect dialect() const;
  LoadStatus loadNow(const PresetSource& source);
  /// Makes a prepared preset current (transition > 0: blended from the current one). False, with
  /// the failure reported, when it did not load.
  bool install(PreparedPreset prepared, double transitionSeconds, SwitchReason reason);
  /// Reports a failed preparation (diagnostics, event, last error); true when it failed.
  bool reportIfFailed(const PreparedPreset& prepared, SwitchReason reason);
  PresetSlot makeSlot(PreparedPreset prepared);
  void start(PresetSlot slot, double transitionSeconds, SwitchReason reason);
  void linkSlotPart(PresetSlot& slot, bool warp, bool comp);
  /// Runs a native preset's function on the per-frame values beginFrame returned.
  void runNative(PresetSlot& slot, preset::FrameVars& vars);
  /// A slot whose GL objects must go: kept until a draw, where the context is current.
  void retire(PresetSlot& slot);
  FrameStatus glFailure(const core::Diagnostics& problems, const char* what);
  /// An event about a prepared preset (the load in flight) or a preset in a slot.
  EngineEvent eventAbout(const PreparedPreset& prepared, EngineEvent::Type type,
                         SwitchReason reason) const;
  EngineEvent eventAbout(const PresetSlot& slot, EngineEvent::Type type, SwitchReason reason) const;
  void servicePendingLoad();
  void applySwitchPolicy();
  void scheduleNextSwitch(double blendSeconds);
  void linkSlot(PresetSlot& slot);
  std::vector<std::filesystem::path> searchPathFor(const PresetSlot& slot) const;
  void endTransition();
  void checkBudget(PresetSlot& slot, bool outgoing);
  void emit(EngineEvent event);

  EngineSettings settings_;
  SwitchSettings switch_;
  core::Logger logger_;
  std::string lastError_;
  audio::PcmInput pcm_;
  audio::Analyzer analyzer_;
  audio::FrameAudio audio_;
  clock::FrameClock clock_;
  clock::Random random_;
  // The switching policy's own draws (random preset durations), apart from random_, so that
  // whether a host uses automatic switching does not change what presets draw.
  clock::Random switchRandom_;
  // Drawn from random_ once, when the first preset is made, never at a draw: when and how often
  // a host draws (and so makes renderers) cannot change what presets draw, and a renderer made
  // again after releaseGl gets what the first one got.
  std::optional<RendererRandoms> rendererRandoms_;
  eel::Globals globals_;
  shader::TranslationCache translations_;
  core::Diagnostics presetDiagnostics_;
  std::vector<std::filesystem::path> textureSearch_;
  std::unique_ptr<render::Renderer> renderer_;
  PresetSlot current_, outgoing_;
  preset::TransitionStep transition_;
  PresetProvider provider_;
  std::deque<EngineEvent> events_;
  std::function<void(const EngineEvent&)> eventListener_;
  double nextSwitchTime_ = -1.0;  // engine clock; negative: none scheduled
  double switchDue_ = -1.0;       // when the automatic switch under way was due
  double lastBeatCut_ = -1e9;
  std::uint64_t pendingTicket_ = 0;
  double pendingTransition_ = 0.0;
  SwitchReason pendingReason_ = SwitchReason::User;
  std::optional<PreparedPreset> ready_;
  // A live switch whose warp program is linked and whose comp program links next frame.
  std::optional<PresetSlot> staged_;
  double stagedTransition_ = 0.0;
  SwitchReason stagedReason_ = SwitchReason::User;
  std::vector<PresetSlot> retired_;
  render::FrameDraw frameDraw_;  // the frame advanced last (pointers into the slots' runtimes)
  bool frameStepped_ = false;    // advanced and not drawn yet
  bool frameDrawable_ = false;   // frameDraw_ still points at live states
  std::optional<double> nextFrameTime_;
  int lastTargetWidth_ = 640, lastTargetHeight_ = 480;
  std::uint64_t pendingRequestId_ = 0;  // the ticket of the load in flight, for its events
  render::ContextProbe probe_;
  int drawableWidth_ = 0, drawableHeight_ = 0;
  int meshX_ = kDefaultMeshX, meshY_ = kDefaultMeshY;
  double lastStepSeconds_ = 0.0, lastDrawSeconds_ = 0.0;
  std::uint64_t nonFiniteReported_ = 0;
  double nonFiniteReportTime_ = -1e9;
  // Last member: its thread must stop before anything it uses (globals, translations) is gone.
  PresetLoader loader_{globals_, translations_};
};

}  // namespace phosphene::engine
