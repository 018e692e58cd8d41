#pragma once
// The C API's limits as option ranges, so the CLI refuses what the library would refuse, with a
// message, before any work starts.

#include <phosphene/phosphene.h>

#include "OptionValue.hpp"

namespace phosphene::cli {

/// Frame and canvas sizes: 1..PHOSPHENE_MAX_DRAWABLE_SIZE each.
inline constexpr SizeRange kFrameSizeRange{
    {1, 1}, {PHOSPHENE_MAX_DRAWABLE_SIZE, PHOSPHENE_MAX_DRAWABLE_SIZE}};
/// Warp meshes: PHOSPHENE_MIN_MESH_X..PHOSPHENE_MAX_MESH_X by
/// PHOSPHENE_MIN_MESH_Y..PHOSPHENE_MAX_MESH_Y.
inline constexpr SizeRange kMeshRange{{PHOSPHENE_MIN_MESH_X, PHOSPHENE_MIN_MESH_Y},
                                      {PHOSPHENE_MAX_MESH_X, PHOSPHENE_MAX_MESH_Y}};

}  // namespace phosphene::cli
