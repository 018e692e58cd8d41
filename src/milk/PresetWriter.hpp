#pragma once
// Writing .milk files that MilkDrop 2 reads back as the same preset. Layout follows MD2's
// CState::Export (vis_milk2/state.cpp): version lines, `[preset00]`, every value, the custom
// waves and shapes, then the code blocks, shader lines prefixed with a backtick. Unlike Export,
// floats are written in their shortest exact form, so read -> write -> read is lossless.

#include <filesystem>
#include <string>

#include "core/Diagnostic.hpp"
#include "milk/Preset.hpp"

namespace phosphene::milk {

struct WriteOptions {
  bool crlf = true;  // MD2 writes text-mode files on Windows; most real presets use CR LF
};

/// The .milk text of `preset`. Characters a .milk line cannot hold (CR, LF, NUL, 0xFF) in code
/// text are replaced by spaces and reported in `diagnostics` when given.
std::string writePreset(const Preset& preset, const WriteOptions& options = {},
                        core::Diagnostics* diagnostics = nullptr);

/// Writes `preset` to `path`; returns the diagnostics (IO003 when the file cannot be written).
core::Diagnostics writePresetFile(const Preset& preset, const std::filesystem::path& path,
                                  const WriteOptions& options = {});

}  // namespace phosphene::milk
