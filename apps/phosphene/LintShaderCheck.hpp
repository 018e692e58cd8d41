#pragma once
// `phosphene lint --compile-shaders`: each preset's translated warp and comp shaders compiled
// and linked by the real driver, through the same render::Renderer::setPresetShaders a render
// uses (translation, MilkDrop environment, texture look-up, link), on a headless OpenGL 3.3 core
// context and on an OpenGL ES 3.0 context. The two contexts live for the whole lint run; each
// preset only switches between them.

#include <filesystem>
#include <memory>

#include "core/Diagnostic.hpp"
#include "core/Expected.hpp"
#include "milk/Preset.hpp"
#include "shader/TranslationCache.hpp"

namespace phosphene::cli {

enum class ShaderStatus { None, Ok, Failed };
const char* shaderStatusName(ShaderStatus s);  // "none" / "ok" / "failed"

struct StageStatus {
  ShaderStatus glsl330 = ShaderStatus::None;
  ShaderStatus glsl300es = ShaderStatus::None;
};

struct ShaderCheckResult {
  StageStatus warp, comp;
};

class LintShaderCheck {
 public:
  /// Opens both headless contexts (GL001/GL002 when one cannot be had) and initialises a renderer
  /// in each.
  static core::Expected<LintShaderCheck> create();

  LintShaderCheck(LintShaderCheck&&) noexcept;
  LintShaderCheck& operator=(LintShaderCheck&&) noexcept;
  ~LintShaderCheck();

  /// Translates, compiles and links the preset's shaders for both dialects. Appends to `out`
  /// the translation failures (SHD010), the driver's compile/link failures (SHD011, naming the
  /// dialect) and the textures that are not found (TEX00x; the preset's folder, its textures/
  /// and ../textures are searched, as `phosphene render` does by default).
  ShaderCheckResult check(const milk::Preset& preset, const std::filesystem::path& presetFolder,
                          core::Diagnostics& out);

 private:
  struct State;
  explicit LintShaderCheck(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace phosphene::cli
