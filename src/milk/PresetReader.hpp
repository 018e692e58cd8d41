#pragma once
// Reading .milk files: what MilkDrop 2's CState::Import (vis_milk2/state.cpp) would read, and a
// diagnostic (section "file", with the line) for everything it would ignore or repair.
//
// Reader quirks kept on purpose (spec §1.4; tests name the MD2 source):
//  * wave_r, wave_g, wave_b, wave_x, wave_y default to the current `rot` (0), not 1/1/1/0.5/0.5.
//  * mv_a defaults to (bMotionVectorsOn != 0), so a file with neither key has mv_a = 0.
//  * Booleans are read as integers (`%d`) and tested for non-zero: "0.9" is false.
//  * Code blocks stop at the first missing line number and at MD2's 32 KiB block limit; a line
//    whose whole value is "~!@#$" (MD2's missing-key marker) also ends its block.
//  * Duplicate keys, long lines, stray bytes: see KeyIndex.hpp.

#include <cstddef>
#include <filesystem>
#include <string_view>

#include "core/Diagnostic.hpp"
#include "core/Expected.hpp"
#include "milk/Preset.hpp"

namespace phosphene::milk {

/// Files above this size are refused by readPresetFile (the largest real preset is ~100 KiB).
inline constexpr std::size_t kMaxPresetFileBytes = 16u << 20;

/// Parses the bytes of a .milk file. Never fails: every byte sequence yields a Preset.
Preset parsePreset(std::string_view bytes, core::Diagnostics& diagnostics);

/// Reads and parses a file. Fails only when the file cannot be read or is too large; parse
/// warnings come with the value in diagnostics().
core::Expected<Preset> readPresetFile(const std::filesystem::path& path);

}  // namespace phosphene::milk
