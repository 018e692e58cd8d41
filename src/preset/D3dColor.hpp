#pragma once
// MD2 packs every vertex colour channel as ((int)(c·255)) & 0xFF (milkdropfs.cpp: the
// D3DCOLOR_RGBA_01 macro, whose D3DCOLOR_RGBA masks each byte, and the custom wave/shape Diffuse
// code). Truncation plus the mask means out-of-range values WRAP instead of saturating
// (a = 1.2 → 306 & 255 = 50), which some presets rely on, so Phosphene reproduces it.

#include "preset/Truncate.hpp"

namespace phosphene::preset {

/// The 8-bit value MD2 stores for colour channel c.
inline int d3dChannelByte(double c) {
  return truncateToInt(c * 255.0) & 0xFF;
}

/// The same channel as the 0..1 float a shader receives.
inline float d3dChannel(double c) {
  return static_cast<float>(d3dChannelByte(c)) / 255.0f;
}

}  // namespace phosphene::preset
