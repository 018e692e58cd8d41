#pragma once
// Built-in waveform pre-processing of spec §5.4 (MD2 milkdropfs.cpp RenderFrame): each channel is
// scaled by fWaveScale/128 and run through a one-pole low-pass, in place, once per frame before
// the built-in wave is drawn. Custom waves read the raw samples, not this copy.

#include <span>

namespace phosphene::preset {

/// s[0] ·= scale; s[i] = s[i]·scale·(1 − smoothing) + s[i−1]·smoothing, scale = waveScale/128.
void smoothWaveformChannel(std::span<float> samples, double waveScale, double smoothing);

}  // namespace phosphene::preset
