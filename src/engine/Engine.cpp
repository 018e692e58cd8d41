#include "engine/Engine.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

#include "core/Diagnostic.hpp"
#include "gl/Capabilities.hpp"
#include "milk/PresetReader.hpp"

namespace phosphene::engine {

Engine::Engine(const EngineSettings& settings)
    : settings_(settings),
      pcm_(settings.pcmRingFrames),
      analyzer_(audio::AnalyzerSettings{.alignWaves = settings.alignWaves}),
      clock_(settings.fps),
      random_(settings.seed) {}

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
  clock_.advance(dt_s);
  pcm_.collect();
  reportInputProblems();
  const audio::FrameTiming timing{clock_.frame(), static_cast<float>(clock_.fps()), clock_.dt()};
  audio_ = analyzer_.analyze(pcm_.window(), timing);
  return true;
}

namespace {

// parsePreset accepts any bytes; a text without a single key=value line is not a preset at all,
// and running it would only show the defaults (a black screen the host cannot explain).
bool hasKeyValueLine(std::string_view text) {
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    const std::size_t eq = line.find('=');
    if (eq != std::string_view::npos && eq > 0 && line.find_first_not_of(" \t") < eq) return true;
    start = end + 1;
  }
  return false;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

Engine::LoadStatus Engine::loadPresetText(std::string_view text, std::string name) {
  presetDiagnostics_.clear();
  if (!hasKeyValueLine(text)) {
    presetDiagnostics_.push_back(
        core::makeDiagnostic(core::DiagnosticId::PresetNotAPreset, name + ": no key=value line"));
    setLastError(presetDiagnostics_.back().format());
    return LoadStatus::Invalid;
  }
  core::Diagnostics parseDiagnostics;
  milk::Preset preset = milk::parsePreset(text, parseDiagnostics);
  preset::Program program = preset::Program::compile(preset, globals_);
  presetDiagnostics_ = std::move(parseDiagnostics);
  presetDiagnostics_.insert(presetDiagnostics_.end(), program.diagnostics().begin(),
                            program.diagnostics().end());
  // A block that fails is left out and the rest runs, as in MD2: the host hears about it as a
  // warning, never as a silent black screen.
  for (const core::Diagnostic& d : presetDiagnostics_) {
    if (d.severity == core::Severity::Info) continue;
    logger_.log(core::LogLevel::Warning, name + ": " + d.format());
  }
  runtime_.emplace(std::move(program));
  stagesDirty_ = true;
  logger_.log(core::LogLevel::Info, "preset loaded: " + name);
  return LoadStatus::Ok;
}

Engine::LoadStatus Engine::loadPresetFile(const std::filesystem::path& path) {
  core::Expected<milk::Preset> read = milk::readPresetFile(path);
  if (!read) {
    presetDiagnostics_ = read.diagnostics();
    setLastError(path.string() + ": " +
                 (presetDiagnostics_.empty() ? std::string("cannot be read")
                                             : presetDiagnostics_.front().format()));
    return LoadStatus::IoError;
  }
  // Read the bytes again as text so both paths share one validity rule and one parser run.
  std::string bytes;
  if (FILE* f = std::fopen(path.string().c_str(), "rb")) {
    char buffer[65536];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) bytes.append(buffer, n);
    std::fclose(f);
  }
  return loadPresetText(bytes, path.filename().string());
}

void Engine::setDrawableSize(int width, int height) {
  drawableWidth_ = std::max(0, width);
  drawableHeight_ = std::max(0, height);
}

void Engine::setMeshSize(int meshX, int meshY) {
  meshX_ = std::clamp(meshX, 8, 320);
  meshY_ = std::clamp(meshY, 6, 240);
}

// Made in the first render call's context: the host, not the engine, owns contexts.
bool Engine::ensureRenderer() {
  if (renderer_) return true;
  core::Expected<gl::Capabilities> caps = gl::probeCapabilities();
  if (!caps) {
    setLastError(caps.diagnostics().empty() ? std::string("no usable GL context current")
                                            : caps.diagnostics().front().format());
    return false;
  }
  auto renderer = std::make_unique<render::Renderer>();
  const core::Diagnostics problems = renderer->init(caps->dialect());
  if (!problems.empty()) {
    setLastError("renderer initialisation failed: " + problems.front().format());
    return false;
  }
  std::array<float, 4> hue{};
  for (float& h : hue) h = static_cast<float>(random_.nextU64() % 100000) / 100000.0f;
  renderer->setHueRandom(hue);
  renderer_ = std::move(renderer);
  stagesDirty_ = true;
  return true;
}

bool Engine::renderFrameToCurrentFramebuffer(int width, int height, double dt_s) {
  if (!ensureRenderer()) return false;  // also proves a context is current
  GLint bound = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  return renderFrame({static_cast<GLuint>(bound), 0, width, height}, dt_s);
}

bool Engine::renderFrame(const render::RenderTarget& target, double dt_s) {
  if (target.width <= 0 || target.height <= 0) {
    setLastError("render target size must be positive");
    return false;
  }
  if (!ensureRenderer()) return false;
  if (!analyzeFrame(dt_s)) return false;
  if (!runtime_) {
    setLastError("no preset loaded");
    return false;
  }
  if (stagesDirty_) {
    const milk::Preset& p = runtime_->program().preset();
    renderer_->setStages(render::PresetStages::fromPsVersions(p.warpPsVersion, p.compPsVersion));
    stagesDirty_ = false;
  }
  preset::StepInputs inputs;
  inputs.meshX = meshX_;
  inputs.meshY = meshY_;
  inputs.canvasWidth = drawableWidth_ > 0 ? drawableWidth_ : target.width;
  inputs.canvasHeight = drawableHeight_ > 0 ? drawableHeight_ : target.height;
  inputs.trebleImm = audio_.imm[2];
  const auto stepStart = std::chrono::steady_clock::now();
  const preset::FrameState& frame = runtime_->step(audio_, clock_, inputs);
  lastStepSeconds_ = secondsSince(stepStart);
  const auto drawStart = std::chrono::steady_clock::now();
  const core::Diagnostics problems = renderer_->draw(frame, target);
  lastDrawSeconds_ = secondsSince(drawStart);
  if (!problems.empty()) {
    setLastError("render failed: " + problems.front().format());
    return false;
  }
  return true;
}

}  // namespace phosphene::engine
