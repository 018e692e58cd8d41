#pragma once
// Engine: one visualizer instance. It ties together the per-engine logger and last error, the PCM
// input, the audio analyser, the frame clock, the engine-wide EEL globals (reg00-reg99,
// gmegabuf: one set per engine, so two engines never share them), the current preset's Runtime
// and a render::Renderer made lazily in the host's GL context on the first render call.
// The C API is a thin skin over this class.
//
// Preset shaders: a load translates the warp and comp shader text (shader::TranslationCache, one
// per engine, so a text is translated once per process per engine) for the renderer's GLSL
// dialect, or for GLSL 330 while no renderer exists yet (the SPIR-V half, where translation
// errors come from, is shared by both dialects, so the ES text is then emitted from the cache).
// Translation failures are reported in presetDiagnostics() at load (SHD010 plus the cause). The
// renderer links the programs on the first frame drawn with the preset, in the GL context;
// compile/link failures on the driver are appended to presetDiagnostics() then (SHD011). A stage
// whose shader fails uses the built-in shader for that stage: never a black screen.
//
// Threads: pcm() is the producer side (audio thread); everything else is the controller side.

#include <cstddef>
#include <cstdint>
#include <filesystem>
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
#include "preset/Runtime.hpp"
#include "render/Renderer.hpp"
#include "shader/TranslationCache.hpp"

namespace phosphene::engine {

struct EngineSettings {
  double fps = 60.0;  // fixed-clock frame rate
  std::uint64_t seed = 0;
  std::size_t pcmRingFrames = audio::kDefaultRingFrames;
  bool alignWaves = true;  // MD2's AlignWaves (audio/WaveAligner.hpp)
};

class Engine {
 public:
  explicit Engine(const EngineSettings& settings = {});

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
  clock::Random& random() { return random_; }
  const EngineSettings& settings() const { return settings_; }

  /// Outcome of a preset load. On failure the current preset (if any) keeps running.
  enum class LoadStatus { Ok, IoError, Invalid };
  /// Parses and compiles a preset; blocks that do not compile are left out and reported as
  /// warnings (MD2 runs the rest). Diagnostics of the load: presetDiagnostics().
  LoadStatus loadPresetText(std::string_view text, std::string name = "<text>");
  LoadStatus loadPresetFile(const std::filesystem::path& path);
  const core::Diagnostics& presetDiagnostics() const { return presetDiagnostics_; }
  /// Folders searched for user and random textures (`sampler_clouds`, `sampler_rand00`), in
  /// order; the folder of a preset loaded from a file is searched after them, as in MD2.
  /// Applies from the next frame drawn (textures are resolved when the shaders link).
  void setTextureSearchPath(std::vector<std::filesystem::path> dirs);
  const std::vector<std::filesystem::path>& textureSearchPath() const { return textureSearch_; }
  /// The search path the current preset's textures are resolved with.
  std::vector<std::filesystem::path> effectiveTextureSearchPath() const;
  /// The translated shaders of the current preset (null: none, or not translatable).
  const render::PresetShaders& presetShaders() const { return shaders_; }
  shader::TranslationCache& translations() { return translations_; }
  bool hasPreset() const { return runtime_.has_value(); }
  const preset::Runtime* runtime() const { return runtime_ ? &*runtime_ : nullptr; }

  /// The canvas size the preset is computed for (0×0: the render target's size).
  void setDrawableSize(int width, int height);
  int drawableWidth() const { return drawableWidth_; }
  int drawableHeight() const { return drawableHeight_; }
  void setMeshSize(int meshX, int meshY);
  int meshX() const { return meshX_; }
  int meshY() const { return meshY_; }

  /// Analyses the frame's audio, steps the preset and draws it into `target` (GL context of the
  /// first render call current). Returns false with lastError set on failure.
  bool renderFrame(const render::RenderTarget& target, double dt_s);
  /// renderFrame into the draw framebuffer bound in the current context.
  bool renderFrameToCurrentFramebuffer(int width, int height, double dt_s);
  /// Seconds of the last renderFrame spent stepping the preset (CPU) and submitting GL.
  double lastStepSeconds() const { return lastStepSeconds_; }
  double lastDrawSeconds() const { return lastDrawSeconds_; }

  void setLastError(std::string message);
  void reportInputProblems();
  void clearLastError() { lastError_.clear(); }
  const std::string& lastError() const { return lastError_; }

 private:
  bool ensureRenderer();
  LoadStatus loadPreset(std::string_view text, std::string name, std::filesystem::path folder);
  void translatePresetShaders(shader::Dialect dialect, core::Diagnostics* report);
  void applyPresetShaders();
  EngineSettings settings_;
  core::Logger logger_;
  std::string lastError_;
  audio::PcmInput pcm_;
  audio::Analyzer analyzer_;
  audio::FrameAudio audio_;
  clock::FrameClock clock_;
  clock::Random random_;
  eel::Globals globals_;
  std::optional<preset::Runtime> runtime_;
  core::Diagnostics presetDiagnostics_;
  std::size_t loadDiagnosticCount_ = 0;  // those of the load; link diagnostics follow them
  shader::TranslationCache translations_;
  render::PresetShaders shaders_;
  std::vector<std::filesystem::path> textureSearch_;
  std::filesystem::path presetFolder_;  // of the current preset when loaded from a file
  bool stagesDirty_ = true;
  std::unique_ptr<render::Renderer> renderer_;
  int drawableWidth_ = 0, drawableHeight_ = 0;
  int meshX_ = 48, meshY_ = 36;
  double lastStepSeconds_ = 0.0, lastDrawSeconds_ = 0.0;
  std::uint64_t nonFiniteReported_ = 0;
  double nonFiniteReportTime_ = -1e9;
};

}  // namespace phosphene::engine
