#pragma once
// What MD2 does to a preset's per-frame results after its per_frame code has run and before
// anything is drawn (milkdropfs.cpp RunPerFrameEquations): range checks, and during a preset
// blend the mix of the new preset's values with the old one's (spec §9, "Outputs").

#include "preset/FrameState.hpp"

namespace phosphene::preset {

/// MD2's range checks right after per_frame: gamma to 0..8, echo_zoom to 0.001..1000.
void applyPerFrameRangeChecks(FrameVars& vars);

/// MD2's CosineInterp: 0.5 − 0.5·cos(π·x), the mix used for per-frame values and wave morphs.
float cosineInterp(float x);

/// The snap point at which on/off values switch from old to new during a blend: −0.01 (new at
/// once) when only the old preset has a comp shader, 1.01 (old until the end) when only the new
/// one has, else 0.5. Outside blends MD2 uses 0.5 (e.g. `wrap > 0.5`).
float blendSnapPoint(bool oldHasCompShader, bool newHasCompShader);

/// Overwrites the mixable values of `current` (the new preset's) with
/// mix·current + (1 − mix)·old, mix = cosineInterp(progress), and switches the on/off values at
/// `snapPoint`. The motion variables, wave_mode and q are left alone (the motion blends through
/// the mesh texcoords; the wave mode morphs in BuiltinWaveform).
void blendPerFrameResults(FrameVars& current, const FrameVars& old, float progress,
                          float snapPoint);

}  // namespace phosphene::preset
