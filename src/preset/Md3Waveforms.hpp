#pragma once
// MilkDrop 3's built-in waveform modes 8..15 (MilkDrop3 README: "8 new simple waveform (total of
// 16)"). MilkDrop 3's own drawing code is not published; the formulas are those of its DirectX 12
// descendant MDropDX12 (src/mDropDX12/milkdropfs.cpp DrawWave, cases 8..15, the ones marked
// "MilkDrop2077"), the same seven new modes projectM 4.1 ships (WaveformMode.hpp:
// Milkdrop2077Wave9 .. Milkdrop2077WaveLasso) plus MD2's own mode 8, which MD2's `% 8` never
// reached. Only presets that use MilkDrop 3 features get these modes (BuiltinWaveParams
// modeCount); an MD2 preset keeps MD2's `% 8`.

#include <span>

#include "preset/BuiltinWaveform.hpp"

namespace phosphene::preset {

inline constexpr int kMd3BuiltinWaveModes = 16;  // MilkDrop 3's NUM_WAVES

/// Vertices of MilkDrop 3 mode 8..15 into `out` (vertices, lineBreak, alpha). `mystery` is
/// wave_mystery (MD3 folds it only for modes 0, 1 and 4, as MD2), `alpha` wave_a after the
/// volume rule and before the clamp. Returns false for a mode outside 8..15.
bool generateMd3WaveVertices(int mode, const BuiltinWaveParams& p, float mystery, float alpha,
                             std::span<const float> left, std::span<const float> right,
                             RawWave& out);

}  // namespace phosphene::preset
