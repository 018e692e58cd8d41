#pragma once
// Preset mash-ups as MilkDrop 2 makes them: one new preset assembled from parts of up to five
// others. MD2's mash-up screen has five bins, each naming the preset one part is imported from
// (vis_milk2/plugin.cpp, UI_MASHUP: bin 0..4 -> STATE_GENERAL, STATE_MOTION, STATE_WAVE,
// STATE_WARP, STATE_COMP); CState::Import (state.cpp) decides which values each part carries.
// MilkDrop 3's shader randomising (its `!` and `@` keys) is the same import with one part
// changed: the warp or the comp shader of another preset over the running one.

#include <array>
#include <cstddef>

#include "milk/Preset.hpp"

namespace phosphene::milk {

/// The parts of a preset, in MD2's bin order.
enum class MashupPart : std::size_t {
  General = 0,  // decay, gamma, echo, brighten/darken/solarize/invert, fShader, blur ranges, rating
  Motion = 1,   // zoom, rot, centre, push, warp, stretch, wrap, darken-centre, borders, equations
  Waves = 2,    // the built-in waveform, motion vectors, custom waves and shapes
  WarpShader = 3,
  CompShader = 4,
};
inline constexpr std::size_t kMashupParts = 5;

/// The preset each part comes from (none may be null).
using MashupSources = std::array<const Preset*, kMashupParts>;

/// The mash-up of `sources`: every value of a part taken from the preset named for it. The file
/// version is the highest of the sources' (at least 201 when a shader part carries a shader, so
/// both shader versions survive writing: MD2 keeps m_nWarpPSVersion / m_nCompPSVersion apart).
Preset mashUp(const MashupSources& sources);

}  // namespace phosphene::milk
