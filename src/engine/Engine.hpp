#pragma once
// Engine: one visualizer instance. It owns the simulation (the per-engine logger and last error,
// the PCM input, the audio analyser, the frame clock, the engine-wide EEL globals, two preset
// slots, the one preset on its way in, the loader thread and the switching policy) and a
// render::SlotRenderer that keeps the slots' GPU state in the host's GL context. The C API is a
// thin skin over it. Loading and switching: EngineLoading.cpp; frames: EngineFrame.cpp.
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
#include "engine/EngineEvent.hpp"
#include "engine/EngineSettings.hpp"
#include "engine/EngineSprites.hpp"
#include "engine/FrameResult.hpp"
#include "engine/NativePreset.hpp"
#include "engine/PreparedPreset.hpp"
#include "engine/PresetLoader.hpp"
#include "engine/PresetSlot.hpp"
#include "message/MessageIni.hpp"
#include "message/Supertext.hpp"
#include "preset/BlendPattern.hpp"
#include "preset/Runtime.hpp"
#include "preset/TransitionStep.hpp"
#include "render/Renderer.hpp"
#include "render/SlotRenderer.hpp"
#include "shader/TranslationCache.hpp"

namespace phosphene::engine {

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
  bool loadPending() const { return incoming_.has_value(); }
  /// Blocks until the pending request (if any) is prepared; it starts on the next frame. Its
  /// outcome (Ok also when nothing is pending): a failure is reported at the next frame.
  LoadStatus waitForPendingLoad();
  /// waitForPendingLoad, then starts the preset now (unless a live switch stages its shaders over
  /// the next draws): its clock, switch schedule and events count from this frame, exactly as a
  /// synchronous load, so a preset started before the first frame is switched away from at
  /// duration, not one frame later.
  LoadStatus finishPendingLoad();

  /// Diagnostics of the running preset: its load and linking its shaders (a failed load's are
  /// in its PresetLoadFailed event).
  const core::Diagnostics& presetDiagnostics() const { return presetDiagnostics_; }
  /// Folders searched for user and random textures (`sampler_clouds`, `sampler_rand00`), in
  /// order; the folder of a preset loaded from a file is searched after them, as in MD2.
  /// Applies to presets linked from now on (textures are resolved when the shaders link).
  void setTextureSearchPath(std::vector<std::filesystem::path> dirs);
  /// The host's texture provider (render/TextureProvider.hpp), asked when slots link; null: none.
  void setTextureProvider(render::TextureProvider provider) {
    gpu_.setTextureProvider(std::move(provider));
  }
  const std::vector<std::filesystem::path>& textureSearchPath() const { return textureSearch_; }
  /// The search path the current preset's textures are resolved with.
  std::vector<std::filesystem::path> effectiveTextureSearchPath() const;
  /// The translated shaders of the current preset (null: none, or not translatable).
  const render::PresetShaders& presetShaders() const { return gpu_.shaders(current_.id); }
  shader::TranslationCache& translations() { return translations_; }
  bool hasPreset() const { return current_.runtime.has_value(); }
  const preset::Runtime* runtime() const { return current_.runtime ? &*current_.runtime : nullptr; }
  const std::string& presetName() const { return current_.name; }
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
  /// The warp's texel shift in texels (preset::MeshSpec; 0, 0 by default, MD2 on D3D9: 0.5).
  void setTexelOffset(float x, float y) {
    texelOffsetX_ = x;
    texelOffsetY_ = y;
  }
  float texelOffsetX() const { return texelOffsetX_; }
  float texelOffsetY() const { return texelOffsetY_; }
  /// On: each preset that starts (cut or blend) starts from a black canvas instead of the
  /// picture before it (the canvas is cleared at its first draw).
  void setStartClean(bool on) { startClean_ = on; }
  bool startClean() const { return startClean_; }
  /// Queues a host texture for the canvas at the next draw of a fresh frame (render::CanvasBurn).
  /// False when kMaxBurns are queued already.
  static constexpr std::size_t kMaxBurns = 16;
  bool burnTexture(const render::CanvasBurn& burn);
  /// The canvas the last draw left, RGBA8 rows top first (render::Renderer::readCanvas); the
  /// size alone (no GL) when `pixels` is null. NoContext when pixels are asked without one.
  FrameResult readCanvas(std::vector<std::uint8_t>* pixels, int& width, int& height);

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
  /// Forgets every GL object without a GL call (context lost, or none current at destruction);
  /// the next draw makes them again in the context then current.
  void releaseGl();
  /// Whether a GL context is current on this thread (cached look-up, cheap every frame).
  bool contextCurrent() { return probe_.current(); }
  /// Seconds of the last renderFrame spent stepping the preset(s) (CPU) and submitting GL.
  double lastStepSeconds() const { return lastStepSeconds_; }
  double lastDrawSeconds() const { return lastDrawSeconds_; }

