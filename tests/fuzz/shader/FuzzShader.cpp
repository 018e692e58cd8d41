// Arbitrary shader text -> translate: never crashes or hangs. The first byte picks the stage and
// dialect; the rest is the preset's shader text, capped at 16 KiB (the translator refuses more
// than 64 KiB anyway; glslang's time grows with the text, and small inputs explore more). A
// result is checked for what the renderer relies on.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "shader/Translator.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_shader: %s\n", what);
  std::abort();
}

constexpr std::size_t kMaxInput = 16u << 10;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace phosphene;
  if (size == 0 || size > kMaxInput) return 0;
  // One translator for the whole run keeps glslang's built-in tables warm (a fuzz harness may
  // hold process-wide state; the library does not).
  static const shader::Translator translator;
  const shader::Stage stage = (data[0] & 1) ? shader::Stage::Comp : shader::Stage::Warp;
  const shader::Dialect dialect =
      (data[0] & 2) ? shader::Dialect::Glsl300es : shader::Dialect::Glsl330;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const auto result = translator.translate(text, stage, 2, dialect);
  if (!result) {
    if (result.diagnostics().empty()) fail("failure without a diagnostic");
    for (const auto& d : result.diagnostics())
      if (d.line < 0) fail("negative line");
    return 0;
  }
  if (result->glsl.rfind("#version", 0) != 0) fail("GLSL without a #version line");
  if (result->maxBlurLevel < 0 || result->maxBlurLevel > 3) fail("blur level out of range");
  for (const auto& u : result->uniforms)
    if (u.glslName.empty()) fail("uniform without a GLSL name");
  return 0;
}
