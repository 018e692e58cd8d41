#include "LintShaderCheck.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "HeadlessContext.hpp"
#include "engine/PresetShaderTranslation.hpp"
#include "render/Renderer.hpp"

namespace phosphene::cli {
namespace {

struct Api {
  platform::GlApi api;
  gl::GlslDialect glDialect;
  shader::Dialect dialect;
  const char* label;
};
constexpr std::array<Api, 2> kApis{{
    {platform::GlApi::Core33, gl::GlslDialect::Glsl330Core, shader::Dialect::Glsl330, "GLSL 330"},
    {platform::GlApi::Es30, gl::GlslDialect::Glsl300Es, shader::Dialect::Glsl300es, "GLSL ES 300"},
}};

bool sameDiagnostic(const core::Diagnostic& a, const core::Diagnostic& b) {
  return a.id == b.id && a.message == b.message && a.section == b.section;
}

void appendUnique(core::Diagnostics& out, core::Diagnostic d) {
  if (std::none_of(out.begin(), out.end(),
                   [&](const core::Diagnostic& o) { return sameDiagnostic(o, d); }))
    out.push_back(std::move(d));
}

}  // namespace

const char* shaderStatusName(ShaderStatus s) {
  switch (s) {
    case ShaderStatus::None:
      return "none";
    case ShaderStatus::Ok:
      return "ok";
    case ShaderStatus::Failed:
      return "failed";
  }
  return "failed";
}

struct LintShaderCheck::State {
  struct PerApi {
    std::optional<platform::HeadlessContext> context;
    std::unique_ptr<render::Renderer> renderer;
  };
  std::array<PerApi, 2> apis;
  shader::TranslationCache translations;

  ~State() {
    // Each renderer's GL objects belong to its own context.
    for (PerApi& a : apis) {
      if (a.context && a.renderer) {
        a.context->makeCurrent();
        a.renderer.reset();
      }
    }
  }
};

LintShaderCheck::LintShaderCheck(std::unique_ptr<State> state) : state_(std::move(state)) {}
LintShaderCheck::LintShaderCheck(LintShaderCheck&&) noexcept = default;
LintShaderCheck& LintShaderCheck::operator=(LintShaderCheck&&) noexcept = default;
LintShaderCheck::~LintShaderCheck() = default;

core::Expected<LintShaderCheck> LintShaderCheck::create() {
  auto state = std::make_unique<State>();
  for (std::size_t i = 0; i < kApis.size(); ++i) {
    platform::HeadlessOptions options;
    options.api = kApis[i].api;
    auto context = platform::HeadlessContext::create(options);
    if (!context) return context.diagnostics();
    state->apis[i].context.emplace(std::move(*context));
    state->apis[i].context->makeCurrent();
    auto renderer = std::make_unique<render::Renderer>();
    const core::Diagnostics problems = renderer->init(kApis[i].glDialect);
    if (!problems.empty()) return problems;
    state->apis[i].renderer = std::move(renderer);
  }
  return LintShaderCheck(std::move(state));
}

ShaderCheckResult LintShaderCheck::check(const milk::Preset& preset,
                                         const std::filesystem::path& presetFolder,
                                         core::Diagnostics& out) {
  ShaderCheckResult result;
  const bool hasWarp = engine::hasPresetShader(preset, shader::Stage::Warp);
  const bool hasComp = engine::hasPresetShader(preset, shader::Stage::Comp);
  if (!hasWarp && !hasComp) return result;
  for (std::size_t i = 0; i < kApis.size(); ++i) {
    const Api& api = kApis[i];
    State::PerApi& slot = state_->apis[i];
    slot.context->makeCurrent();
    core::Diagnostics translation;
    engine::TranslatedPresetShaders t =
        engine::translatePresetShaders(preset, api.dialect, state_->translations, &translation);
    // Translation fails alike for both dialects nearly always (the HLSL half is shared): the same
    // failure is reported once.
    for (core::Diagnostic& d : translation) appendUnique(out, std::move(d));
    render::PresetShaders shaders;
    shaders.warp = t.warp;
    shaders.comp = t.comp;
    shaders.name = "lint";
    slot.renderer->setTextureSearchPath(
        {presetFolder / "textures", presetFolder / ".." / "textures", presetFolder});
    for (core::Diagnostic& d : slot.renderer->setPresetShaders(shaders)) {
      if (d.id == core::DiagnosticId::ShaderDriverRejected)
        d.message = std::string(api.label) + ": " + d.message;
      appendUnique(out, std::move(d));  // texture warnings: once, not once per dialect
    }
    const auto status = [](bool present, bool linked) {
      return !present ? ShaderStatus::None : linked ? ShaderStatus::Ok : ShaderStatus::Failed;
    };
    const ShaderStatus warp = status(hasWarp, slot.renderer->hasWarpShader());
    const ShaderStatus comp = status(hasComp, slot.renderer->hasCompShader());
    (i == 0 ? result.warp.glsl330 : result.warp.glsl300es) = warp;
    (i == 0 ? result.comp.glsl330 : result.comp.glsl300es) = comp;
  }
  return result;
}

}  // namespace phosphene::cli