  // User sprites (issue 35; EngineSprites.cpp). MD2's milk_img.ini sprites, drawn over every
  // frame after the composite; they survive preset switches, transitions and hard cuts.
  /// Reads a milk_img.ini (replacing the one read before; live sprites stay). False when the
  /// file cannot be read; `diagnostics` gets the file's problems either way.
  bool loadSpriteIniFile(const std::filesystem::path& path, core::Diagnostics& diagnostics);
  /// The same from text; relative img= paths are relative to `folder`.
  void loadSpriteIniText(std::string_view text, std::filesystem::path folder,
                         core::Diagnostics& diagnostics);
  const sprite::SpriteIni* spriteIni() const { return sprites_.ini ? &*sprites_.ini : nullptr; }
  /// Launches [imgNN] of the loaded ini (MD2's sprite keys); its id, or why not (no such
  /// sprite, image unreadable). Code that does not compile comes back as warnings.
  core::Expected<sprite::SpriteId> launchSprite(int number);
  /// Launches a sprite from the text of one ini section (img=, colorkey=, init_N, code_N).
  core::Expected<sprite::SpriteId> launchSpriteCode(std::string_view body,
                                                    std::filesystem::path folder = {});
  bool killSprite(sprite::SpriteId id);
  void killAllSprites();
  std::vector<sprite::SpriteId> spriteIds() const { return sprites_.set.ids(); }
  // --- Custom messages, song title, preset name (EngineMessages.cpp; MD2's supertext) ---
  /// Replaces the milk_msg.ini messages; the diagnostics of reading it (never fails).
  core::Diagnostics loadMessages(std::string_view iniText);
  const message::MessageSet& messages() const { return messages_; }
  /// MD2's LaunchCustomMessage: message n (0..99; negative: a random one). False when there is
  /// no such message. Replaces any message or title showing.
  bool launchMessage(int n);
  /// A message from the host, drawn as a milk_msg.ini message with font 0 of the loaded set.
  bool showMessage(const message::CustomMessage& message);
  /// MD2's LaunchSongTitleAnim with the host's title. False for an empty title.
  bool showSongTitle(std::string title);
  void setTitleStyle(const message::TitleStyle& style) { titleStyle_ = style; }
  const message::TitleStyle& titleStyle() const { return titleStyle_; }
  /// Stops the message or title showing (MD2's Ctrl+T / Ctrl+Y).
  void stopMessage() { supertext_.startTime = -1.0; }
  /// The message or title showing (startTime < 0: none).
  const message::Supertext& supertext() const { return supertext_; }
  /// The preset name in the upper-right corner for `seconds` from now.
  void showPresetName(double seconds);
  /// Always (MD2's bShowPresetInfo, F4), and for `onSwitchSeconds` after each preset starts.
  void setPresetNameDisplay(bool always, double onSwitchSeconds);
  const message::PresetNameDisplay& presetNameDisplay() const { return presetNameShown_; }
  /// The font messages, titles and the preset name are drawn with (a file, "built-in", or empty
  /// for the system's); as phosphene_overlay_desc.font_path. Set again (even the same one), a font
  /// that did not open is tried again.
  void setMessageFont(std::string font) {
    messageFont_ = std::move(font);
    ++messageFontSerial_;
  }

  void setLastError(std::string message);
  void reportInputProblems();
  const std::string& lastError() const { return lastError_; }

