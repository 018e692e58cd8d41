#pragma once
// preset::Program: a milk::Preset with all of its equation blocks compiled, once, into MilkDrop
// 2's code contexts (spec §3.2, eel2.md §10): one context for per_frame_init + per_frame, one
// for per_pixel, per custom wave one for init + per_frame and one for per_point, per custom shape
// one for init + per_frame. The contexts live here because a compiled eel::Program is bound to
// its context; the Runtime takes the whole Program over and runs it.
//
// Compiling never fails as a whole: a block that does not compile is left out (MD2 runs the rest
// of the preset without it, state.cpp RecompileExpressions) and reported. Every diagnostic names
// its block ("per_frame", "wave_2_per_point", ...) and the preset file's own line and column.

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "core/Diagnostic.hpp"
#include "eel/Eel.hpp"
#include "milk/Milkdrop3.hpp"
#include "milk/Preset.hpp"
#include "preset/VariableSlots.hpp"

namespace phosphene::preset {

/// One equation block after compilation.
struct CompiledBlock {
  std::string section;                  // "per_frame", "shape_0_init", ...
  bool present = false;                 // the preset has code here (after comment stripping)
  std::optional<eel::Program> program;  // set when present and compiled
  std::size_t chars = 0;                // length of the joined code

  bool failed() const { return present && !program; }
  bool runnable() const { return program.has_value(); }
};

struct PresetCode {
  std::unique_ptr<eel::Context> context;  // per_frame_init + per_frame
  PresetSlots slots;
  CompiledBlock init, perFrame;
};

struct VertexCode {
  std::unique_ptr<eel::Context> context;
  VertexSlots slots;
  CompiledBlock perPixel;
};

struct WaveCode {
  std::unique_ptr<eel::Context> frameContext;  // wave_K_init + wave_K_per_frame
  std::unique_ptr<eel::Context> pointContext;  // wave_K_per_point
  WaveFrameSlots frameSlots;
  WavePointSlots pointSlots;
  CompiledBlock init, perFrame, perPoint;
};

struct ShapeCode {
  std::unique_ptr<eel::Context> context;  // shape_K_init + shape_K_per_frame
  ShapeSlots slots;
  CompiledBlock init, perFrame;
};

class Program {
 public:
  /// Compiles every block of `preset` against new contexts that share `globals` (reg00-reg99
  /// and gmegabuf: engine-wide, spec §3.5). `globals` must outlive the Program.
  static Program compile(const milk::Preset& preset, eel::Globals& globals);

  Program(Program&&) noexcept = default;
  Program& operator=(Program&&) noexcept = default;
  ~Program() = default;

  const milk::Preset& preset() const { return preset_; }
  /// Every compile diagnostic (errors and warnings), in block order, with file positions, plus
  /// one PRE001 per block left out.
  const core::Diagnostics& diagnostics() const { return diagnostics_; }
  /// Number of blocks that did not compile (MD2 runs the preset without them).
  int failedBlocks() const { return failedBlocks_; }

  PresetCode& presetCode() { return presetCode_; }
  VertexCode& vertexCode() { return vertexCode_; }
  WaveCode& wave(int k) { return waves_[static_cast<std::size_t>(k)]; }
  ShapeCode& shape(int k) { return shapes_[static_cast<std::size_t>(k)]; }
  const PresetCode& presetCode() const { return presetCode_; }
  const VertexCode& vertexCode() const { return vertexCode_; }
  const WaveCode& wave(int k) const { return waves_[static_cast<std::size_t>(k)]; }
  const ShapeCode& shape(int k) const { return shapes_[static_cast<std::size_t>(k)]; }
  /// Wave and shape slots compiled (milk::usedWaveSlots: 4 for an MD2 preset, up to 16 for a
  /// MilkDrop 3 one). Slots past these have no contexts and never run.
  int waveCount() const { return waveCount_; }
  /// q variables bound and handed on: 32 (MD2), or 64 for a MilkDrop 3 preset.
  int qCount() const { return usage_.qCount(); }
  /// What MilkDrop 3 features the preset uses (decides q count, wave modes, shape sides).
  const milk::Milkdrop3Usage& milkdrop3() const { return usage_; }
  int shapeCount() const { return shapeCount_; }

 private:
  Program() = default;
  CompiledBlock compileBlock(const milk::CodeBlock& block, std::string section,
                             eel::Context& context);

  milk::Preset preset_;
  PresetCode presetCode_;
  VertexCode vertexCode_;
  std::array<WaveCode, milk::kMaxCustomWaves> waves_;
  std::array<ShapeCode, milk::kMaxCustomShapes> shapes_;
  milk::Milkdrop3Usage usage_;
  int waveCount_ = milk::kMd2CustomWaves;
  int shapeCount_ = milk::kMd2CustomShapes;
  core::Diagnostics diagnostics_;
  int failedBlocks_ = 0;
};

/// Where a compile diagnostic reported inside the joined text of `block` (line 1 = the first
/// line of that text) lies in the preset file: fills line/column from the code lines'
/// sourceLine (0 when the preset was built in memory: then the block's own line number is used).
void mapDiagnosticToFile(const milk::CodeBlock& block, core::Diagnostic& diagnostic);

}  // namespace phosphene::preset
