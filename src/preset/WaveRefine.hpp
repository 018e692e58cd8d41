#pragma once
// MD2's SmoothWave (milkdropfs.cpp): one refinement step applied to every line wave before it is
// drawn. Between p[i] and p[i+1] it inserts (−0.15·p[i−1] + 1.15·p[i] + 1.15·p[i+1] −
// 0.15·p[i+2]) / 2, indices clamped to the ends, so n points become 2n − 1. The weights sum to
// 2.0 (MD2 divides by c1+c2+c3+c4), not 2.15.

#include <span>
#include <vector>

#include "preset/FrameState.hpp"

namespace phosphene::preset {

/// Appends the refined copy of `in` to `out`; returns the number of points appended (0 for an
/// empty input). Inserted points take the colour of the point before them, as in MD2.
std::size_t refineWave(std::span<const Vec2> in, std::vector<Vec2>& out);
std::size_t refineWave(std::span<const WavePoint> in, std::vector<WavePoint>& out);

}  // namespace phosphene::preset
