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
#include <string>
#include <string_view>

#include "core/Diagnostic.hpp"
#include "core/Expected.hpp"
#include "milk/Preset.hpp"

namespace phosphene::milk {

/// Files above this size are refused by readPresetFile (the largest real preset is ~100 KiB).
inline constexpr std::size_t kMaxPresetFileBytes = 16u << 20;

/// Parses the bytes of a .milk file. Never fails: every byte sequence yields a Preset.
Preset parsePreset(std::string_view bytes, core::Diagnostics& diagnostics);

/// Whether `text` has at least one key=value line. A text without one is not a preset at all:
/// running it would only show the defaults (a black screen nobody can explain).
bool hasKeyValueLine(std::string_view text);

/// The bytes of a preset file, read as a stream (so pipes and special files work too), refused
/// above kMaxPresetFileBytes (MILK file-too-large) and when unreadable (IO001/IO002).
core::Expected<std::string> readPresetBytes(const std::filesystem::path& path);

/// Parses a whole preset text: PRE004 (error) when it has no key=value line, else the Preset with
/// the parse warnings in diagnostics(). `name` prefixes the error message.
core::Expected<Preset> parsePresetText(std::string_view text, std::string_view name);

/// The one way to read a preset file, used by the engine, lint, info and dump-state alike:
/// readPresetBytes, then parsePresetText.
core::Expected<Preset> readPresetFile(const std::filesystem::path& path);

}  // namespace phosphene::milk
