#include "preset/Program.hpp"

#include <utility>
#include <vector>

#include "milk/CodeText.hpp"
#include "preset/CustomShape.hpp"

namespace phosphene::preset {
namespace {

std::string waveSection(int k, const char* block) {
  return "wave_" + std::to_string(k) + "_" + block;
}
std::string shapeSection(int k, const char* block) {
  return "shape_" + std::to_string(k) + "_" + block;
}

bool onlyWhitespace(const std::string& s) {
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return false;
  return true;
}

}  // namespace

void mapDiagnosticToFile(const milk::CodeBlock& block, core::Diagnostic& d) {
  if (d.line <= 0 || d.column <= 0) return;
  const milk::JoinedCode joined = milk::joinEquations(block);
  // The engine counts lines by '\n' in the text it was given; the joined equation text normally
  // has none (MD2 deletes its line separators), but be exact if one slipped through.
  std::size_t lineStart = 0;
  for (int line = 1; line < d.line; ++line) {
    const std::size_t nl = joined.text.find('\n', lineStart);
    if (nl == std::string::npos) break;
    lineStart = nl + 1;
  }
  const milk::SourcePos pos = joined.locate(lineStart + static_cast<std::size_t>(d.column - 1));
  d.line = pos.line > 0 ? pos.line : pos.blockLine;
  d.column = pos.column;
}

CompiledBlock Program::compileBlock(const milk::CodeBlock& block, std::string section,
                                    eel::Context& context) {
  CompiledBlock out;
  out.section = std::move(section);
  const milk::JoinedCode joined = milk::joinEquations(block);
  out.chars = joined.text.size();
  if (joined.text.empty() || onlyWhitespace(joined.text)) return out;
  out.present = true;

  eel::CompileOptions options;
  options.section = out.section;
  options.firstLine = 1;
  core::Expected<eel::Program> compiled = eel::compile(joined.text, context, options);
  for (core::Diagnostic d : compiled.diagnostics()) {
    d.section = out.section;
    mapDiagnosticToFile(block, d);
    diagnostics_.push_back(std::move(d));
  }
  if (compiled.ok()) {
    out.program.emplace(std::move(compiled.value()));
  } else {
    ++failedBlocks_;
    const int firstLine = block.lines.empty() ? 0 : block.lines.front().sourceLine;
    diagnostics_.push_back(core::makeDiagnostic(
        core::DiagnosticId::PresetBlockSkipped,
        "'" + out.section + "' does not compile; it is left out and the rest of the preset runs",
        out.section, firstLine, 0));
  }
  return out;
}

Program Program::compile(const milk::Preset& preset, eel::Globals& globals) {
  Program p;
  p.preset_ = preset;
  p.usage_ = milk::milkdrop3Usage(preset);
  const int qCount = p.usage_.qCount();

  // Slots are bound before compiling so the built-ins exist in every context from the start, as
  // MD2 registers them before its compiles (state.cpp RegisterBuiltInVariables).
  p.presetCode_.context = std::make_unique<eel::Context>(globals);
  p.presetCode_.slots.bind(*p.presetCode_.context, qCount);
  p.vertexCode_.context = std::make_unique<eel::Context>(globals);
  p.vertexCode_.slots.bind(*p.vertexCode_.context, qCount);

  // MD2's compile order (RecompileExpressions): preset init, per_frame, per_pixel; then every
  // wave's init, per_frame, per_point; then every shape's init and per_frame.
  p.presetCode_.init =
      p.compileBlock(preset.perFrameInit, "per_frame_init", *p.presetCode_.context);
  p.presetCode_.perFrame = p.compileBlock(preset.perFrame, "per_frame", *p.presetCode_.context);
  p.vertexCode_.perPixel = p.compileBlock(preset.perPixel, "per_pixel", *p.vertexCode_.context);

  p.waveCount_ = p.usage_.waveSlots;
  p.shapeCount_ = p.usage_.shapeSlots;
  for (int k = 0; k < p.waveCount_; ++k) {
    const milk::CustomWave& src = preset.waves[static_cast<std::size_t>(k)];
    WaveCode& w = p.waves_[static_cast<std::size_t>(k)];
    w.frameContext = std::make_unique<eel::Context>(globals);
    w.pointContext = std::make_unique<eel::Context>(globals);
    w.frameSlots.bind(*w.frameContext, qCount);
    w.pointSlots.bind(*w.pointContext, qCount);
    w.init = p.compileBlock(src.init, waveSection(k, "init"), *w.frameContext);
    w.perFrame = p.compileBlock(src.perFrame, waveSection(k, "per_frame"), *w.frameContext);
    w.perPoint = p.compileBlock(src.perPoint, waveSection(k, "per_point"), *w.pointContext);
  }
  for (int k = 0; k < p.shapeCount_; ++k) {
    const milk::CustomShape& src = preset.shapes[static_cast<std::size_t>(k)];
    ShapeCode& s = p.shapes_[static_cast<std::size_t>(k)];
    s.context = std::make_unique<eel::Context>(globals);
    s.slots.bind(*s.context, qCount);
    s.init = p.compileBlock(src.init, shapeSection(k, "init"), *s.context);
    s.perFrame = p.compileBlock(src.perFrame, shapeSection(k, "per_frame"), *s.context);
    if (src.enabled != 0 && src.instances > kMaxShapeInstances) {
      p.diagnostics_.push_back(core::makeDiagnostic(
          core::DiagnosticId::PresetInstancesCapped,
          "shape " + std::to_string(k) + " asks for " + std::to_string(src.instances) +
              " instances; only " + std::to_string(kMaxShapeInstances) + " are run",
          shapeSection(k, "per_frame")));
    }
  }
  return p;
}

}  // namespace phosphene::preset
