#pragma once
// How a warp or composite pass lands on what is already in its target during a preset transition
// (spec §9; MD2 milkdropfs.cpp RenderFrame / ShowToUser_Shaders): the outgoing preset's pass is
// drawn opaque, the incoming one on top with its per-vertex mix as alpha, and, when only the
// outgoing preset has a comp shader, that shader last with the mix inverted.
//
// Only RGB blends: the destination's alpha is kept, so a host reading RGBA back (or compositing
// our output) sees the same alpha with and without a transition.

#include <cstdint>

namespace phosphene::render {

enum class PassBlend : std::uint8_t {
  Opaque,        // overwrite (outside transitions, and the outgoing preset's pass)
  Alpha,         // src·α + dst·(1 − α)
  InverseAlpha,  // src·(1 − α) + dst·α
};

/// Sets GL's blend enable and functions for `blend` (GlStateGuard restores them).
void applyPassBlend(PassBlend blend);

}  // namespace phosphene::render
