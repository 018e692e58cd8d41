#include "engine/Engine.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <fstream>
#include <string>
#include <utility>

#include "core/Diagnostic.hpp"
#include "engine/PresetShaderTranslation.hpp"
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
  return loadPreset(text, std::move(name), {});
}

Engine::LoadStatus Engine::loadPreset(std::string_view text, std::string name,
                                      std::filesystem::path folder) {
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
  // state.cpp RandomizePresetVars runs at every load; shader `time` counts from here.
  shaders_ = {};
  shaders_.random = preset::ShaderPresetRandom::draw(random_);
  shaders_.startTime = clock_.time();
  shaders_.name = name;
  presetFolder_ = std::move(folder);
  core::Diagnostics shaderReport;
  translatePresetShaders(
      renderer_ ? (renderer_->dialect() == gl::GlslDialect::Glsl300Es ? shader::Dialect::Glsl300es
                                                                      : shader::Dialect::Glsl330)
                : shader::Dialect::Glsl330,
      &shaderReport);
  for (const core::Diagnostic& d : shaderReport)
    logger_.log(core::LogLevel::Warning, name + ": " + d.format());
  presetDiagnostics_.insert(presetDiagnostics_.end(), shaderReport.begin(), shaderReport.end());
  loadDiagnosticCount_ = presetDiagnostics_.size();
  stagesDirty_ = true;
  logger_.log(core::LogLevel::Info, "preset loaded: " + name);
  return LoadStatus::Ok;
}

Engine::LoadStatus Engine::loadPresetFile(const std::filesystem::path& path) {
  // Read once, as a stream (so pipes work too), with the reader's size limit; the text then goes
  // through loadPresetText's one validity rule and one parse.
  auto fail = [&](core::DiagnosticId id, const std::string& message) {
    presetDiagnostics_ = {core::makeDiagnostic(id, message, "file")};
    setLastError(path.string() + ": " + presetDiagnostics_.front().format());
    return LoadStatus::IoError;
  };
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    return fail(core::DiagnosticId::IoOpenFailed, "cannot open '" + path.string() + "'");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(core::DiagnosticId::IoOpenFailed, "cannot open '" + path.string() + "'");
  std::string bytes;
  char buffer[65536];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    bytes.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (bytes.size() > milk::kMaxPresetFileBytes)
      return fail(core::DiagnosticId::MilkFileTooLarge,
                  "'" + path.string() + "' is larger than " +
                      std::to_string(milk::kMaxPresetFileBytes) + " bytes; not a preset");
  }
  if (in.bad())
    return fail(core::DiagnosticId::IoReadFailed, "cannot read '" + path.string() + "'");
  // A bare file name lives in the working directory: its folder is ".", not "" (which would
  // leave the preset's own folder off the texture search path).
  const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
  return loadPreset(bytes, path.filename().string(), folder);
}

void Engine::setTextureSearchPath(std::vector<std::filesystem::path> dirs) {
  textureSearch_ = std::move(dirs);
  stagesDirty_ = true;  // textures are resolved when the shaders link
}

// MD2 (plugin.cpp CShaderParams::CacheParams) looks in its textures folder, then in the folder of
// the preset: the configured path first, the preset's folder last.
std::vector<std::filesystem::path> Engine::effectiveTextureSearchPath() const {
  std::vector<std::filesystem::path> dirs = textureSearch_;
  if (!presetFolder_.empty() && std::find(dirs.begin(), dirs.end(), presetFolder_) == dirs.end())
    dirs.push_back(presetFolder_);
  return dirs;
}

void Engine::translatePresetShaders(shader::Dialect dialect, core::Diagnostics* report) {
  shaders_.warp.reset();
  shaders_.comp.reset();
  if (!runtime_) return;
  TranslatedPresetShaders t =
      engine::translatePresetShaders(runtime_->program().preset(), dialect, translations_, report);
  shaders_.warp = std::move(t.warp);
  shaders_.comp = std::move(t.comp);
}

// On the first frame drawn with a preset, in the GL context: emit the renderer's dialect (a cache
// hit when it was the one translated at load) and link.
void Engine::applyPresetShaders() {
  const milk::Preset& p = runtime_->program().preset();
  renderer_->setStages(render::PresetStages::fromPsVersions(p.warpPsVersion, p.compPsVersion));
  translatePresetShaders(renderer_->dialect() == gl::GlslDialect::Glsl300Es
                             ? shader::Dialect::Glsl300es
                             : shader::Dialect::Glsl330,
                         nullptr);
  renderer_->setTextureSearchPath(effectiveTextureSearchPath());
  const core::Diagnostics linkReport = renderer_->setPresetShaders(shaders_);
  presetDiagnostics_.resize(std::min(presetDiagnostics_.size(), loadDiagnosticCount_));  // relink
  for (const core::Diagnostic& d : linkReport) {
    logger_.log(d.severity == core::Severity::Info ? core::LogLevel::Info : core::LogLevel::Warning,
                shaders_.name + ": " + d.format());
    presetDiagnostics_.push_back(d);
  }
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
  renderer->setSeed(random_.nextU64());
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
    applyPresetShaders();
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