 private:
  LoadStatus loadNow(const PresetSource& source);
  /// Makes a prepared preset current (transition > 0: blended from the current one). False, with
  /// the failure reported, when it did not load.
  bool install(PreparedPreset prepared, double transitionSeconds, SwitchReason reason,
               std::uint64_t requestId);
  /// Reports a failed preparation (diagnostics, event, last error); true when it failed.
  bool reportIfFailed(const PreparedPreset& prepared, SwitchReason reason, std::uint64_t requestId);
  PresetSlot makeSlot(PreparedPreset prepared, std::uint64_t requestId);
  /// Whether `target` can be drawn into now (a positive size, a current context); the failure
  /// otherwise, with the last error set. Checked once per call path.
  FrameResult checkTarget(int width, int height, const char* what);
  /// draw() once checkTarget passed.
  FrameResult drawInContext(const render::RenderTarget& target);
  void start(PresetSlot slot, double transitionSeconds, SwitchReason reason);
  /// start() for a prepared preset; a .milk2 (PreparedPreset::blendFrom) starts as its two
  /// presets in a frozen transition.
  void startPrepared(PreparedPreset prepared, double transitionSeconds, SwitchReason reason,
                     std::uint64_t requestId);
  /// Runs a native preset's function on the per-frame values beginFrame returned.
  void runNative(PresetSlot& slot, preset::FrameVars& vars);
  /// Empties a slot; its GL objects go at the next draw, where the context is current.
  void retire(PresetSlot& slot);
  /// The slot with this id among the current, outgoing and staged ones (null: none).
  const PresetSlot* slotWithId(render::SlotId id) const;
  /// Logs the links a draw made; those of the current or staged preset join its diagnostics.
  void reportLinks(const std::vector<render::LinkReport>& links);
  FrameResult glFailure(core::Diagnostics problems, const char* what);
  /// An event about a prepared preset (the load in flight) or a preset in a slot.
  EngineEvent eventAbout(const PreparedPreset& prepared, EngineEvent::Type type,
                         SwitchReason reason, std::uint64_t requestId) const;
  EngineEvent eventAbout(const PresetSlot& slot, EngineEvent::Type type, SwitchReason reason) const;
  void servicePendingLoad();
  void applySwitchPolicy();
  void scheduleNextSwitch(double blendSeconds);
  /// The `progress` input of this frame (spec §3.1); also keeps a lock's start at now.
  double presetProgress();
  void endTransition();
  void checkBudget(PresetSlot& slot, bool outgoing);
  void emit(EngineEvent event);
  /// Steps the user sprites for this frame and hands their draws to `draw` (EngineSprites.cpp).
  void stepSprites(render::SlotFrameDraw& draw, const preset::StepInputs& inputs);
  core::Expected<sprite::SpriteId> launchDefinition(const sprite::SpriteDefinition& definition,
                                                    const std::filesystem::path& folder);
  void spriteEnded(sprite::SpriteId id, const char* how);
  void reportSpriteBudgetCut();
  void releaseUnusedSpriteImages();
  /// This frame's text layer (EngineMessages.cpp): what advance() hands the draw.
  const render::TextLayer* prepareTextLayer();
  /// A preset started: the preset name shows for the configured time.
  void notePresetStarted();

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
  eel::Globals globals_;
  EngineSprites sprites_{globals_};  // user sprites (issue 35)
  shader::TranslationCache translations_;
  core::Diagnostics presetDiagnostics_;
  std::vector<std::filesystem::path> textureSearch_;
  // Declared before the slots and the loader, whose ids and translations it is handed.
  render::SlotRenderer gpu_;
  render::SlotId lastSlotId_ = 0;
  // The renderer's randoms are drawn from random_ once, when the first preset is made, never at
  // a draw: when and how often a host draws cannot change what presets draw.
  bool rendererRandomsDrawn_ = false;
  PresetSlot current_, outgoing_;
  std::optional<Incoming> incoming_;
  preset::TransitionStep transition_;
  PresetProvider provider_;
  std::deque<EngineEvent> events_;
  std::function<void(const EngineEvent&)> eventListener_;
  double nextSwitchTime_ = -1.0;  // engine clock; negative: none scheduled
  double switchDue_ = -1.0;       // when the automatic switch under way was due
  double presetStartTime_ = 0.0;  // engine clock; where `progress` counts from
  double lastBeatCut_ = -1e9;
  render::SlotFrameDraw frameDraw_;  // the frame advanced last (pointers into the slots' runtimes)
  bool frameStepped_ = false;        // advanced and not drawn yet
  bool frameDrawable_ = false;       // frameDraw_ still points at live states
  std::optional<double> nextFrameTime_;
  int lastTargetWidth_ = 640, lastTargetHeight_ = 480;
  render::ContextProbe probe_;
  int drawableWidth_ = 0, drawableHeight_ = 0;
  int meshX_ = kDefaultMeshX, meshY_ = kDefaultMeshY;
  float texelOffsetX_ = 0.0f, texelOffsetY_ = 0.0f;
  bool startClean_ = false;
  bool clearCanvasPending_ = false;  // a preset started with startClean_: clear at the next draw
  std::vector<render::CanvasBurn> pendingBurns_, drawnBurns_;  // burnTexture: queued, this draw's
  double lastStepSeconds_ = 0.0, lastDrawSeconds_ = 0.0;
  std::uint64_t nonFiniteReported_ = 0;
  double nonFiniteReportTime_ = -1e9;
  // Messages and titles (EngineMessages.cpp): visualizer state, untouched by preset switches.
  message::MessageSet messages_;
  message::Supertext supertext_;
  std::uint64_t supertextSerial_ = 0;
  message::TitleStyle titleStyle_;
  message::PresetNameDisplay presetNameShown_;
  double presetNameOnSwitch_ = 0.0;
  std::string messageFont_;
  std::uint64_t messageFontSerial_ = 0;
  // Apart from random_: messages never change what presets draw. (settings_ is set by now.)
  clock::Random messageRandom_{settings_.seed ^ 0x6d73675f72616e64ULL};
  message::Supertext layerSupertext_;  // the copy this frame's text layer points at
  render::TextLayer textLayer_;
  // Last member: its thread must stop before anything it uses (globals, translations) is gone.
  PresetLoader loader_{globals_, translations_};
};

}  // namespace phosphene::engine
