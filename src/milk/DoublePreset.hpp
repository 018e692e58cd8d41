#pragma once
// MilkDrop 3's `.milk2` double preset: two complete presets shown together, blended by a fixed
// pattern (drawn by the engine as a frozen transition: engine::PreparedPreset::blendFrom). Facts
// (MilkDrop3 README.md
// ".milk2 file mixing 2 presets"; MDropDX12 src/mDropDX12/engine_presets.cpp ParseMilk2File):
//  * a header of key=value lines before `[PRESET1_BEGIN]`: blending_pattern (a pattern name such
//    as "zoom", "side", "plasma", "cercle"), blending_progress (float, default 0.5),
//    blending_direction (integer, default 1), random_1..random_5 (floats); other header lines
//    (a "Created with MILKDROP 3.x" line, NAME=, sprite=) are ignored;
//  * the first preset's complete text between `[PRESET1_BEGIN]` and `[PRESET1_END]`, the second's
//    between `[PRESET2_BEGIN]` and `[PRESET2_END]`; MDropDX12 refuses the file when either half is
//    missing or empty;
//  * anything after `[PRESET2_END]` (sprite sections) is not part of either preset.
// Each half is read with parsePreset (MD2's key rules, MD3's 16 wave/shape slots).

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/Diagnostic.hpp"
#include "milk/Preset.hpp"

namespace phosphene::milk {

struct DoublePreset {
  std::string blendingPattern;  // as written; empty when absent
  float blendingProgress = 0.5f;
  int blendingDirection = 1;
  std::array<float, 5> random{};  // random_1..random_5 (0 when absent)
  bool hasRandom = false;         // at least one random_N line
  Preset first, second;
};

/// Whether the bytes look like a .milk2 file (they contain `[PRESET1_BEGIN]`).
bool isDoublePresetText(std::string_view bytes);

/// Reads a .milk2 text. Structural problems (a half missing, markers out of order or nested, a
/// half that is empty) are errors and give no result; problems inside a half are that half's
/// reader diagnostics, with section "preset1" / "preset2" and the line in the whole file. A slot
/// beyond MilkDrop 3's 16 waves or shapes (`wavecode_16_*`) is a warning.
std::optional<DoublePreset> parseDoublePreset(std::string_view bytes,
                                              core::Diagnostics& diagnostics);

}  // namespace phosphene::milk
