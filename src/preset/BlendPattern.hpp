#pragma once
// The spatial pattern of a MilkDrop 2 transition (spec §9; vis_milk2/plugin.cpp
// RandomizeBlendPattern and GenPlasma): per warp-mesh vertex a pair (a, c) such that the vertex's
// mix at blend progress p is clamp(a·p + c, 0, 1) — 0 shows the outgoing preset, 1 the incoming.
// For every pattern but the uniform one a = (1 + band)/band and c = (t − 1)/band, with t ∈ [0, 1]
// the vertex's place in the pattern, so at p = 0 every vertex is fully old and at p = 1 fully new,
// and a band of width `band` sweeps across t in between.
//
// Vertex (i, j) is at index j·(gridX+1) + i, row j = 0 at the bottom, as in MeshGeometry (and as
// MD2's m_vertinfo, which follows m_verts). The random draws happen in MD2's order, from the
// engine's seeded source instead of rand().

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "clock/Random.hpp"

namespace phosphene::preset {

enum class BlendPatternType {
  Uniform,    // MD2's type 0: everywhere at once; exists, never chosen (half speed for shaders)
  Wipe,       // a straight edge at a random angle
  Plasma,     // midpoint-displacement clouds
  Radial,     // from the edges inwards (MD2's "outside-in")
  InsideOut,  // from the centre outwards
};

struct BlendPattern {
  BlendPatternType type = BlendPatternType::Uniform;
  int gridX = 0, gridY = 0;
  std::vector<float> a, c;  // per vertex

  /// clamp(a·progress + c, 0, 1) at `vertex`.
  float mixAt(std::size_t vertex, float progress) const;
};

/// MD2's random choice: wipe, plasma or radial with equal odds (radial half the time inside-out).
/// `aspectX`/`aspectY` are MD2's m_fAspectX/Y (≤ 1; MeshGeometry::aspectX/Y).
BlendPattern randomBlendPattern(int gridX, int gridY, float aspectX, float aspectY,
                                clock::Random& random);

/// One pattern type, with its own random parameters (tests, golden images, hosts that pick).
BlendPattern makeBlendPattern(BlendPatternType type, int gridX, int gridY, float aspectX,
                              float aspectY, clock::Random& random);

/// A MilkDrop 3 `.milk2` blend: the header of a double preset (milk::DoublePreset), frozen at
/// `progress` (0 shows the first preset, 1 the second). Facts (MilkDrop3 README; MDropDX12
/// src/mDropDX12/engine_presets.cpp ParseMilk2File, Milk2PatternNameToMixtype,
/// ApplyMilk2BlendPattern): preset 1 is the blend-from preset, preset 2 the blend-to; the
/// progress is frozen; each pattern name stands for one of the transition patterns; a `.milk2`
/// draws the same field at every load (MDropDX12 seeds it from the name and random_1..5).
struct Md3Blend {
  std::string pattern;  // blending_pattern as written
  double progress = 0.5;
  int direction = 1;  // < 0: the pattern's schedule reversed (the vertex first in is last)
  std::array<float, 5> random{};
  bool hasRandom = false;
};

/// The MD2 pattern type an MD3 pattern name is drawn with (case-insensitive), nullopt for the
/// names Phosphene does not draw (docs/compatibility.md lists them): zoom → uniform, side and
/// arrow → wipe, plasma/plasma2/plasma3 → plasma, cercle → radial; vertical and horizontal are
/// wipes at a fixed angle (left to right, top to bottom), reported as Wipe.
std::optional<BlendPatternType> md3PatternType(std::string_view name);

/// The per-vertex field of a `.milk2` blend for a grid: the MD2 pattern its name stands for,
/// drawn from a generator seeded by the name and random_1..5 (same file, same field), reversed
/// when direction < 0; an unsupported name gives the uniform blend.
BlendPattern makeMd3BlendPattern(const Md3Blend& blend, int gridX, int gridY, float aspectX,
                                 float aspectY);

}  // namespace phosphene::preset
