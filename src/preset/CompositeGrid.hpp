#pragma once
// The mesh MD2 draws a comp shader on (plugin.cpp AllocateMyDX9Stuff "BUILD VERTEX LIST for final
// composite blit", milkdropfs.cpp ShowToUser_Shaders): FCGSX × FCGSY = 32 × 24 vertices whose
// middle row and column are doubled (i2 = i − i/(FCGSX/2)), so the seam of `ang` at the centre has
// its own vertices; u and v are pushed towards the edges by SquishToCenter(x, 3); rad is 1 at the
// screen corners and ang runs 0..2π counter-clockwise from three o'clock in UV space (v down), with
// MD2's fix-ups on the doubled row and column. The index list skips the doubled cells and splits
// each quadrant's cells along the diagonal that keeps `ang` smooth.
//
// Positions are GL clip space (y up); MD2's D3D half-texel shift of the positions is not applied
// (on GL a ±1 quad already maps pixel centres onto texel centres).

#include <array>
#include <cstdint>
#include <vector>

#include "preset/FrameState.hpp"

namespace phosphene::preset {

struct CompositeGrid {
  static constexpr int kColumns = 32;  // FCGSX
  static constexpr int kRows = 24;     // FCGSY
  struct Vertex {
    float x = 0.0f, y = 0.0f;  // clip space, y up
    float u = 0.0f, v = 0.0f;  // UV, v = 0 at the top
    float rad = 0.0f, ang = 0.0f;
  };
  std::vector<Vertex> vertices;        // kColumns·kRows, row j = 0 at the top (v = 0)
  std::vector<std::uint32_t> indices;  // (kColumns−2)·(kRows−2)·2 triangles
};

/// The grid for a canvas of the given size (its aspect decides rad).
CompositeGrid makeCompositeGrid(int canvasWidth, int canvasHeight);

/// MD2's SquishToCenter(x, exp).
float squishToCenter(float x, float exponent);

/// The hue_shader colour of every grid vertex: the four corner colours (render's
/// hueCornerColours, in MD2's order) interpolated by the vertex's clip position, then quantised
/// as D3DCOLOR_RGBA_01 does ((int)(c·255) / 255). RGB per vertex into `rgb` (resized).
void compositeHueColours(const CompositeGrid& grid,
                         const std::array<std::array<float, 3>, 4>& corners,
                         std::vector<float>& rgb);

/// The blend alpha of every grid vertex during a preset transition (spec §9, MD2 milkdropfs.cpp
/// ShowToUser_Shaders): a bilinear lookup, at the vertex's screen position, into the warp mesh's
/// per-vertex mix (`mesh.alpha`), so the composite blends with the warp's spatial pattern.
/// A mesh without alpha values gives 1 everywhere. Resizes `alpha` to the vertex count.
void compositeGridAlpha(const CompositeGrid& grid, const WarpMeshState& mesh,
                        std::vector<float>& alpha);

}  // namespace phosphene::preset
