#pragma once
// Which MilkDrop 3 features a preset uses. MilkDrop 3 reads MD2 presets unchanged and writes the
// same key layout (no version marker tells the two apart: MDropDX12 src/mDropDX12/state.cpp
// Export still writes MILKDROP_PRESET_VERSION=201), so a preset counts as a MilkDrop 3 preset by
// what it uses. Stages that differ between the two (q hand-offs, built-in wave modes, shape side
// limit) follow MilkDrop 3 only for such presets, so every MD2 preset runs exactly as in MD2.
//
// Facts (MilkDrop3 README.md; MDropDX12 md_defines.h / state.cpp / milkdropfs.cpp):
//  * 16 custom waves and 16 custom shapes instead of 4 (slots 4..15);
//  * q1..q64 instead of q1..q32 (README: "The q1-q32 variables have been expanded; the range is
//    now q1-q64"); MD2 has no built-in q33..q64, so a preset naming them means MD3;
//  * 16 built-in waveform modes (README: "8 new simple waveform (total of 16)"): nWaveMode ≥ 9
//    in the file. Mode 8 is not a marker: 12 projectm-data presets (MD2 ones) say
//    nWaveMode=8, which MD2 draws as mode 0;
//  * shapes with up to 500 sides (README: "Max shape sides increased to 500 points (from 100
//    originally)"): a file value above 100.

#include <string>
#include <string_view>
#include <vector>

#include "milk/Preset.hpp"

namespace phosphene::milk {

inline constexpr int kMd2QCount = 32;
inline constexpr int kMd3QCount = 64;
inline constexpr int kMd2WaveModes = 8;
inline constexpr int kMd3WaveModes = 16;
inline constexpr int kMd2MaxShapeSides = 100;
inline constexpr int kMd3MaxShapeSides = 500;

struct Milkdrop3Usage {
  int waveSlots = kMd2CustomWaves;    // usedWaveSlots: what the compiler sets up
  int shapeSlots = kMd2CustomShapes;  // usedShapeSlots
  // A slot above 3 that is enabled or has code. Seven projectm-data presets carry inert
  // `wavecode_4_*` / `shapecode_4_*` values (disabled, no code): those alone change nothing.
  bool extraWaves = false;
  bool extraShapes = false;
  bool qAbove32 = false;        // some equation or shader names q33..q64
  bool waveModeAbove8 = false;  // nWaveMode ≥ 9 in the file
  bool sidesAbove100 = false;   // some shapecode_K_sides > 100 in the file
  bool fftInShader = false;     // a shader calls get_fft / get_fft_hz (README: MD3 only)

  bool any() const {
    return extraWaves || extraShapes || qAbove32 || waveModeAbove8 || sidesAbove100 || fftInShader;
  }
  /// Short names of the features used ("waves>4", "shapes>4", "q33-q64", "wave_mode>8",
  /// "sides>100", "get_fft"), in that order; empty for an MD2 preset.
  std::vector<std::string> names() const;

  /// What the runtime uses for this preset: MD3's limits when any feature is used.
  int qCount() const { return any() ? kMd3QCount : kMd2QCount; }
  int waveModes() const { return any() ? kMd3WaveModes : kMd2WaveModes; }
  int maxShapeSides() const { return any() ? kMd3MaxShapeSides : kMd2MaxShapeSides; }
};

Milkdrop3Usage milkdrop3Usage(const Preset& preset);

/// Whether text names q33..q64 as a whole identifier (any case, as EEL and the shader macros
/// see it); `q330`, `aq40` and `q32` do not count.
bool namesQAbove32(std::string_view text);

}  // namespace phosphene::milk
